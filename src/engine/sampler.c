/* sampler.c - the sampling stages and the chain that runs them (see sampler.h). */
#include "engine/sampler.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "engine/ops.h"

#ifdef __AVX512F__
#include <immintrin.h>
#endif

/* ---- the settings table ---- */

#define FIELD(f) offsetof(SamplerSettings, f)

/* top-k: 1..10 one by one, then 5s to 50, then 10s */
static double top_k_step(double v, int dir)
{
    int k = (int)v;
    if (dir > 0)
        return k < 10 ? k + 1 : k < 50 ? k + 5 : k + 10;
    return k <= 10 ? k - 1 : k <= 50 ? k - 5 : k - 10;
}

/* min-p in hundredths up to 0.1, where it matters most, then in twentieths */
static double min_p_step(double v, int dir)
{
    int fine = dir > 0 ? v < 0.1 - 1e-6 : v < 0.1 + 1e-6;
    return v + (fine ? 0.01 : 0.05) * dir;
}

const SamplerSetting SAMPLER_SETTINGS[SET_COUNT] = {
    [SET_TEMPERATURE] = {.name = "temperature", .flag = "--temperature", .arg = "T",
                         .json = "temperature",
                         .range_msg = "temperature must be a number in 0..100, not %g",
                         .field = FIELD(temperature), .lo = 0, .hi = 100, .def = 1, .off = 1,
                         .slider = 1, .bar_lo = 0, .bar_hi = 2, .resolution = 0.01, .step = 0.1,
                         .stage = STAGE_TEMPERATURE},
    [SET_TOP_K] = {.name = "top-k", .flag = "--top-k", .arg = "K", .json = "top_k",
                   .range_msg = "top-k must be an integer in 0..1000000, not %d",
                   .field = FIELD(top_k), .integer = 1, .lo = 0, .hi = 1000000, .def = 0, .off = 0,
                   .slider = 1, .bar_lo = 0, .bar_hi = 200, .to_vocab = 1, .resolution = 1,
                   .step_fn = top_k_step, .stage = STAGE_TOP_K},
    [SET_TOP_P] = {.name = "top-p", .flag = "--top-p", .arg = "P", .json = "top_p",
                   .range_msg = "top-p must be a number in (0, 1], not %g",
                   .field = FIELD(top_p), .lo = 0, .hi = 1, .lo_open = 1, .def = 1, .off = 1,
                   .slider = 1, .bar_lo = 0.05, .bar_hi = 1, .resolution = 0.01, .step = 0.05,
                   .stage = STAGE_TOP_P},
    [SET_MIN_P] = {.name = "min-p", .flag = "--min-p", .arg = "M", .json = "min_p",
                   .range_msg = "min-p must be a number in 0..1, not %g",
                   .field = FIELD(min_p), .lo = 0, .hi = 1, .def = 0, .off = 0,
                   .slider = 1, .bar_lo = 0, .bar_hi = 1, .resolution = 0.01, .step_fn = min_p_step,
                   .stage = STAGE_MIN_P},
    [SET_REPETITION_PENALTY] = {.name = "repetition-penalty", .flag = "--repetition-penalty",
                                .arg = "R", .json = "repetition_penalty",
                                .range_msg = "repetition-penalty must be a number in 1..100, not %g",
                                .field = FIELD(repetition_penalty), .lo = 1, .hi = 100, .def = 1,
                                .off = 1, .reads_text = 1, .slider = 1, .bar_lo = 1, .bar_hi = 3,
                                .past_bar = 1, .resolution = 0.01, .step = 0.1,
                                .stage = STAGE_REPETITION_PENALTY},
};

double sampler_setting_get(const SamplerSettings *s, SamplerSettingId id)
{
    const char *at = (const char *)s + SAMPLER_SETTINGS[id].field;
    return SAMPLER_SETTINGS[id].integer ? (double)*(const int *)at : (double)*(const float *)at;
}

void sampler_setting_set(SamplerSettings *s, SamplerSettingId id, double v)
{
    char *at = (char *)s + SAMPLER_SETTINGS[id].field;
    if (SAMPLER_SETTINGS[id].integer)
        *(int *)at = (int)lround(v);
    else
        *(float *)at = (float)v;
}

int sampler_setting_off(const SamplerSettings *s, SamplerSettingId id)
{
    return sampler_setting_get(s, id) == (double)(float)SAMPLER_SETTINGS[id].off;
}

int sampler_settings_same(const SamplerSettings *a, const SamplerSettings *b)
{
    for (int i = 0; i < SET_COUNT; i++)
        if (sampler_setting_get(a, (SamplerSettingId)i) != sampler_setting_get(b, (SamplerSettingId)i))
            return 0;
    return 1;
}

int sampler_setting_find(const char *word)
{
    for (int i = 0; i < SET_COUNT; i++)
        if (strcmp(word, SAMPLER_SETTINGS[i].name) == 0 || strcmp(word, SAMPLER_SETTINGS[i].flag) == 0)
            return i;
    return -1;
}

double sampler_setting_step(SamplerSettingId id, double v, int dir)
{
    const SamplerSetting *t = &SAMPLER_SETTINGS[id];
    dir = dir < 0 ? -1 : 1;
    return t->step_fn ? t->step_fn(v, dir) : v + t->step * dir;
}

