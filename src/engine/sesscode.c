/* sesscode.c - the session code: fields packed in mixed radix into one big
 * number, written in base 31 with a check digit (see sesscode.h). */
#include "engine/sesscode.h"

#include <string.h>

#include "engine/charrank.h"

static const char DIGITS[] = "23456789ABCDEFGHJKMNPQRSTUVWXYZ";
/* CHECK_FORMAT is added to the check sum: codes of the first format (token
 * ids, sum + c = 0) mostly fail the check instead of opening another session. */
enum { BASE = 31, CHECK_WEIGHT = 3, CHECK_FORMAT = 1 };

enum {
    FP_RADIX = SESSION_FINGERPRINTS,
    FIXED_FORMS = 12,          /* jueju 5/7 x mid-text, acrostic 5/7 x mid-text x prompt */
    FILTER_MASKS = 15,         /* which of the first four after the temperature are on: 1 .. 15 */
    FP_FORMAT3 = 341,          /* format 3 holds the fingerprint XOR this (sesscode.h) */
    GENERIC_KINDS = 3,         /* a later setting's value: hundredths, whole, float bits */
    HUNDREDTHS = 1001,         /* 0.00 .. 10.00 */
    TOP_K_FINE = 1024,         /* 1 .. 1024 */
    TOP_K_ANY = 1000000,       /* 1 .. 1000000 */
    POEMS_FEW = 16,            /* 2 .. 17 */
    POEMS_RADIX = 10000,       /* 1 .. 10000 */
    MAX_CHARS_RADIX = 1000000, /* 1 .. 1000000 */
    SEED_SMALL = 16,           /* 0 .. 15 */
    SEED_MID = 1000,           /* 16 .. 999 */
    SEED_LARGE = 1000000,      /* 1000 .. 999999 */
    CHAR_CLASSES = 8,
    CODE_POINTS = 0x110000,
};
#define RAW_RADIX 4294967296ULL /* a float's bits, or half a seed */

/* The first rank of each class of characters (sesscode.h); the last class
 * holds the rest of the table and, behind one more bit, any code point. */
static const int CLASS_START[CHAR_CLASSES + 1] = {0, 2, 34, 98, 226, 482, 994, 2018,
                                                  CHARRANK_COUNT};

/* ---- a little unsigned big number: enough limbs for SESSION_CODE_MAX digits ---- */

#define LIMBS 160 /* 5120 bits > 1024 x log2(31) = 5073 */

typedef struct {
    uint32_t l[LIMBS]; /* little-endian */
    int n;             /* limbs in use: l[n..] are 0 */
} Big;

/* b = b * radix + add (radix <= 2^32, add < radix). Returns -1 on overflow. */
static int big_mul_add(Big *b, uint64_t radix, uint64_t add)
{
    uint64_t carry = add;
    for (int i = 0; i < b->n; i++) {
        /* (2^32 - 1) * 2^32 + (2^32 - 1) < 2^64 */
        uint64_t v = (uint64_t)b->l[i] * radix + carry;
        b->l[i] = (uint32_t)v;
        carry = v >> 32;
    }
    while (carry) {
        if (b->n == LIMBS)
            return -1;
        b->l[b->n++] = (uint32_t)carry;
        carry >>= 32;
    }
    return 0;
}

/* b = b / radix; returns the remainder (radix >= 1, <= 2^32). */
static uint64_t big_divmod(Big *b, uint64_t radix)
{
    uint64_t rem = 0;
    for (int i = b->n - 1; i >= 0; i--) {
        uint64_t v = rem << 32 | b->l[i]; /* rem < radix <= 2^32, so v / radix < 2^32 */
        b->l[i] = (uint32_t)(v / radix);
        rem = v % radix;
    }
    while (b->n > 0 && b->l[b->n - 1] == 0)
        b->n--;
    return rem;
}

static int big_is_zero(const Big *b) { return b->n == 0; }

/* b = b + 1. Returns -1 on overflow. */
static int big_inc(Big *b)
{
    for (int i = 0; i < b->n; i++)
        if (++b->l[i])
            return 0;
    if (b->n == LIMBS)
        return -1;
    b->l[b->n++] = 1;
    return 0;
}

/* b = b - 1 (b > 0). */
static void big_dec(Big *b)
{
    for (int i = 0; i < b->n; i++) {
        if (b->l[i]--)
            break;
    }
    while (b->n > 0 && b->l[b->n - 1] == 0)
        b->n--;
}

/* ---- the fields, in the order the decoder reads them ---- */

/* The encoder writes the fields as a list (value, radix) in reading order and
 * folds them into the number from the last one back. */
#define MAX_FIELDS (64 + 3 * FORM_MAX_HEADS + 3 * SESSION_MAX_STEPS)
typedef struct {
    uint64_t v[MAX_FIELDS], r[MAX_FIELDS];
    int n;
} Fields;

