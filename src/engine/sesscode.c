/* sesscode.c - the session code: fields packed in mixed radix into one big
 * number, written in base 31 with a check digit (see sesscode.h). */
#include "engine/sesscode.h"

#include <string.h>

static const char DIGITS[] = "23456789ABCDEFGHJKMNPQRSTUVWXYZ";
enum { BASE = 31, CHECK_WEIGHT = 3 };

enum {
    FP_RADIX = SESSION_FINGERPRINTS,
    FORM_RADIX = 14,          /* 6 for free and jueju 5/7 x mid-text, 8 for the acrostic */
    TEMP_TENTHS = 21,         /* 0.0 .. 2.0 */
    TEMP_RADIX = TEMP_TENTHS + 2,
    TEMP_HUNDREDTHS = 10001,  /* 0.00 .. 100.00 */
    TOP_K_SMALL = 256,        /* 1 .. 256 */
    TOP_K_ANY = 1000001,      /* 0 .. 1000000 */
    TOP_P_HUNDREDTHS = 100,   /* 0.00 .. 0.99 (0 is refused by the settings' check) */
    MIN_P_HUNDREDTHS = 101,   /* 0.00 .. 1.00 */
    PENALTY_HUNDREDTHS = 9901, /* 1.00 .. 100.00 */
    POEMS_RADIX = 10000,      /* 1 .. 10000 */
    MAX_CHARS_RADIX = 1000000, /* 1 .. 1000000 */
    SEED_SMALL = 16,
    ID_RADIX = 8192,          /* 2^13 */
    WIDE_ID_RADIX = 1 << 21,  /* every Unicode scalar value fits */
};
#define RAW_RADIX 4294967296ULL /* a float's bits, or half a seed */

/* ---- a little unsigned big number: enough limbs for SESSION_CODE_MAX digits ---- */

#define LIMBS 140 /* 4480 bits > 900 x log2(31) = 4459: 192 wide ids and every field */

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
#define MAX_FIELDS (64 + FORM_MAX_HEADS)
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

/* A float of three classes: `off` (class 0), q / scale with q in [base,
 * base + radix) (class 1), or its exact bits (class 2). */
static void put_float3(Fields *f, float x, float off, double scale, long base, long radix)
{
    long q;
    if (x == off) {
        put(f, 0, 3);
    } else if ((q = on_grid(x, scale, base + radix)) >= base) {
        put(f, 1, 3);
        put(f, (uint64_t)(q - base), (uint64_t)radix);
    } else {
        put(f, 2, 3);
        put(f, float_bits(x), RAW_RADIX);
    }
}

static int defaults_elsewhere(const SessionCode *c)
{
    SamplerSettings d = sampler_defaults();
    return c->set.top_k == 0 && c->set.top_p == d.top_p && c->set.min_p == d.min_p &&
           c->set.repetition_penalty == d.repetition_penalty && !c->set.penalize_punctuation &&
           c->policy == CONTEXT_SHIFT && c->poems == 1 &&
           c->max_chars == SESSION_DEFAULT_MAX_CHARS;
}