SamplerSettings sampler_defaults(void)
{
    SamplerSettings s = {.penalize_punctuation = 0};
    for (int i = 0; i < SET_COUNT; i++)
        sampler_setting_set(&s, (SamplerSettingId)i, SAMPLER_SETTINGS[i].def);
    return s;
}

int sampler_settings_check(const SamplerSettings *s, TsErr *err)
{
    /* NaN fails both comparisons: refused too */
    for (int i = 0; i < SET_COUNT; i++) {
        const SamplerSetting *t = &SAMPLER_SETTINGS[i];
        double v = sampler_setting_get(s, (SamplerSettingId)i);
        int low_ok = t->lo_open ? v > t->lo : v >= t->lo;
        if (low_ok && v <= t->hi)
            continue;
        if (t->integer)
            return ts_fail(err, t->range_msg, (int)v);
        return ts_fail(err, t->range_msg, v);
    }
    return 0;
}

/* ---- the stages table ---- */

#define BUF(f) offsetof(SamplerState, f)

const SamplerStageInfo SAMPLER_STAGES[STAGE_COUNT] = {
    [STAGE_MODEL] = {.name = "model", .buffer = BUF(model), .setting = -1},
    [STAGE_REPETITION_PENALTY] = {.name = "repetition_penalty", .buffer = BUF(penalized_probs),
                                  .setting = SET_REPETITION_PENALTY},
    [STAGE_TEMPERATURE] = {.name = "temperature", .head = 't', .buffer = BUF(probs),
                           .setting = SET_TEMPERATURE},
    [STAGE_TOP_K] = {.name = "top_k", .head = 'k', .buffer = BUF(top_k), .setting = SET_TOP_K},
    [STAGE_TOP_P] = {.name = "top_p", .head = 'p', .buffer = BUF(top_p), .setting = SET_TOP_P},
    [STAGE_MIN_P] = {.name = "min_p", .head = 'm', .buffer = BUF(min_p), .setting = SET_MIN_P},
    [STAGE_FORM_MASK] = {.name = "form_mask", .head = 'f', .buffer = BUF(masked), .setting = -1},
    [STAGE_FINAL] = {.name = "final", .buffer = BUF(final), .setting = -1},
};

/* The [V] buffers: every stage's, then the two the chain works in. */
enum { N_BUFFERS = STAGE_COUNT + 2 };

static float **buffer_at(SamplerState *s, int i)
{
    size_t off = i < STAGE_COUNT ? SAMPLER_STAGES[i].buffer : i == STAGE_COUNT ? BUF(penalized) : BUF(scaled);
    return (float **)(void *)((char *)s + off);
}

static float *stage_out(SamplerState *s, SamplerStage k) { return *buffer_at(s, (int)k); }

int sampler_init(SamplerState *s, int V, TsErr *err)
{
    *s = (SamplerState){0};
    if (V <= 0)
        return ts_fail(err, "sampler: vocabulary size must be positive, not %d", V);
    s->V = V;
    for (int i = 0; i < N_BUFFERS; i++) {
        float **b = buffer_at(s, i);
        *b = ts_alloc_floats((size_t)V, err);
        if (!*b) {
            sampler_free(s);
            return -1;
        }
    }
    s->exempt = ts_calloc((size_t)V, 1, err);
    s->scratch = s->exempt ? ts_calloc(2 * (size_t)V, sizeof(int), err) : NULL;
    if (!s->scratch) {
        sampler_free(s);
        return -1;
    }
    return 0;
}

void sampler_exempt_punctuation(SamplerState *s, const Vocab *v)
{
    const uint32_t marks[] = {0xFF0C /* ， */, 0x3002 /* 。 */, '\n'};
    for (size_t i = 0; i < sizeof marks / sizeof marks[0]; i++) {
        int id = vocab_id(v, marks[i]);
        if (id >= 0 && id < s->V)
            s->exempt[id] = 1;
    }
}

void sampler_free(SamplerState *s)
{
    for (int i = 0; i < N_BUFFERS; i++)
        free(*buffer_at(s, i));
    free(s->exempt);
    free(s->scratch);
    *s = (SamplerState){0};
}

/* Sums over the vocabulary run in 16 fixed lanes, added up in order at the
 * end: the compiler can vectorise them, and the result is the same number
 * on every machine. (One running sum would wait on every addition.) */
enum { LANES = 16 };

static double lanes_total(const double *lane)
{
    double s = 0.0;
    for (int j = 0; j < LANES; j++)
        s += lane[j];
    return s;
}

static double sum_lanes(const float *x, int n)
{
    double lane[LANES] = {0};
    int i = 0;
    for (; i + LANES <= n; i += LANES)
        for (int j = 0; j < LANES; j++)
            lane[j] += x[i + j];
    for (int j = 0; i + j < n; j++)
        lane[j] += x[i + j];
    return lanes_total(lane);
}