static void put(Fields *f, uint64_t v, uint64_t r)
{
    f->v[f->n] = v;
    f->r[f->n] = r;
    f->n++;
}

/* b = the fields of f folded onto b, f's first field in the lowest place. */
static int fold(Big *b, const Fields *f)
{
    for (int i = f->n - 1; i >= 0; i--)
        if (big_mul_add(b, f->r[i], f->v[i]) != 0)
            return -1;
    return 0;
}

static uint32_t float_bits(float x)
{
    uint32_t u;
    memcpy(&u, &x, sizeof u);
    return u;
}

static float bits_float(uint32_t u)
{
    float x;
    memcpy(&x, &u, sizeof x);
    return x;
}

/* q such that (float)(q / scale) is exactly x, 0 <= q < radix; -1 if none. */
static long on_grid(float x, double scale, long radix)
{
    if (!(x >= 0.0f))
        return -1;
    double q = (double)x * scale;
    if (q > (double)radix)
        return -1;
    long r = (long)(q + 0.5);
    return r < radix && (float)((double)r / scale) == x ? r : -1;
}

/* ---- the settings: a grid of common values, finer steps, exact bits ---- */

/* A float setting other than `off`: first a grid (the values of its slider
 * or the usual ones), each grid value given in hundredths; then multiples of
 * 1/fine_scale in [fine_lo, fine_lo + fine_n); then the float's bits. */
typedef struct {
    int (*grid)(int i); /* the i-th grid value in hundredths */
    int grid_n;
    double fine_scale;
    long fine_lo, fine_n;
} FloatSpec;

static int temp_grid(int i) { return 10 * i; }                 /* 0.0 .. 2.0 in tenths */
static int top_p_grid(int i) { return 5 * (i + 1); }           /* 0.05 .. 0.95 */
static int min_p_grid(int i) { return i < 10 ? i + 1 : 5 * (i - 7); } /* .01...10, .15...1 */
static int penalty_grid(int i) { return 105 + 5 * i; }         /* 1.05 .. 2.00 */

static const FloatSpec TEMP_SPEC = {temp_grid, 21, 100.0, 0, 1001};        /* 0.00 .. 10.00 */
static const FloatSpec TOP_P_SPEC = {top_p_grid, 19, 100.0, 1, 99};        /* 0.01 .. 0.99 */
static const FloatSpec MIN_P_SPEC = {min_p_grid, 28, 1000.0, 1, 1000};     /* .001 .. 1.000 */
static const FloatSpec PENALTY_SPEC = {penalty_grid, 20, 100.0, 101, 900}; /* 1.01 .. 10.00 */

/* How the code holds the five settings that format 2 has (the first five
 * rows of the sampler's table, sampler.h): the temperature always, as a
 * float; the others only when they differ from their default, setting i by
 * bit i - 1 of the mask, top-k as an integer and the rest as floats. A later
 * row of the table (place CODE_BASE on) needs nothing here: format 3 holds
 * it by the generic encoding (put_generic), which every reader can skip. */
typedef struct {
    const FloatSpec *spec; /* NULL: an integer (top-k) */
} CodeSetting;

static const CodeSetting CODE_SETTINGS[SESSION_CODE_BASE] = {
    [SET_TEMPERATURE] = {.spec = &TEMP_SPEC},
    [SET_TOP_K] = {.spec = NULL},
    [SET_TOP_P] = {.spec = &TOP_P_SPEC},
    [SET_MIN_P] = {.spec = &MIN_P_SPEC},
    [SET_REPETITION_PENALTY] = {.spec = &PENALTY_SPEC},
};
_Static_assert(FILTER_MASKS == (1 << (SESSION_CODE_BASE - 1)) - 1, "a mask of the first four");
_Static_assert(SET_COUNT >= SESSION_CODE_BASE && SET_COUNT <= SESSION_CODE_SETTINGS,
               "the sampler's table keeps its first five rows, and a code holds 32 settings");

static float grid_value(const FloatSpec *s, int i) { return (float)(s->grid(i) / 100.0); }

static void put_float(Fields *f, float x, const FloatSpec *s)
{
    for (int i = 0; i < s->grid_n; i++)
        if (grid_value(s, i) == x) {
            put(f, 0, 2);
            put(f, (uint64_t)i, (uint64_t)s->grid_n);
            return;
        }
    put(f, 1, 2);
    long q = on_grid(x, s->fine_scale, s->fine_lo + s->fine_n);
    if (q >= s->fine_lo) {
        put(f, 0, 2);
        put(f, (uint64_t)(q - s->fine_lo), (uint64_t)s->fine_n);
    } else {
        put(f, 1, 2);
        put(f, float_bits(x), RAW_RADIX);
    }
}