static int wide_ids(const SessionCode *c)
{
    for (int i = 0; i < c->n_prompt; i++)
        if (c->prompt[i] >= ID_RADIX)
            return 1;
    for (int i = 0; i < c->n_heads; i++)
        if (c->heads[i] >= ID_RADIX)
            return 1;
    return 0;
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
        if (c->prompt[i] < 0 || c->prompt[i] >= WIDE_ID_RADIX)
            return ts_fail(err, "token id %d cannot be in a code", c->prompt[i]);
    if (c->form != FORM_FREE && c->form != FORM_ACROSTIC && c->form != FORM_JUEJU)
        return ts_fail(err, "unknown verse form %d", (int)c->form);
    if (c->form != FORM_FREE && c->line_len != 5 && c->line_len != 7)
        return ts_fail(err, "lines of %d characters: a code holds 5 or 7", c->line_len);
    if (c->form == FORM_ACROSTIC ? c->n_heads < 1 || c->n_heads > FORM_MAX_HEADS : c->n_heads != 0)
        return ts_fail(err, "%d acrostic heads cannot be in a code", c->n_heads);
    for (int i = 0; i < c->n_heads; i++)
        if (c->heads[i] < 0 || c->heads[i] >= WIDE_ID_RADIX)
            return ts_fail(err, "token id %d cannot be in a code", c->heads[i]);
    if (sampler_settings_check(&c->set, err) != 0)
        return -1;
    if (c->policy != CONTEXT_SHIFT && c->policy != CONTEXT_SLIDE)
        return ts_fail(err, "unknown context policy %d", (int)c->policy);
    if (c->poems < 1 || c->poems > POEMS_RADIX)
        return ts_fail(err, "%d poems cannot be in a code (1..%d)", c->poems, POEMS_RADIX);
    if (c->max_chars < 1 || c->max_chars > MAX_CHARS_RADIX)
        return ts_fail(err, "max-chars %d cannot be in a code", c->max_chars);
    return 0;
}