void sampler_repetition_penalty(float *out, const float *in, int V, const int *recent, size_t n,
                                float penalty, const uint8_t *exempt)
{
    if (out != in)
        memcpy(out, in, (size_t)V * sizeof *out);
    if (penalty == 1.0f)
        return;
    /* Computed from `in`, not `out`, so a character that occurs many times is
     * penalised once, like one that occurs once. */
    for (size_t j = 0; j < n; j++) {
        int t = recent[j];
        if (t < 0 || t >= V || (exempt && exempt[t]))
            continue;
        out[t] = in[t] > 0.0f ? in[t] / penalty : in[t] * penalty;
    }
}

void sampler_temperature(float *out, const float *in, int V, float temperature)
{
    if (temperature >= SAMPLER_MIN_TEMPERATURE) {
        float inv = 1.0f / temperature;
        for (int i = 0; i < V; i++)
            out[i] = in[i] * inv;
        return;
    }
    int best = 0;
    for (int i = 1; i < V; i++)
        if (in[i] > in[best])
            best = i;
    for (int i = 0; i < V; i++)
        out[i] = i == best ? in[i] : -INFINITY;
}

/* out[i] = (d < -87 ? 0 : ts_expf(d)) with d = in[i] - maxv, for whole rows of
 * 16 from the start; returns how many it did (the rest: the caller). With
 * AVX-512 each of ts_expf's operations is done on 16 at once, one by one as
 * written there (a multiply and an add stay two roundings, as the build's
 * -std=c11 keeps them), so every number is the one ts_expf gives; compilers
 * left this loop masked and three times slower. */
static int exp_rows(float *restrict out, const float *restrict in, int V, float maxv)
{
    int i = 0;
#ifdef __AVX512F__
    const __m512 vmax = _mm512_set1_ps(maxv), lo = _mm512_set1_ps(-87.0f),
                 hi = _mm512_set1_ps(88.0f), log2e = _mm512_set1_ps(1.44269504088896341f),
                 shifter = _mm512_set1_ps(12582912.0f), ln2_hi = _mm512_set1_ps(0.693145751953125f),
                 ln2_lo = _mm512_set1_ps(1.428606765330187e-06f), zero = _mm512_setzero_ps();
    const __m512 c[7] = {_mm512_set1_ps(1.0f / 720.0f), _mm512_set1_ps(1.0f / 120.0f),
                         _mm512_set1_ps(1.0f / 24.0f),  _mm512_set1_ps(1.0f / 6.0f),
                         _mm512_set1_ps(0.5f),          _mm512_set1_ps(1.0f),
                         _mm512_set1_ps(1.0f)};
    for (; i + LANES <= V; i += LANES) {
        __m512 d = _mm512_sub_ps(_mm512_loadu_ps(in + i), vmax);
        /* x = max(d, -87) then min(x, 88), NaN becoming -87 as in ts_expf */
        __m512 x = _mm512_mask_blend_ps(_mm512_cmp_ps_mask(d, lo, _CMP_GT_OQ), lo, d);
        x = _mm512_mask_blend_ps(_mm512_cmp_ps_mask(x, hi, _CMP_LT_OQ), hi, x);
        __m512 n = _mm512_sub_ps(_mm512_add_ps(_mm512_mul_ps(x, log2e), shifter), shifter);
        __m512 r = _mm512_sub_ps(x, _mm512_mul_ps(n, ln2_hi));
        r = _mm512_sub_ps(r, _mm512_mul_ps(n, ln2_lo));
        __m512 p = _mm512_set1_ps(1.0f / 5040.0f);
        for (int k = 0; k < 7; k++)
            p = _mm512_add_ps(_mm512_mul_ps(p, r), c[k]);
        __m512i bits = _mm512_slli_epi32(
            _mm512_add_epi32(_mm512_cvttps_epi32(n), _mm512_set1_epi32(127)), 23);
        __m512 e = _mm512_mul_ps(p, _mm512_castsi512_ps(bits));
        /* NaN stays NaN; below -87 exactly 0 */
        e = _mm512_mask_blend_ps(_mm512_cmp_ps_mask(d, d, _CMP_ORD_Q), d, e);
        e = _mm512_mask_blend_ps(_mm512_cmp_ps_mask(d, lo, _CMP_LT_OQ), e, zero);
        _mm512_storeu_ps(out + i, e);
    }
#else
    (void)out;
    (void)in;
    (void)V;
    (void)maxv;
#endif
    return i;
}

/* The softmax of in, whose maximum (ts_maxf(in, V, -INFINITY)) is maxv. */
static void softmax_max(float *out, const float *in, int V, float maxv)
{
    if (maxv == -INFINITY) {
        /* Nothing has a finite score: no distribution; renormalise reports it. */
        for (int i = 0; i < V; i++)
            out[i] = 0.0f;
        return;
    }
    if (maxv == INFINITY) {
        /* A tiny temperature can overflow the top scores to +inf: they share
         * the probability, as the limit of the softmax would. */
        for (int i = 0; i < V; i++)
            out[i] = in[i] == INFINITY ? 1.0f : 0.0f;
    } else {
        /* Below e^-87 ts_expf clamps instead of reaching 0; take it as
         * exactly 0, so a -inf score (greedy, a blocked logit) has
         * probability 0 and is never counted as kept. */
        int i = exp_rows(out, in, V, maxv);
        for (; i < V; i++) {
            float d = in[i] - maxv;
            out[i] = d < -87.0f ? 0.0f : ts_expf(d);
        }
    }
    float inv = (float)(1.0 / sum_lanes(out, V)); /* the sum >= 1: the maximum gives e^0 */
    for (int i = 0; i < V; i++)
        out[i] *= inv;
}