/* Top-k's slider steps: 1 .. 10, 15 .. 50 by 5, 60 .. 200 by 10. */
enum { TOP_K_GRID = 33 };
static int top_k_grid(int i) { return i < 10 ? i + 1 : i < 18 ? 5 * (i - 7) : 10 * (i - 12); }

static void put_top_k(Fields *f, int k)
{
    for (int i = 0; i < TOP_K_GRID; i++)
        if (top_k_grid(i) == k) {
            put(f, 0, 2);
            put(f, (uint64_t)i, TOP_K_GRID);
            return;
        }
    put(f, 1, 2);
    put(f, k > TOP_K_FINE, 2);
    put(f, (uint64_t)(k - 1), k > TOP_K_FINE ? TOP_K_ANY : TOP_K_FINE);
}

static void put_seed(Fields *f, uint64_t seed)
{
    if (seed < SEED_SMALL) {
        put(f, 0, 2);
        put(f, seed, SEED_SMALL);
        return;
    }
    put(f, 1, 2);
    if (seed < SEED_MID) {
        put(f, 0, 3);
        put(f, seed - SEED_SMALL, SEED_MID - SEED_SMALL);
    } else if (seed < SEED_LARGE) {
        put(f, 1, 3);
        put(f, seed - SEED_MID, SEED_LARGE - SEED_MID);
    } else {
        put(f, 2, 3);
        put(f, seed & 0xffffffffu, RAW_RADIX);
        put(f, seed >> 32, RAW_RADIX);
    }
}

/* ---- characters: by rank in the training text (charrank.h) ---- */

static void put_char(Fields *f, uint32_t cp)
{
    int rank = charrank_of(cp);
    int k = 0;
    while (k < CHAR_CLASSES - 1 && !(rank >= 0 && rank < CLASS_START[k + 1]))
        k++;
    put(f, (uint64_t)k, CHAR_CLASSES);
    if (k < CHAR_CLASSES - 1) {
        put(f, (uint64_t)(rank - CLASS_START[k]), (uint64_t)(CLASS_START[k + 1] - CLASS_START[k]));
    } else if (rank >= 0) {
        put(f, 0, 2);
        put(f, (uint64_t)(rank - CLASS_START[k]), (uint64_t)(CHARRANK_COUNT - CLASS_START[k]));
    } else {
        put(f, 1, 2);
        put(f, cp, CODE_POINTS);
    }
}

static int is_scalar(uint32_t cp) { return cp < CODE_POINTS && !(cp >= 0xD800 && cp <= 0xDFFF); }

/* ---- the whole session ---- */

static int at_default(const SamplerSettings *s, int id)
{
    return sampler_setting_get(s, (SamplerSettingId)id) == (double)(float)SAMPLER_SETTINGS[id].def;
}

/* Which of the settings of places from..to-1 differ from their default: bit
 * i - from for setting i. */
static uint32_t settings_mask(const SamplerSettings *s, int from, int to)
{
    uint32_t mask = 0;
    for (int i = from; i < to; i++)
        if (!at_default(s, i))
            mask |= 1u << (i - from);
    return mask;
}

/* A setting of place CODE_BASE or later: its value in hundredths up to 10,
 * else as a whole number below 2^32, else as a float's bits. A reader that
 * has no such setting reads the value all the same, and leaves it. */
static void put_generic(Fields *f, double v)
{
    long q = on_grid((float)v, 100.0, HUNDREDTHS);
    if (q >= 0 && (double)(float)((double)q / 100.0) == v) {
        put(f, 0, GENERIC_KINDS);
        put(f, (uint64_t)q, HUNDREDTHS);
    } else if (v >= 0 && v < (double)RAW_RADIX && v == (double)(uint64_t)v) {
        put(f, 1, GENERIC_KINDS);
        put(f, (uint64_t)v, RAW_RADIX);
    } else {
        put(f, 2, GENERIC_KINDS);
        put(f, float_bits((float)v), RAW_RADIX);
    }
}

static void put_setting(Fields *f, const SamplerSettings *set, int id)
{
    double v = sampler_setting_get(set, (SamplerSettingId)id);
    if (id >= SESSION_CODE_BASE)
        put_generic(f, v);
    else if (CODE_SETTINGS[id].spec)
        put_float(f, (float)v, CODE_SETTINGS[id].spec);
    else
        put_top_k(f, (int)v);
}

/* The four settings after the temperature (places 1 .. 4), as format 2 has
 * them: a bit for "all at their defaults"; else which are not (a mask of
 * radix 15), then each of those in the table's order. */
static void put_first(Fields *f, const SamplerSettings *set)
{
    uint32_t mask = settings_mask(set, 1, SESSION_CODE_BASE);
    put(f, mask != 0, 2);
    if (!mask)
        return;
    put(f, mask - 1, FILTER_MASKS);
    for (int i = 1; i < SESSION_CODE_BASE; i++)
        if (mask >> (i - 1) & 1)
            put_setting(f, set, i);
}