static void put_fields(const SessionCode *c, Fields *f)
{
    int mid = c->mid_text ? 1 : 0;
    int acrostic_prompt = c->form == FORM_ACROSTIC && c->n_prompt > 0;
    put(f, c->fingerprint, FP_RADIX);
    if (c->form == FORM_ACROSTIC)
        put(f, (uint64_t)(6 + (c->line_len == 7) * 4 + mid * 2 + acrostic_prompt), FORM_RADIX);
    else
        put(f, (uint64_t)((c->form == FORM_FREE ? 0 : c->line_len == 5 ? 1 : 2) * 2 + mid),
            FORM_RADIX);
    long q;
    if ((q = on_grid(c->set.temperature, 10.0, TEMP_TENTHS)) >= 0) {
        put(f, (uint64_t)q, TEMP_RADIX);
    } else if ((q = on_grid(c->set.temperature, 100.0, TEMP_HUNDREDTHS)) >= 0) {
        put(f, TEMP_TENTHS, TEMP_RADIX);
        put(f, (uint64_t)q, TEMP_HUNDREDTHS);
    } else {
        put(f, TEMP_TENTHS + 1, TEMP_RADIX);
        put(f, float_bits(c->set.temperature), RAW_RADIX);
    }
    int wide = wide_ids(c);
    if (defaults_elsewhere(c) && !wide) {
        put(f, 0, 2);
    } else {
        put(f, 1, 2);
        int k = c->set.top_k;
        if (k == 0) {
            put(f, 0, 3);
        } else if (k <= TOP_K_SMALL) {
            put(f, 1, 3);
            put(f, (uint64_t)(k - 1), TOP_K_SMALL);
        } else {
            put(f, 2, 3);
            put(f, (uint64_t)k, TOP_K_ANY);
        }
        put_float3(f, c->set.top_p, 1.0f, 100.0, 0, TOP_P_HUNDREDTHS);
        put_float3(f, c->set.min_p, 0.0f, 100.0, 0, MIN_P_HUNDREDTHS);
        put_float3(f, c->set.repetition_penalty, 1.0f, 100.0, 100, PENALTY_HUNDREDTHS);
        put(f, c->set.penalize_punctuation ? 1 : 0, 2);
        put(f, c->policy == CONTEXT_SLIDE, 2);
        put(f, (uint64_t)wide, 2);
        put(f, c->poems != 1, 2);
        if (c->poems != 1)
            put(f, (uint64_t)(c->poems - 1), POEMS_RADIX);
        put(f, c->max_chars != SESSION_DEFAULT_MAX_CHARS, 2);
        if (c->max_chars != SESSION_DEFAULT_MAX_CHARS)
            put(f, (uint64_t)(c->max_chars - 1), MAX_CHARS_RADIX);
        put(f, 0, 2); /* reserved for a later version of the code: 0 */
    }
    if (c->seed < SEED_SMALL) {
        put(f, 0, 2);
        put(f, c->seed, SEED_SMALL);
    } else {
        put(f, 1, 2);
        put(f, c->seed & 0xffffffffu, RAW_RADIX);
        put(f, c->seed >> 32, RAW_RADIX);
    }
    uint64_t id_radix = wide ? WIDE_ID_RADIX : ID_RADIX;
    if (acrostic_prompt) {
        put(f, (uint64_t)(c->n_heads - 1), FORM_MAX_HEADS);
        for (int i = 0; i < c->n_heads; i++)
            put(f, (uint64_t)c->heads[i], id_radix);
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
}

/* FNV-1a, 64 bits. */
static uint64_t fnv(uint64_t h, const void *data, size_t n)
{
    const unsigned char *p = data;
    for (size_t i = 0; i < n; i++) {
        h ^= p[i];
        h *= 1099511628211ULL;
    }
    return h;
}

unsigned session_code_fingerprint(const Model *m)
{
    uint64_t h = 14695981039346656037ULL;
    int32_t cfg[5] = {m->cfg.n_layer, m->cfg.n_embd, m->cfg.n_head, m->cfg.context,
                      m->cfg.vocab_size};
    h = fnv(h, cfg, sizeof cfg);
    h = fnv(h, m->vocab.cps, (size_t)m->vocab.size * sizeof *m->vocab.cps);
    h = fnv(h, m->params, m->n_params * sizeof *m->params);
    return (unsigned)((h ^ h >> 32) % SESSION_FINGERPRINTS);
}

/* The check digit for digits d[0..n): makes the weighted sum a multiple of 31. */
static int check_digit(const int *d, int n)
{
    int sum = 0, w = 1;
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
    Fields f = {.n = 0};
    put_fields(c, &f);
    Big b = {.n = 0};
    /* the innermost part: the heads (an acrostic without a prompt) or the
     * prompt, as a bijective number with digits id + 1 */
    const int *ids = c->prompt;
    int n = c->n_prompt;
    if (c->form == FORM_ACROSTIC && c->n_prompt == 0) {
        ids = c->heads;
        n = c->n_heads;
    }
    uint64_t id_radix = wide_ids(c) ? WIDE_ID_RADIX : ID_RADIX;
    for (int i = n - 1; i >= 0; i--)
        if (big_mul_add(&b, id_radix, (uint64_t)ids[i] + 1) != 0)
            return ts_fail(err, "the session does not fit in a code");
    for (int i = f.n - 1; i >= 0; i--)
        if (big_mul_add(&b, f.r[i], f.v[i]) != 0)
            return ts_fail(err, "the session does not fit in a code");
    int d[SESSION_CODE_MAX];
    int nd = 0;
    do {
        if (nd == SESSION_CODE_MAX - 1)
            return ts_fail(err, "the session does not fit in a code");
        d[nd++] = (int)big_divmod(&b, BASE);
    } while (!big_is_zero(&b));
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

static float take_float3(Big *b, float off, double scale, long base, long radix)
{
    switch (take(b, 3)) {
    case 0: return off;
    case 1: return (float)((double)((long)take(b, (uint64_t)radix) + base) / scale);
    default: return bits_float((uint32_t)take(b, RAW_RADIX));
    }
}

/* The fields, in reading order, from b; the ids are left in b. */
static int take_fields(Big *b, SessionCode *c, int *acrostic_prompt, int *wide, TsErr *err)
{
    c->fingerprint = (unsigned)take(b, FP_RADIX);
    unsigned form = (unsigned)take(b, FORM_RADIX);
    *acrostic_prompt = 0;
    if (form < 6) {
        c->form = form / 2 == 0 ? FORM_FREE : FORM_JUEJU;
        c->line_len = form / 2 == 1 ? 5 : 7;
        c->mid_text = (int)(form % 2);
    } else {
        unsigned w = form - 6;
        c->form = FORM_ACROSTIC;
        c->line_len = w / 4 ? 7 : 5;
        c->mid_text = (int)(w / 2 % 2);
        *acrostic_prompt = (int)(w % 2);
    }
    unsigned t = (unsigned)take(b, TEMP_RADIX);
    if (t < TEMP_TENTHS)
        c->set.temperature = (float)(t / 10.0);
    else if (t == TEMP_TENTHS)
        c->set.temperature = (float)((double)take(b, TEMP_HUNDREDTHS) / 100.0);
    else
        c->set.temperature = bits_float((uint32_t)take(b, RAW_RADIX));
    *wide = 0;
    if (take(b, 2)) {
        switch (take(b, 3)) {
        case 0: c->set.top_k = 0; break;
        case 1: c->set.top_k = 1 + (int)take(b, TOP_K_SMALL); break;
        default: c->set.top_k = (int)take(b, TOP_K_ANY); break;
        }
        c->set.top_p = take_float3(b, 1.0f, 100.0, 0, TOP_P_HUNDREDTHS);
        c->set.min_p = take_float3(b, 0.0f, 100.0, 0, MIN_P_HUNDREDTHS);
        c->set.repetition_penalty = take_float3(b, 1.0f, 100.0, 100, PENALTY_HUNDREDTHS);
        c->set.penalize_punctuation = (int)take(b, 2);
        c->policy = take(b, 2) ? CONTEXT_SLIDE : CONTEXT_SHIFT;
        *wide = (int)take(b, 2);
        c->poems = take(b, 2) ? 1 + (int)take(b, POEMS_RADIX) : 1;
        c->max_chars = take(b, 2) ? 1 + (int)take(b, MAX_CHARS_RADIX) : SESSION_DEFAULT_MAX_CHARS;
        if (take(b, 2))
            return ts_fail(err, "this code was made by a newer tangscope");
    }
    if (take(b, 2) == 0) {
        c->seed = take(b, SEED_SMALL);
    } else {
        uint64_t lo = take(b, RAW_RADIX);
        c->seed = lo | take(b, RAW_RADIX) << 32;
    }
    if (*acrostic_prompt) {
        c->n_heads = 1 + (int)take(b, FORM_MAX_HEADS);
        for (int i = 0; i < c->n_heads; i++)
            c->heads[i] = (int)take(b, *wide ? WIDE_ID_RADIX : ID_RADIX);
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
                            "mistyped, left out or swapped");
    Big b = {.n = 0};
    for (int i = 0; i < nd - 1; i++)
        if (big_mul_add(&b, BASE, (uint64_t)d[i]) != 0)
            return ts_fail(err, "the code is too long");
    int acrostic_prompt, wide;
    if (take_fields(&b, out, &acrostic_prompt, &wide, err) != 0)
        return -1;
    /* the bijective tail: each digit is an id + 1, so its length is in the number */
    int *ids = out->form == FORM_ACROSTIC && !acrostic_prompt ? out->heads : out->prompt;
    int cap = ids == out->heads ? FORM_MAX_HEADS : SESSION_MAX_CHARS;
    uint64_t id_radix = wide ? WIDE_ID_RADIX : ID_RADIX;
    int n = 0;
    while (!big_is_zero(&b)) {
        if (n == cap)
            return ts_fail(err, "the code holds more than %d characters", cap);
        big_dec(&b);
        ids[n++] = (int)take(&b, id_radix);
    }
    if (ids == out->heads)
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

int session_code_check(const SessionCode *c, const Model *m, TsErr *err)
{
    unsigned fp = session_code_fingerprint(m);
    if (c->fingerprint != fp)
        return ts_fail(err, "this code was made with another model (its fingerprint is %u, this "
                            "model's %u): open it with the model it was made with",
                       c->fingerprint, fp);
    for (int i = 0; i < c->n_prompt; i++)
        if (c->prompt[i] >= m->vocab.size)
            return ts_fail(err, "the code's prompt has token %d, and the model knows %d: it "
                                "was made with another model",
                           c->prompt[i], m->vocab.size);
    for (int i = 0; i < c->n_heads; i++)
        if (c->heads[i] >= m->vocab.size || !is_han(vocab_cp(&m->vocab, c->heads[i])))
            return ts_fail(err, "the code's acrostic head %d is not a character of this model",
                           i + 1);
    return 0;
}