void sampler_softmax(float *out, const float *in, int V)
{
    softmax_max(out, in, V, ts_maxf(in, V, -INFINITY));
}

/* sampler_temperature at a temperature that divides, and the maximum of its
 * output, in one pass: the lanes take the maximum exactly as ts_maxf does
 * (the same comparisons in the same order, so even a tie of 0 and -0 ends
 * the same), and the softmax after it need not read the scores again. */
static float temperature_max(float *restrict out, const float *restrict in, int V,
                             float temperature)
{
    float inv = 1.0f / temperature, lane[LANES];
    int i = 0;
#ifdef __AVX512F__
    /* compilers leave the lanes' comparisons scalar; this is the same
     * comparison (x > lane, false for NaN) on all 16 at once */
    __m512 vinv = _mm512_set1_ps(inv), vmax = _mm512_set1_ps(-INFINITY);
    for (; i + LANES <= V; i += LANES) {
        __m512 x = _mm512_mul_ps(_mm512_loadu_ps(in + i), vinv);
        _mm512_storeu_ps(out + i, x);
        vmax = _mm512_mask_blend_ps(_mm512_cmp_ps_mask(x, vmax, _CMP_GT_OQ), vmax, x);
    }
    _mm512_storeu_ps(lane, vmax);
#else
    for (int j = 0; j < LANES; j++)
        lane[j] = -INFINITY;
    for (; i + LANES <= V; i += LANES)
        for (int j = 0; j < LANES; j++) {
            float x = in[i + j] * inv;
            out[i + j] = x;
            lane[j] = x > lane[j] ? x : lane[j];
        }
#endif
    float m = -INFINITY;
    for (; i < V; i++) {
        out[i] = in[i] * inv;
        m = out[i] > m ? out[i] : m;
    }
    for (int j = 0; j < LANES; j++)
        m = lane[j] > m ? lane[j] : m;
    return m;
}

int sampler_before(const float *probs, int a, int b)
{
    return probs[a] > probs[b] || (probs[a] == probs[b] && a < b);
}

/* Restore the heap below root in order[0..n): a max-heap by "comes later",
 * so its top is the id that sorts last (the worst of them). */
static void sift_down(int *order, const float *probs, int root, int n)
{
    for (;;) {
        int child = 2 * root + 1;
        if (child >= n)
            return;
        if (child + 1 < n && sampler_before(probs, order[child], order[child + 1]))
            child++;
        if (!sampler_before(probs, order[root], order[child]))
            return;
        int t = order[root];
        order[root] = order[child];
        order[child] = t;
        root = child;
    }
}

/* Turn the heap order[0..n) into sorted order: its top, the last id, goes
 * to the end again and again. */
static void heap_to_sorted(int *order, const float *probs, int n)
{
    for (int end = n - 1; end > 0; end--) {
        int t = order[0];
        order[0] = order[end];
        order[end] = t;
        sift_down(order, probs, 0, end);
    }
}

void sampler_sort(int *order, const float *probs, int V)
{
    /* Heapsort: O(V log V) with no allocation and no global comparator state
     * (qsort would need the probabilities through a global). */
    for (int i = 0; i < V; i++)
        order[i] = i;
    for (int i = V / 2 - 1; i >= 0; i--)
        sift_down(order, probs, i, V);
    heap_to_sorted(order, probs, V);
}

void sampler_sort_prefix(int *order, const float *probs, int V, int n)
{
    if (n >= V / 4) {
        sampler_sort(order, probs, V);
        return;
    }
    if (n <= 0)
        return;
    /* one pass keeping the n best in a heap (the worst of them at the top),
     * then sort the heap */
    for (int i = 0; i < n; i++)
        order[i] = i;
    for (int i = n / 2 - 1; i >= 0; i--)
        sift_down(order, probs, i, n);
    for (int i = n; i < V; i++) {
        if (sampler_before(probs, i, order[0])) {
            order[0] = i;
            sift_down(order, probs, 0, n);
        }
    }
    heap_to_sorted(order, probs, n);
}

/* ---- top-k and top-p: the front of the order, found by its bits ----
 *
 * A probability's bits, read as an unsigned number with the sign bit flipped,
 * sort as the probability does; equal numbers are equal probabilities. The
 * order's prefix ends at some key K and, among the ids with key K (taken in id
 * order), at some id: a Cut. The search reads the key in three digits, 12, 10
 * and 10 bits from the top. A histogram of the first digit over the whole
 * vocabulary says in which bucket the prefix ends (the buckets above it are
 * kept whole); that bucket's members, usually a few dozen, are gathered; a
 * histogram of their second digit narrows them to one smaller bucket, one of
 * the third digit to the members with key K itself. */

enum { DIGITS = 3, TOP_BUCKETS = 1 << 12 }; /* the first digit's buckets, the most of any */
static const int digit_shift[DIGITS] = {20, 10, 0};
static const int digit_bits[DIGITS] = {12, 10, 10};