/* Format 3's list of the later settings (place CODE_BASE on), among the rare
 * settings: a bit for "all at their defaults"; else how long the list is (n:
 * the place after the last one that is not at its default), which of the
 * places CODE_BASE .. n - 2 are not at their default (place n - 1 is), then
 * each of those in the table's order, by put_generic. A setting at its
 * default costs nothing: a code that leaves the later ones alone is the code
 * a program without them writes. */
static void put_later(Fields *f, const SamplerSettings *set)
{
    uint32_t mask = settings_mask(set, SESSION_CODE_BASE, SET_COUNT);
    put(f, mask != 0, 2);
    if (!mask)
        return;
    int n = SESSION_CODE_BASE + 1;
    while (mask >> (n - SESSION_CODE_BASE))
        n++;
    put(f, (uint64_t)(n - SESSION_CODE_BASE - 1), SESSION_CODE_SETTINGS - SESSION_CODE_BASE);
    int low = n - SESSION_CODE_BASE - 1; /* the bits below place n - 1's */
    put(f, mask & ((1u << low) - 1), 1ull << low);
    for (int i = SESSION_CODE_BASE; i < n; i++)
        if (mask >> (i - SESSION_CODE_BASE) & 1)
            put_setting(f, set, i);
}

static int rare_settings(const SessionCode *c)
{
    return settings_mask(&c->set, SESSION_CODE_BASE, SET_COUNT) != 0 || c->n_steps > 0 || c->set.penalize_punctuation || c->policy != CONTEXT_SHIFT || c->poems != 1 ||
           c->max_chars != SESSION_DEFAULT_MAX_CHARS;
}

static int check_steps(const SessionCode *c, TsErr *err)
{
    if (c->n_steps < 0 || c->n_steps > SESSION_MAX_STEPS)
        return ts_fail(err, "a code holds at most %d key steps, not %d", SESSION_MAX_STEPS,
                       c->n_steps);
    for (int i = 0; i < c->n_steps; i++) {
        const SessionStep *st = &c->steps[i];
        if (st->kind >= SESSION_STEP_KINDS ||
            (st->kind == SESSION_STEP_PICK && (st->n < 1 || st->n > SESSION_PICK_MAX)) ||
            (st->kind != SESSION_STEP_PICK && st->kind != SESSION_STEP_ENTER && st->n != 0))
            return ts_fail(err, "key step %d (kind %d, %d) cannot be in a code", i + 1,
                           (int)st->kind, (int)st->n);
    }
    return 0;
}

/* The key steps: the draws before them, their count, each step. */
static void put_steps(Fields *f, const SessionCode *c)
{
    int many = c->draws >= SEED_SMALL;
    put(f, (uint64_t)many, 2);
    put(f, c->draws, many ? RAW_RADIX : SEED_SMALL);
    put(f, (uint64_t)(c->n_steps - 1), SESSION_MAX_STEPS);
    for (int i = 0; i < c->n_steps; i++) {
        const SessionStep *st = &c->steps[i];
        put(f, st->kind, SESSION_STEP_KINDS);
        if (st->kind == SESSION_STEP_PICK)
            put(f, (uint64_t)(st->n - 1), SESSION_PICK_MAX);
        if (st->kind == SESSION_STEP_ENTER) {
            put(f, st->n > 0, 2);
            if (st->n > 0)
                put(f, (uint64_t)(st->n - 1), SESSION_ENTER_MAX);
        }
    }
}

static int check_fields(const SessionCode *c, TsErr *err)
{
    if (c->fingerprint >= SESSION_FINGERPRINTS)
        return ts_fail(err, "the fingerprint %u is not below %d", c->fingerprint,
                       SESSION_FINGERPRINTS);
    if (c->n_prompt < 0 || c->n_prompt > SESSION_MAX_CHARS)
        return ts_fail(err, "a code holds a prompt of at most %d characters, not %d",
                       SESSION_MAX_CHARS, c->n_prompt);
    for (int i = 0; i < c->n_prompt; i++)
        if (!is_scalar(c->prompt[i]))
            return ts_fail(err, "code point %#x cannot be in a code", (unsigned)c->prompt[i]);
    if (c->form != FORM_FREE && c->form != FORM_ACROSTIC && c->form != FORM_JUEJU)
        return ts_fail(err, "unknown verse form %d", (int)c->form);
    if (c->form != FORM_FREE && c->line_len != 5 && c->line_len != 7)
        return ts_fail(err, "lines of %d characters: a code holds 5 or 7", c->line_len);
    if (c->form == FORM_ACROSTIC ? c->n_heads < 1 || c->n_heads > FORM_MAX_HEADS : c->n_heads != 0)
        return ts_fail(err, "%d acrostic heads cannot be in a code", c->n_heads);
    for (int i = 0; i < c->n_heads; i++)
        if (!is_scalar(c->heads[i]))
            return ts_fail(err, "code point %#x cannot be in a code", (unsigned)c->heads[i]);
    if (sampler_settings_check(&c->set, err) != 0)
        return -1;
    if (c->policy != CONTEXT_SHIFT && c->policy != CONTEXT_SLIDE)
        return ts_fail(err, "unknown context policy %d", (int)c->policy);
    if (c->poems < 1 || c->poems > POEMS_RADIX)
        return ts_fail(err, "%d poems cannot be in a code (1..%d)", c->poems, POEMS_RADIX);
    if (c->max_chars < 1 || c->max_chars > MAX_CHARS_RADIX)
        return ts_fail(err, "max-chars %d cannot be in a code", c->max_chars);
    return check_steps(c, err);
}

