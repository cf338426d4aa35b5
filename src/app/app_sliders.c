/* app_sliders.c - the sampler's settings as sliders: ranges, steps, clamping. */
#include <math.h>
#include <stdio.h>

#include "app/app.h"
#include "app/labels.h"

#define SEED_MAX 99999.0

static const SliderSpec SPECS[SL_COUNT] = {
    [SL_TEMPERATURE] = {0.0, 2.0, 1},
    [SL_TOP_K] = {0.0, 200.0, 1}, /* 0 is off */
    [SL_TOP_P] = {0.05, 1.0, 1},
    [SL_MIN_P] = {0.0, 1.0, 1},
    [SL_SEED] = {1.0, SEED_MAX, 0},
};

const SliderSpec *app_slider_spec(SliderId id) { return &SPECS[id]; }

double app_slider_value(const AppState *s, SliderId id)
{
    switch (id) {
    case SL_TEMPERATURE: return s->set.temperature;
    case SL_TOP_K: return s->set.top_k;
    case SL_TOP_P: return s->set.top_p;
    case SL_MIN_P: return s->set.min_p;
    case SL_SEED: return (double)s->seed;
    case SL_COUNT: break;
    }
    return 0.0;
}

/* Round to the slider's resolution, so that stepping up and down returns to
 * the same value and the display never shows 0.30000001. */
static double snap(double v, double resolution) { return round(v / resolution) * resolution; }

void app_slider_range(const AppState *s, SliderId id, double *lo, double *hi)
{
    *lo = SPECS[id].min;
    *hi = SPECS[id].max;
    /* the bar ends at 200, the sampler takes any k up to the vocabulary */
    if (id == SL_TOP_K && s->m->cfg.vocab_size > *hi)
        *hi = (double)s->m->cfg.vocab_size;
}

void app_slider_set(AppState *s, SliderId id, double v)
{
    if (id < 0 || id >= SL_COUNT)
        return;
    double lo, hi;
    app_slider_range(s, id, &lo, &hi);
    v = v < lo ? lo : v > hi ? hi : v;
    switch (id) {
    case SL_TEMPERATURE: s->set.temperature = (float)snap(v, 0.01); break;
    case SL_TOP_K: s->set.top_k = (int)lround(v); break;
    case SL_TOP_P: s->set.top_p = (float)snap(v, 0.01); break;
    case SL_MIN_P: s->set.min_p = (float)snap(v, 0.01); break;
    case SL_SEED:
        s->seed = (uint64_t)llround(v);
        rng_seed(&s->rng, s->seed);
        break;
    case SL_COUNT: break;
    }
}

/* Min-p in hundredths up to 0.1, where it matters most, then in twentieths. */
static double min_p_step(double v, int dir)
{
    int fine = dir > 0 ? v < 0.1 - 1e-6 : v < 0.1 + 1e-6;
    return (fine ? 0.01 : 0.05) * dir;
}

/* Top-k steps grow with k: 1..10 one by one, then 5s to 50, then 10s. */
static int top_k_step(int k, int dir)
{
    if (dir > 0)
        return k < 10 ? k + 1 : k < 50 ? k + 5 : k + 10;
    return k <= 10 ? k - 1 : k <= 50 ? k - 5 : k - 10;
}

void app_slider_step(AppState *s, SliderId id, int dir)
{
    if (id < 0 || id >= SL_COUNT)
        return;
    double v = app_slider_value(s, id);
    dir = dir < 0 ? -1 : 1;
    switch (id) {
    case SL_TEMPERATURE: v += 0.1 * dir; break;
    case SL_TOP_K: v = top_k_step((int)v, dir); break;
    case SL_TOP_P: v += 0.05 * dir; break;
    case SL_MIN_P: v += min_p_step(v, dir); break;
    case SL_SEED: v += dir; break;
    case SL_COUNT: break;
    }
    /* a key stops at the bar's end; a value set beyond it (top-k 500) moves from there */
    double old = app_slider_value(s, id), end = SPECS[id].max;
    if (old <= end && v > end)
        v = end;
    app_slider_set(s, id, v);
}

void app_slider_format(const AppState *s, SliderId id, char *out, size_t size)
{
    double v = app_slider_value(s, id);
    if (id == SL_TOP_K && v < 1)
        snprintf(out, size, "%s", app_label(s, LBL_FILTER_OFF));
    else if (id == SL_TOP_K)
        app_format_count(s->lang, (long)v, out, size);
    else if (id == SL_SEED) /* a name for a sequence of draws: its digits as typed */
        snprintf(out, size, "%.0f", v);
    else
        app_num(s->lang, v, 2, out, size);
}