static inline uint32_t prob_key(float x)
{
    uint32_t bits;
    x = x + 0.0f; /* -0 becomes +0: the two are equal probabilities */
    memcpy(&bits, &x, sizeof bits);
    /* negative: every bit flipped; positive: only the sign bit */
    uint32_t negative = (uint32_t)-(int32_t)(bits >> 31);
    return bits ^ (negative | 0x80000000u);
}

static inline uint32_t key_digit(uint32_t key, int level)
{
    return key >> digit_shift[level] & ((1u << digit_bits[level]) - 1);
}

/* The prefix: every id with a key above `key`, and those with this key up to
 * and including `last` (in id order). */
typedef struct {
    uint32_t key;
    int last;
} Cut;

static void apply_cut(float *out, const float *in, int V, Cut cut)
{
    for (int i = 0; i < V; i++) {
        uint32_t key = prob_key(in[i]);
        out[i] = key > cut.key || (key == cut.key && i <= cut.last) ? in[i] : 0.0f;
    }
}

/* The ids whose first digit is d, in ascending order, into cand; returns how many. */
static int gather_bucket(int *cand, const float *in, int V, uint32_t d)
{
    int n = 0;
    for (int i = 0; i < V; i++)
        if (prob_key(in[i]) >> digit_shift[0] == d)
            cand[n++] = i;
    return n;
}

/* Keeps the candidates whose digit at level is d, in their order; returns how many. */
static int narrow(int *cand, int n, const float *in, int level, uint32_t d)
{
    int kept = 0;
    for (int j = 0; j < n; j++)
        if (key_digit(prob_key(in[cand[j]]), level) == d)
            cand[kept++] = cand[j];
    return kept;
}

void sampler_top_k(float *out, const float *in, int V, int k, int *scratch)
{
    if (k <= 0 || k >= V) {
        for (int i = 0; i < V; i++)
            out[i] = in[i];
        return;
    }
    int count[TOP_BUCKETS], *cand = scratch, n = 0;
    uint32_t key = 0;
    int above = 0; /* ids whose key lies above the bucket chosen so far */
    for (int level = 0; level < DIGITS; level++) {
        int nb = 1 << digit_bits[level], d;
        memset(count, 0, (size_t)nb * sizeof count[0]);
        if (level == 0)
            for (int i = 0; i < V; i++)
                count[prob_key(in[i]) >> digit_shift[0]]++;
        else
            for (int j = 0; j < n; j++)
                count[key_digit(prob_key(in[cand[j]]), level)]++;
        /* the highest bucket that takes the count to k; it exists, since this
         * level's buckets hold the k - above still to find, and more */
        for (d = nb - 1; d > 0 && above + count[d] < k; d--)
            above += count[d];
        key = key << digit_bits[level] | (uint32_t)d;
        n = level == 0 ? gather_bucket(cand, in, V, (uint32_t)d)
                       : narrow(cand, n, in, level, (uint32_t)d);
    }
    /* cand holds the ids with the k-th id's key, in id order: k - above of them complete k */
    Cut cut = {key, cand[k - above - 1]};
    apply_cut(out, in, V, cut);
}

/* The nucleus by buckets (see sampler.h for why whole buckets may be added);
 * cand [V]. Returns 0 with the cut, or -1 when the answer would depend on
 * rounding (a bucket below 2^-29 or sums reaching 2 before the target) or
 * the input is no distribution: then the caller sorts. */
static int nucleus_by_buckets(const float *in, int V, double target, Cut *cut, int *cand)
{
    const uint32_t exact_from = prob_key(0x1p-29f);
    int count[TOP_BUCKETS], n = 0;
    double sum[TOP_BUCKETS];
    uint32_t key = 0;
    double cum = 0.0; /* the running sum of everything above the chosen bucket */
    for (int level = 0; level < DIGITS; level++) {
        int nb = 1 << digit_bits[level], d;
        memset(count, 0, (size_t)nb * sizeof count[0]);
        memset(sum, 0, (size_t)nb * sizeof sum[0]);
        int m = level == 0 ? V : n;
        for (int j = 0; j < m; j++) {
            int i = level == 0 ? j : cand[j];
            uint32_t b = key_digit(prob_key(in[i]), level);
            count[b]++;
            sum[b] += in[i];
        }
        for (d = nb - 1; d >= 0; d--) {
            if (!count[d])
                continue;
            uint32_t low = (key << digit_bits[level] | (uint32_t)d) << digit_shift[level];
            if (low < exact_from || !(cum + sum[d] < 2.0))
                return -1;
            if (!(cum + sum[d] < target))
                break; /* the prefix ends in this bucket */
            cum += sum[d];
        }
        if (d < 0)
            return -1; /* the target lies beyond the whole input (rounding): sort */
        key = key << digit_bits[level] | (uint32_t)d;
        n = level == 0 ? gather_bucket(cand, in, V, (uint32_t)d)
                       : narrow(cand, n, in, level, (uint32_t)d);
    }
    /* the candidates now have key `key`, equal probabilities: in id order,
     * until the sum reaches the target */
    for (int j = 0; j < n; j++) {
        cum += in[cand[j]];
        if (cum >= target) {
            *cut = (Cut){key, cand[j]};
            return 0;
        }
    }
    return -1;
}