/* The fields of format 3 (sesscode.h), in reading order. */
static void put_fields(const SessionCode *c, Fields *f)
{
    int mid = c->mid_text ? 1 : 0;
    int acrostic_prompt = c->form == FORM_ACROSTIC && c->n_prompt > 0;
    put(f, c->fingerprint ^ FP_FORMAT3, FP_RADIX);
    if (c->form == FORM_FREE) {
        put(f, 0, 2);
        put(f, (uint64_t)mid, 2);
    } else {
        int seven = c->line_len == 7;
        put(f, 1, 2);
        put(f, (uint64_t)(c->form == FORM_JUEJU ? seven * 2 + mid
                                                : 4 + seven * 4 + mid * 2 + acrostic_prompt),
            FIXED_FORMS);
    }
    put_setting(f, &c->set, SET_TEMPERATURE);
    put_first(f, &c->set);
    int rare = rare_settings(c);
    put(f, (uint64_t)rare, 2);
    if (rare) {
        put(f, c->set.penalize_punctuation ? 1 : 0, 2);
        put(f, c->policy == CONTEXT_SLIDE, 2);
        if (c->poems == 1) {
            put(f, 0, 3);
        } else if (c->poems <= 1 + POEMS_FEW) {
            put(f, 1, 3);
            put(f, (uint64_t)(c->poems - 2), POEMS_FEW);
        } else {
            put(f, 2, 3);
            put(f, (uint64_t)(c->poems - 1), POEMS_RADIX);
        }
        put(f, c->max_chars != SESSION_DEFAULT_MAX_CHARS, 2);
        if (c->max_chars != SESSION_DEFAULT_MAX_CHARS)
            put(f, (uint64_t)(c->max_chars - 1), MAX_CHARS_RADIX);
        /* key steps follow (codes made before they existed hold 0 here) */
        put(f, c->n_steps > 0, 2);
        if (c->n_steps > 0)
            put_steps(f, c);
        /* format 2 had a bit here after the steps, for a later version: the
         * leading 2 says the version now */
        put_later(f, &c->set);
    }
    put_seed(f, c->seed);
    if (acrostic_prompt) {
        put(f, (uint64_t)(c->n_heads - 1), FORM_MAX_HEADS);
        for (int i = 0; i < c->n_heads; i++)
            put_char(f, c->heads[i]);
    }
}
void session_code_init(SessionCode *c, unsigned fingerprint)
{
    memset(c, 0, sizeof *c);
    c->fingerprint = fingerprint % SESSION_FINGERPRINTS;
    c->form = FORM_FREE;
    c->line_len = 7;
    c->set = sampler_defaults();
    c->seed = 1;
    c->policy = CONTEXT_SHIFT;
    c->poems = 1;
    c->max_chars = SESSION_DEFAULT_MAX_CHARS;
    c->unknown_setting = -1;
}

unsigned session_code_fingerprint(const Model *m)
{
    uint64_t h = TS_FNV_START;
    int32_t cfg[5] = {m->cfg.n_layer, m->cfg.n_embd, m->cfg.n_head, m->cfg.context,
                      m->cfg.vocab_size};
    h = ts_fnv1a(h, cfg, sizeof cfg);
    h = ts_fnv1a(h, m->vocab.cps, (size_t)m->vocab.size * sizeof *m->vocab.cps);
    h = ts_fnv1a(h, m->params, m->n_params * sizeof *m->params);
    return (unsigned)((h ^ h >> 32) % SESSION_FINGERPRINTS);
}

/* The check digit for digits d[0..n): makes the weighted sum, plus
 * CHECK_FORMAT, a multiple of 31. */
