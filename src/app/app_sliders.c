/* app_sliders.c - the sampler's settings as sliders: ranges, steps, clamping. */
#include <math.h>
#include <stdio.h>

#include "app/app.h"
#include "app/labels.h"

#define SEED_MAX 99999.0

/* The sampler setting each slider moves (sampler.h's table gives its bar,
 * resolution and step); the seed is the explorer's own. A quiet slider's
 * row may be left out while its setting is off (app_slider_quiet). */
static const struct {
    int setting;
    int quiet;
} SLIDERS[] = {
    [SL_TEMPERATURE] = {SET_TEMPERATURE, 0},
    [SL_TOP_K] = {SET_TOP_K, 0},
    [SL_TOP_P] = {SET_TOP_P, 0},
    [SL_MIN_P] = {SET_MIN_P, 0},
    [SL_SEED] = {-1, 0},
    [SL_PENALTY] = {SET_REPETITION_PENALTY, 1},
};
_Static_assert(sizeof SLIDERS / sizeof SLIDERS[0] == SL_COUNT, "a setting (or -1) for every slider");

/* from 0, as generate's --seed: a seed the command line takes, the explorer takes */
static const SliderSpec SEED_SPEC = {.min = 0.0, .max = SEED_MAX, .has_bar = 0};

int app_slider_setting(SliderId id)
{
    return (unsigned)id < SL_COUNT ? SLIDERS[id].setting : -1;
}

int app_step_slider_quiet(const AppStepView *v, SliderId id)
{
    if ((unsigned)id >= SL_COUNT || !SLIDERS[id].quiet)
        return 0;
    return sampler_setting_off(&v->set, (SamplerSettingId)SLIDERS[id].setting);
}

int app_slider_quiet(const AppState *s, SliderId id) { return app_step_slider_quiet(&s->view, id); }

const char *app_slider_word(AppLang lang, SliderId id)
{
    int set = app_slider_setting(id);
    return set >= 0 ? app_setting_word(lang, (SamplerSettingId)set) : app_label_in(lang, LBL_SEED);
}

SliderSpec app_slider_spec(SliderId id)
{
    int set = app_slider_setting(id);
    if (set < 0)
        return SEED_SPEC;
    /* the bars are the table's (0 of top-k is off) */
    return (SliderSpec){.min = SAMPLER_SETTINGS[set].bar_lo, .max = SAMPLER_SETTINGS[set].bar_hi,
                        .has_bar = 1};
}

double app_step_slider_value(const AppStepView *v, SliderId id)
{
    int set = app_slider_setting(id);
    if (set >= 0)
        return sampler_setting_get(&v->set, (SamplerSettingId)set);
    return id == SL_SEED ? (double)v->seed : 0.0;
}

double app_slider_value(const AppState *s, SliderId id) { return app_step_slider_value(&s->view, id); }

/* Round to the slider's resolution, so that stepping up and down returns to
 * the same value and the display never shows 0.30000001. */
static double snap(double v, double resolution) { return round(v / resolution) * resolution; }

void app_slider_range_in(int vocab_size, SliderId id, double *lo, double *hi)
{
    SliderSpec sp = app_slider_spec(id);
    *lo = sp.min;
    *hi = sp.max;
    /* top-k's bar ends at 200, the sampler takes any k up to the vocabulary;
     * the penalty's at 3, the sampler takes up to 100 */
    int set = app_slider_setting(id);
    if (set >= 0 && SAMPLER_SETTINGS[set].to_vocab && vocab_size > *hi)
        *hi = (double)vocab_size;
    if (set >= 0 && SAMPLER_SETTINGS[set].past_bar)
        *hi = SAMPLER_SETTINGS[set].hi;
}

void app_slider_range(const AppState *s, SliderId id, double *lo, double *hi)
{
    app_slider_range_in(s->text.m->cfg.vocab_size, id, lo, hi);
}

int app_step_slider_set(AppStepView *sv, int vocab_size, SliderId id, double v)
{
    if (id < 0 || id >= SL_COUNT)
        return 0;
    double lo, hi;
    app_slider_range_in(vocab_size, id, &lo, &hi);
    v = v < lo ? lo : v > hi ? hi : v;
    int set = app_slider_setting(id);
    if (set >= 0) {
        const SamplerSetting *t = &SAMPLER_SETTINGS[set];
        sampler_setting_set(&sv->set, (SamplerSettingId)set,
                            t->integer ? v : snap(v, t->resolution));
    } else if (id == SL_SEED) {
        sv->seed = (uint64_t)llround(v);
        rng_seed(&sv->rng, sv->seed);
        return 1;
    }
    return 0;
}

void app_slider_set(AppState *s, SliderId id, double v)
{
    if (app_step_slider_set(&s->view, s->text.m->cfg.vocab_size, id, v))
        s->record.rng_draws = 0; /* the record counts the draws from the seed */
}

int app_step_slider_step(AppStepView *sv, int vocab_size, SliderId id, int dir)
{
    if (id < 0 || id >= SL_COUNT)
        return 0;
    double v = app_step_slider_value(sv, id);
    dir = dir < 0 ? -1 : 1;
    int set = app_slider_setting(id);
    v = set >= 0 ? sampler_setting_step((SamplerSettingId)set, v, dir) : v + dir;
    /* a key stops at the bar's end; a value set beyond it (top-k 500) moves from there */
    double old = app_step_slider_value(sv, id), end = app_slider_spec(id).max;
    if (old <= end && v > end)
        v = end;
    return app_step_slider_set(sv, vocab_size, id, v);
}

void app_slider_step(AppState *s, SliderId id, int dir)
{
    if (app_step_slider_step(&s->view, s->text.m->cfg.vocab_size, id, dir))
        s->record.rng_draws = 0;
}

void app_step_slider_format(const AppStepView *sv, SliderId id, char *out, size_t size)
{
    double v = app_step_slider_value(sv, id);
    if ((id == SL_TOP_K && v < 1) || app_step_slider_quiet(sv, id))
        snprintf(out, size, "%s", app_label_in(sv->lang, LBL_FILTER_OFF));
    else if (id == SL_TOP_K)
        app_format_count(sv->lang, (long)v, out, size);
    else if (id == SL_SEED) /* a name for a sequence of draws: its digits as typed */
        snprintf(out, size, "%.0f", v);
    else
        app_num(sv->lang, v, 2, out, size);
}

void app_slider_format(const AppState *s, SliderId id, char *out, size_t size)
{
    app_step_slider_format(&s->view, id, out, size);
}