/* ids[0..V) in the order, by a stable radix sort of the keys (8 bits at a
 * time, high buckets first, from ids in ascending order: equal keys keep it);
 * tmp [V]. */
static void sort_by_key(int *ids, int *tmp, const float *in, int V)
{
    for (int i = 0; i < V; i++)
        ids[i] = i;
    for (int shift = 0; shift < 32; shift += 8) {
        int start[257] = {0};
        for (int i = 0; i < V; i++)
            start[255 - ((prob_key(in[i]) >> shift) & 255u) + 1]++;
        for (int b = 0; b < 256; b++)
            start[b + 1] += start[b];
        for (int i = 0; i < V; i++) {
            int id = ids[i];
            tmp[start[255 - ((prob_key(in[id]) >> shift) & 255u)]++] = id;
        }
        int *t = ids;
        ids = tmp;
        tmp = t;
    }
    /* four passes: the result is back in the first array */
}

void sampler_top_p(float *out, const float *in, int V, float p, int *scratch)
{
    if (p >= 1.0f) {
        for (int i = 0; i < V; i++)
            out[i] = in[i];
        return;
    }
    double total = 0.0;
    for (int i = 0; i < V; i++)
        total += in[i];
    double target = (double)p * total;
    Cut cut;
    if (nucleus_by_buckets(in, V, target, &cut, scratch) != 0) {
        /* the order itself, and the running sum along it */
        int *order = scratch;
        sort_by_key(order, scratch + V, in, V);
        double cum = 0.0;
        int j = 0;
        for (; j < V - 1; j++) {
            cum += in[order[j]];
            if (cum >= target)
                break;
        }
        /* order[0..j] is kept: the cut says so, since the order is by key, then id */
        cut = (Cut){prob_key(in[order[j]]), order[j]};
    }
    apply_cut(out, in, V, cut);
}

void sampler_min_p(float *out, const float *in, int V, float min_p)
{
    float maxv = ts_maxf(in, V, 0.0f);
    float threshold = min_p * maxv;
    for (int i = 0; i < V; i++)
        out[i] = in[i] >= threshold ? in[i] : 0.0f;
}

void sampler_mask(float *out, const float *in, int V, const uint8_t *allowed)
{
    for (int i = 0; i < V; i++)
        out[i] = !allowed || allowed[i] ? in[i] : 0.0f;
}

/* sampler_renormalise, counting the entries above 0 of out into *kept as it
 * writes them (the chain's `kept`, without another pass). */
static float renormalise_count(float *out, const float *in, int V, int *kept)
{
    double sum = sum_lanes(in, V);
    *kept = 0;
    if (!(sum > 0.0)) {
        for (int i = 0; i < V; i++)
            out[i] = 0.0f;
        return 0.0f;
    }
    double inv = 1.0 / sum; /* one division: a multiply per token is much cheaper */
    int n = 0;
    for (int i = 0; i < V; i++) {
        out[i] = (float)(in[i] * inv);
        n += out[i] > 0.0f;
    }
    *kept = n;
    return (float)sum;
}

float sampler_renormalise(float *out, const float *in, int V)
{
    int kept;
    return renormalise_count(out, in, V, &kept);
}

int sampler_pick(const float *probs, int V, float coin)
{
    /* Walking 7,000 tokens one addition at a time waits on every addition.
     * So whole blocks are skipped by their totals (summed in lanes), and only
     * the block where the running sum passes the coin is walked token by token. */
    enum { BLOCK = 64 };
    double cum = 0.0;
    int last = -1;
    for (int b0 = 0; b0 < V; b0 += BLOCK) {
        int n = V - b0 < BLOCK ? V - b0 : BLOCK;
        double total = sum_lanes(probs + b0, n);
        if (cum + total <= (double)coin) {
            cum += total;
            if (total > 0.0)
                last = b0; /* some token in this block has probability > 0 */
            continue;
        }
        double run = cum;
        for (int i = b0; i < b0 + n; i++) {
            if (!(probs[i] > 0.0f))
                continue; /* never land on a character with probability 0 */
            run += probs[i];
            last = i;
            if (run > coin)
                return i;
        }
        cum = run; /* rounding kept the walk under the coin: go on */
    }
    /* the probabilities add up to less than the coin (rounding): the last
     * token with probability > 0 */
    if (last >= 0)
        for (int i = (last / BLOCK) * BLOCK + BLOCK - 1; i >= last; i--)
            if (i < V && probs[i] > 0.0f)
                return i;
    return last;
}

/* Does filter stage k keep everything under set, so that its output is its
 * input? (top-k 0 or at least V, top-p 1, min-p 0: a distribution has no
 * probability below 0 x its maximum; a top-p hook is always asked.) */
static int filter_off(const SamplerState *s, const SamplerSettings *set, SamplerStage k)
{
    switch (k) {
    case STAGE_TOP_K: return set->top_k <= 0 || set->top_k >= s->V;
    case STAGE_TOP_P: return !s->top_p_hook && set->top_p >= 1.0f;
    case STAGE_MIN_P: return set->min_p == 0.0f;
    default: return 0;
    }
}

/* Filter stage k: from the stage before it into its own buffer. A new
 * filter is a case here. Returns 0, or -1 with err (a top-p hook failed). */