static int check_digit(const int *d, int n)
{
    int sum = CHECK_FORMAT, w = 1;
    for (int i = n - 1; i >= 0; i--) {
        w = w * CHECK_WEIGHT % BASE;
        sum = (sum + d[i] * w) % BASE;
    }
    return (BASE - sum) % BASE;
}

int session_code_encode(const SessionCode *c, char *out, size_t size, TsErr *err)
{
    if (check_fields(c, err) != 0)
        return -1;
    Big b = {.n = 0};
    /* the innermost part: the heads (an acrostic without a prompt) or the
     * prompt, as a bijective number: each character's fields, plus one */
    const uint32_t *chars = c->prompt;
    int n = c->n_prompt;
    if (c->form == FORM_ACROSTIC && c->n_prompt == 0) {
        chars = c->heads;
        n = c->n_heads;
    }
    for (int i = n - 1; i >= 0; i--) {
        Fields one = {.n = 0};
        put_char(&one, chars[i]);
        if (fold(&b, &one) != 0 || big_inc(&b) != 0)
            return ts_fail(err, "the session does not fit in a code");
    }
    Fields f = {.n = 0};
    put_fields(c, &f);
    if (fold(&b, &f) != 0)
        return ts_fail(err, "the session does not fit in a code");
    int d[SESSION_CODE_MAX];
    int nd = 0;
    do {
        if (nd == SESSION_CODE_MAX - 2)
            return ts_fail(err, "the session does not fit in a code");
        d[nd++] = (int)big_divmod(&b, BASE);
    } while (!big_is_zero(&b));
    d[nd++] = 0; /* the format's mark: one leading 2 is format 3 */
    for (int i = 0; i < nd / 2; i++) { /* most significant first */
        int t = d[i];
        d[i] = d[nd - 1 - i];
        d[nd - 1 - i] = t;
    }
    d[nd] = check_digit(d, nd);
    if ((size_t)nd + 2 > size)
        return ts_fail(err, "no room for a code of %d characters", nd + 1);
    for (int i = 0; i <= nd; i++)
        out[i] = DIGITS[d[i]];
    out[nd + 1] = 0;
    return nd + 1;
}

static int digit_value(unsigned char ch)
{
    if (ch >= 'a' && ch <= 'z')
        ch = (unsigned char)(ch - 'a' + 'A');
    const char *p = ch ? strchr(DIGITS, ch) : NULL;
    return p ? (int)(p - DIGITS) : -1;
}

/* Read one field; the remainder is always below the radix. */
static uint64_t take(Big *b, uint64_t radix) { return big_divmod(b, radix); }

static float take_float(Big *b, const FloatSpec *s)
{
    if (take(b, 2) == 0)
        return grid_value(s, (int)take(b, (uint64_t)s->grid_n));
    if (take(b, 2) == 0)
        return (float)((double)((long)take(b, (uint64_t)s->fine_n) + s->fine_lo) / s->fine_scale);
    return bits_float((uint32_t)take(b, RAW_RADIX));
}

static int take_top_k(Big *b)
{
    if (take(b, 2) == 0)
        return top_k_grid((int)take(b, TOP_K_GRID));
    return 1 + (int)take(b, take(b, 2) ? TOP_K_ANY : TOP_K_FINE);
}

static double take_generic(Big *b)
{
    switch (take(b, GENERIC_KINDS)) {
    case 0: return (double)(float)((double)take(b, HUNDREDTHS) / 100.0);
    case 1: return (double)take(b, RAW_RADIX);
    default: return bits_float((uint32_t)take(b, RAW_RADIX));
    }
}

static void take_setting(Big *b, SamplerSettings *set, int id)
{
    if (id >= SESSION_CODE_BASE)
        sampler_setting_set(set, (SamplerSettingId)id, take_generic(b));
    else if (CODE_SETTINGS[id].spec)
        sampler_setting_set(set, (SamplerSettingId)id, take_float(b, CODE_SETTINGS[id].spec));
    else
        sampler_setting_set(set, (SamplerSettingId)id, take_top_k(b));
}

static uint64_t take_seed(Big *b)
{
    if (take(b, 2) == 0)
        return take(b, SEED_SMALL);
    switch (take(b, 3)) {
    case 0: return SEED_SMALL + take(b, SEED_MID - SEED_SMALL);
    case 1: return SEED_MID + take(b, SEED_LARGE - SEED_MID);
    default: {
        uint64_t lo = take(b, RAW_RADIX);
        return lo | take(b, RAW_RADIX) << 32;
    }
    }
}