static int run_filter(SamplerState *s, const SamplerSettings *set, SamplerStage k, TsErr *err)
{
    int V = s->V;
    const float *in = sampler_stage_buffer(s, (SamplerStage)(k - 1));
    float *out = stage_out(s, k);
    if (filter_off(s, set, k)) {
        /* its output is its input: left where it is (sampler_stage_buffer) */
        s->skipped |= 1u << k;
        return 0;
    }
    switch (k) {
    case STAGE_TOP_K: sampler_top_k(out, in, V, set->top_k, s->scratch); break;
    case STAGE_TOP_P:
        if (s->top_p_hook)
            return s->top_p_hook(s->top_p_ctx, out, in, V, set, err) != 0 ? -1 : 0;
        sampler_top_p(out, in, V, set->top_p, s->scratch);
        break;
    case STAGE_MIN_P: sampler_min_p(out, in, V, set->min_p); break;
    default: break;
    }
    return 0;
}

/* Everything from the temperature to the renormalisation, on `logits`.
 * Sets *sum to the sum renormalise saw (0: nothing left). Returns 0, or -1
 * with err when a top-p hook failed. */
static int run_stages(SamplerState *s, const SamplerSettings *set, const float *logits,
                      const uint8_t *allowed, float *sum, TsErr *err)
{
    int V = s->V;
    s->skipped = 0;
    if (set->temperature >= SAMPLER_MIN_TEMPERATURE) {
        float maxv = temperature_max(s->scaled, logits, V, set->temperature);
        softmax_max(s->probs, s->scaled, V, maxv);
    } else {
        sampler_temperature(s->scaled, logits, V, set->temperature);
        sampler_softmax(s->probs, s->scaled, V);
    }
    /* the filters, each from the stage before it */
    for (int k = STAGE_TEMPERATURE + 1; k < STAGE_FORM_MASK; k++)
        if (run_filter(s, set, (SamplerStage)k, err) != 0)
            return -1;
    const float *kept = sampler_stage_buffer(s, STAGE_FORM_MASK - 1);
    if (allowed)
        sampler_mask(s->masked, kept, V, allowed);
    else
        s->skipped |= 1u << STAGE_FORM_MASK;
    *sum = renormalise_count(s->final, sampler_stage_buffer(s, STAGE_FORM_MASK), V, &s->kept);
    return 0;
}

static double lanes_total_f(const float *lane)
{
    double t = 0.0;
    for (int j = 0; j < LANES; j++)
        t += lane[j];
    return t;
}

/* Probability of probs that the filters removed, and of what they kept, the
 * part the mask removed. */
static void measure_removed(const SamplerState *s, double *filtered, double *blocked)
{
    /* only for display, so float lanes are precise enough; what the last
     * filter (the stage before the mask) kept is what the filters kept */
    const float *kept = sampler_stage_buffer(s, STAGE_FORM_MASK - 1);
    const float *masked_buf = sampler_stage_buffer(s, STAGE_FORM_MASK);
    float f[LANES] = {0}, b[LANES] = {0};
    int V = s->V, i = 0;
#define MEASURE_LANE(j)                                                                            \
    do {                                                                                           \
        float p = s->probs[i + (j)];                                                               \
        float gone = kept[i + (j)] == 0.0f ? 1.0f : 0.0f;                                          \
        float masked = masked_buf[i + (j)] == 0.0f ? 1.0f : 0.0f;                                  \
        f[j] += p * gone;                                                                          \
        b[j] += p * (1.0f - gone) * masked;                                                        \
    } while (0)
    /* whole rows of lanes without a bound test, so that they vectorise */
    for (; i + LANES <= V; i += LANES)
        for (int j = 0; j < LANES; j++)
            MEASURE_LANE(j);
    for (int j = 0; i + j < V; j++)
        MEASURE_LANE(j);
#undef MEASURE_LANE
    *filtered = lanes_total_f(f);
    *blocked = lanes_total_f(b);
}

int sampler_run(SamplerState *s, const SamplerSettings *set, const float *logits, const int *recent,
                size_t n_recent, const uint8_t *allowed, float coin, TsErr *err)
{
    int V = s->V;
    s->kept = 0;
    s->filtered = 0.0f;
    s->blocked = 0.0f;
    s->mask_first = 0;
    /* Without a penalty the penalised logits are the logits: not copied
     * (sampler_stages writes them when the explorer asks). */
    const float *penalized = logits;
    s->penalized_is_logits = set->repetition_penalty == 1.0f;
    if (!s->penalized_is_logits) {
        sampler_repetition_penalty(s->penalized, logits, V, recent, n_recent,
                                   set->repetition_penalty,
                                   set->penalize_punctuation ? NULL : s->exempt);
        penalized = s->penalized;
    }
    float sum;
    if (run_stages(s, set, penalized, allowed, &sum, err) != 0)
        return -1;
    /* With every filter off and no mask, nothing was removed (every stage
     * from probs to masked skipped), and the measure would add only zeros. */
    double filtered = 0.0, blocked = 0.0;
    unsigned all = 0;
    for (int k = STAGE_TEMPERATURE + 1; k <= STAGE_FORM_MASK; k++)
        all |= 1u << k;
    if ((s->skipped & all) != all)
        measure_removed(s, &filtered, &blocked);

    if (sum == 0.0f && allowed) {
        /* The filters kept only characters the mask blocks. Run the chain
         * again with the mask first: blocked logits become -inf before the
         * temperature, so the filters choose among the allowed characters
         * (greedy and top-k 1 give the best allowed one). `masked` is free
         * until the mask stage, so it holds those logits meanwhile. */
        double blocked_all = 0.0;
        int n_allowed = 0;
        for (int i = 0; i < V; i++) {
            if (allowed[i])
                n_allowed++;
            else
                blocked_all += s->probs[i];
        }
        if (n_allowed == 0)
            return ts_fail(err, "the constraint allows no character at this point");
        s->mask_first = 1;
        for (int i = 0; i < V; i++)
            s->masked[i] = allowed[i] ? penalized[i] : -INFINITY;
        if (run_stages(s, set, s->masked, allowed, &sum, err) != 0)
            return -1;
        double filtered_allowed, unused;
        measure_removed(s, &filtered_allowed, &unused);
        /* Report both in units of the model's own distribution: the new
         * probs are the old ones restricted to the allowed characters. */
        blocked = blocked_all;
        filtered = filtered_allowed * (1.0 - blocked_all);
        if (sum == 0.0f)
            return ts_fail(err, "the constraint allows only characters the model gives "
                                "probability 0 (are their scores -infinity?)");
    } else if (sum == 0.0f) {
        return ts_fail(err, "no character is left to sample: the model's scores are all "
                            "-infinity or not numbers");
    }

    s->filtered = (float)filtered;
    s->blocked = (float)blocked;
    return sampler_pick(s->final, V, coin); /* s->kept: counted as final was written */
}

/* ---- the coin ---- */

int sampler_coin(const float *probs, int V, float coin, SamplerCoin *out)
{
    int id = sampler_pick(probs, V, coin); /* the very character the sampler chose */
    if (id < 0)
        return -1;
    double before = 0.0, start = 0.0; /* in id order; on the ranked bar */
    int rank = 1;
    for (int i = 0; i < V; i++) {
        if (i < id)
            before += probs[i];
        if (probs[i] > 0.0f && sampler_before(probs, i, id)) {
            start += probs[i];
            rank++;
        }
    }
    /* how far into its interval the coin lay; rounding (pick's sums run in
     * blocks) may put it a hair outside, and the point stays in the segment */
    double p = probs[id], into = (double)coin - before;
    into = into < 0.0 ? 0.0 : into >= p ? p * (1.0 - 1e-9) : into;
    *out = (SamplerCoin){.id = id, .rank = rank, .start = start, .at = start + into};
    return 0;
}

/* ---- the chain stage by stage ---- */

const char *sampler_stage_name(SamplerStage stage)
{
    return (unsigned)stage < STAGE_COUNT ? SAMPLER_STAGES[stage].name : "";
}

const float *sampler_stage_buffer(const SamplerState *s, SamplerStage stage)
{
    if ((unsigned)stage >= STAGE_COUNT)
        stage = STAGE_FINAL;
    while (stage > STAGE_MODEL && (s->skipped >> stage & 1u))
        stage = (SamplerStage)(stage - 1);
    return *(float *const *)(const void *)((const char *)s + SAMPLER_STAGES[stage].buffer);
}

double sampler_entropy(const float *p, int V, double sum)
{
    double h = 0.0;
    if (!(sum > 0.0))
        return 0.0;
    for (int i = 0; i < V; i++)
        if (p[i] > 0.0f) {
            double q = (double)p[i] / sum;
            h -= q * log(q);
        }
    return h;
}

void sampler_stages(SamplerState *s, const float *logits, SamplerStages *st)
{
    int V = s->V;
    *st = (SamplerStages){0};
    if (s->penalized_is_logits) {
        memcpy(s->penalized, logits, (size_t)V * sizeof *s->penalized);
        s->penalized_is_logits = 0;
    }
    sampler_softmax(s->model, logits, V);
    sampler_softmax(s->penalized_probs, s->penalized, V);
    for (int k = 0; k < STAGE_COUNT; k++) {
        const float *b = sampler_stage_buffer(s, (SamplerStage)k);
        const float *before = k ? sampler_stage_buffer(s, (SamplerStage)(k - 1)) : NULL;
        for (int i = 0; i < V; i++) {
            st->sum[k] += b[i];
            st->kept[k] += b[i] > 0.0f;
            /* removed here: gone now, still there one stage before */
            if (before && b[i] == 0.0f && before[i] > 0.0f)
                st->removed[k] += s->model[i];
        }
    }
    for (int i = 0; i < V; i++)
        if (s->final[i] == 0.0f)
            st->removed_total += s->model[i];
    st->entropy_model = sampler_entropy(s->model, V, st->sum[STAGE_MODEL]);
    st->entropy_final = sampler_entropy(s->final, V, st->sum[STAGE_FINAL]);
}

float sampler_stage_prob(const SamplerState *s, const SamplerStages *st, SamplerStage stage, int id)
{
    if ((unsigned)stage >= STAGE_COUNT || id < 0 || id >= s->V || !(st->sum[stage] > 0.0))
        return 0.0f;
    return (float)(sampler_stage_buffer(s, stage)[id] / st->sum[stage]);
}