static int take_char(Big *b, uint32_t *cp, TsErr *err)
{
    int k = (int)take(b, CHAR_CLASSES);
    if (k < CHAR_CLASSES - 1) {
        *cp = charrank_cp(CLASS_START[k] + (int)take(b, (uint64_t)(CLASS_START[k + 1] -
                                                                   CLASS_START[k])));
    } else if (take(b, 2) == 0) {
        *cp = charrank_cp(CLASS_START[k] + (int)take(b, (uint64_t)(CHARRANK_COUNT -
                                                                   CLASS_START[k])));
    } else {
        *cp = (uint32_t)take(b, CODE_POINTS);
        /* the encoder writes a character of the table by its rank */
        if (!is_scalar(*cp) || charrank_of(*cp) >= 0)
            return ts_fail(err, "the code is damaged: it holds code point %#x", (unsigned)*cp);
    }
    return 0;
}

static int take_steps(Big *b, int format, SessionCode *c, TsErr *err)
{
    c->draws = (uint32_t)(take(b, 2) ? take(b, RAW_RADIX) : take(b, SEED_SMALL));
    c->n_steps = 1 + (int)take(b, SESSION_MAX_STEPS);
    for (int i = 0; i < c->n_steps; i++) {
        SessionStep *st = &c->steps[i];
        st->kind = (uint8_t)take(b, SESSION_STEP_KINDS);
        st->n = 0;
        if (st->kind == SESSION_STEP_PICK)
            st->n = (uint16_t)(1 + take(b, SESSION_PICK_MAX));
        if (st->kind == SESSION_STEP_ENTER && take(b, 2))
            st->n = (uint16_t)(1 + take(b, SESSION_ENTER_MAX));
    }
    if (format == 2 && take(b, 2))
        return ts_fail(err, "this code was made by a newer tangscope");
    return 0;
}

/* put_first's four settings. */
static void take_first(Big *b, SessionCode *c)
{
    if (!take(b, 2))
        return;
    int mask = 1 + (int)take(b, FILTER_MASKS);
    for (int i = 1; i < SESSION_CODE_BASE; i++)
        if (mask >> (i - 1) & 1)
            take_setting(b, &c->set, i);
}

/* put_later's list. A setting this program has not (place SET_COUNT on) is
 * read and left: the code opens with it at its default, as the program has
 * it, and c->unknown_setting says which. */
static void take_later(Big *b, SessionCode *c)
{
    if (!take(b, 2))
        return;
    int n = SESSION_CODE_BASE + 1 + (int)take(b, SESSION_CODE_SETTINGS - SESSION_CODE_BASE);
    int low = n - SESSION_CODE_BASE - 1;
    uint32_t mask = 1u << low | (uint32_t)take(b, 1ull << low);
    for (int i = SESSION_CODE_BASE; i < n; i++) {
        if (!(mask >> (i - SESSION_CODE_BASE) & 1))
            continue;
        if (i < SET_COUNT) {
            take_setting(b, &c->set, i);
            continue;
        }
        take_generic(b);
        if (c->unknown_setting < 0)
            c->unknown_setting = i;
        c->n_unknown++;
    }
}

/* The fields of format 2 or 3, in reading order, from b; the characters of
 * the tail are left in b. */
static int take_fields(Big *b, int format, SessionCode *c, int *acrostic_prompt, TsErr *err)
{
    c->fingerprint = (unsigned)take(b, FP_RADIX) ^ (format == 3 ? FP_FORMAT3 : 0);
    *acrostic_prompt = 0;
    if (take(b, 2) == 0) {
        c->form = FORM_FREE;
        c->mid_text = (int)take(b, 2);
    } else {
        unsigned form = (unsigned)take(b, FIXED_FORMS);
        if (form < 4) {
            c->form = FORM_JUEJU;
            c->line_len = form / 2 ? 7 : 5;
            c->mid_text = (int)(form % 2);
        } else {
            unsigned w = form - 4;
            c->form = FORM_ACROSTIC;
            c->line_len = w / 4 ? 7 : 5;
            c->mid_text = (int)(w / 2 % 2);
            *acrostic_prompt = (int)(w % 2);
        }
    }
    take_setting(b, &c->set, SET_TEMPERATURE);
    take_first(b, c);
    if (take(b, 2)) {
        c->set.penalize_punctuation = (int)take(b, 2);
        c->policy = take(b, 2) ? CONTEXT_SLIDE : CONTEXT_SHIFT;
        switch (take(b, 3)) {
        case 0: c->poems = 1; break;
        case 1: c->poems = 2 + (int)take(b, POEMS_FEW); break;
        default: c->poems = 1 + (int)take(b, POEMS_RADIX); break;
        }
        c->max_chars = take(b, 2) ? 1 + (int)take(b, MAX_CHARS_RADIX) : SESSION_DEFAULT_MAX_CHARS;
        if (take(b, 2) && take_steps(b, format, c, err) != 0)
            return -1;
        if (format == 3)
            take_later(b, c);
    }
    c->seed = take_seed(b);
    if (*acrostic_prompt) {
        c->n_heads = 1 + (int)take(b, FORM_MAX_HEADS);
        for (int i = 0; i < c->n_heads; i++)
            if (take_char(b, &c->heads[i], err) != 0)
                return -1;
    }
    return 0;
}

int session_code_decode(const char *text, size_t len, SessionCode *out, TsErr *err)
{
    session_code_init(out, 0);
    int d[SESSION_CODE_MAX];
    int nd = 0;
    for (size_t i = 0; i < len; i++) {
        unsigned char ch = (unsigned char)text[i];
        if (ch == ' ' || ch == '-')
            continue;
        int v = digit_value(ch);
        if (v < 0) {
            if (ch >= 0x21 && ch < 0x7f)
                return ts_fail(err, "'%c' is not in a code: codes use 2-9 and the letters A-Z "
                                    "without I, L and O",
                               ch);
            return ts_fail(err, "a code has only 2-9 and the letters A-Z without I, L and O "
                                "(byte %zu is not one of them)",
                           i + 1);
        }
        if (nd == SESSION_CODE_MAX)
            return ts_fail(err, "a code has at most %d characters", SESSION_CODE_MAX);
        d[nd++] = v;
    }
    if (nd < 2)
        return ts_fail(err, "a code has at least 2 characters, not %d", nd);
    if (check_digit(d, nd - 1) != d[nd - 1])
        return ts_fail(err, "the code's check character does not match: a character was "
                            "mistyped, left out or swapped (or the code is older than this "
                            "tangscope)");
    /* the format: no leading 2 is format 2, one is format 3 (a number of
     * nothing but 2s is one 2 and the marks before it) */
    int zeros = 0;
    while (zeros < nd - 1 && d[zeros] == 0)
        zeros++;
    if (zeros == nd - 1)
        zeros--;
    if (zeros > 1)
        return ts_fail(err, "this code was made by a newer tangscope (format %d)", 2 + zeros);
    Big b = {.n = 0};
    for (int i = zeros; i < nd - 1; i++)
        if (big_mul_add(&b, BASE, (uint64_t)d[i]) != 0)
            return ts_fail(err, "the code is too long");
    int acrostic_prompt;
    if (take_fields(&b, 2 + zeros, out, &acrostic_prompt, err) != 0)
        return -1;
    /* the bijective tail: each character is one more than its fields, so its
     * length is in the number */
    uint32_t *chars = out->form == FORM_ACROSTIC && !acrostic_prompt ? out->heads : out->prompt;
    int cap = chars == out->heads ? FORM_MAX_HEADS : SESSION_MAX_CHARS;
    int n = 0;
    while (!big_is_zero(&b)) {
        if (n == cap)
            return ts_fail(err, "the code holds more than %d characters", cap);
        big_dec(&b);
        if (take_char(&b, &chars[n++], err) != 0)
            return -1;
    }
    if (chars == out->heads)
        out->n_heads = n;
    else
        out->n_prompt = n;
    if (out->form == FORM_ACROSTIC && out->n_heads == 0)
        return ts_fail(err, "the code is damaged: an acrostic without heads");
    if (acrostic_prompt && out->n_prompt == 0)
        return ts_fail(err, "the code is damaged: it announces a prompt and holds none");
    TsErr why;
    if (sampler_settings_check(&out->set, &why) != 0)
        return ts_fail(err, "the code is damaged: it says %s", why.msg);
    return 0;
}

int session_code_note(const SessionCode *c, TsErr *note)
{
    if (c->n_unknown == 0)
        return 0;
    if (c->n_unknown == 1)
        return ts_fail(note, "the code sets sampler setting %d, which this tangscope does not "
                             "have (it has %d): opened with that one at its default",
                       c->unknown_setting + 1, SET_COUNT);
    return ts_fail(note, "the code sets %d sampler settings from setting %d on, which this "
                         "tangscope does not have (it has %d): opened with those at their "
                         "defaults",
                   c->n_unknown, c->unknown_setting + 1, SET_COUNT);
}

int session_code_check(const SessionCode *c, const Model *m, TsErr *err)
{
    unsigned fp = session_code_fingerprint(m);
    if (c->fingerprint != fp)
        return ts_fail(err, "this code was made with another model (its fingerprint is %u, this "
                            "model's %u): open it with the model it was made with",
                       c->fingerprint, fp);
    for (int i = 0; i < c->n_prompt; i++)
        if (vocab_id(&m->vocab, c->prompt[i]) < 0)
            return ts_fail(err, "the code's prompt has U+%04X, which the model does not know: it "
                                "was made with another model",
                           (unsigned)c->prompt[i]);
    for (int i = 0; i < c->n_heads; i++)
        if (vocab_id(&m->vocab, c->heads[i]) < 0 || !is_han(c->heads[i]))
            return ts_fail(err, "the code's acrostic head %d is not a character of this model",
                           i + 1);
    return 0;
}
