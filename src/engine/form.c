/* form.c - verse forms as decoding constraints, and the shape check (see form.h). */
#include "engine/form.h"

#include <stdlib.h>
#include <string.h>

#define CP_COMMA 0xFF0Cu  /* ， fullwidth comma */
#define CP_PERIOD 0x3002u /* 。 ideographic full stop */
#define CP_NEWLINE 0x0Au

int is_han(uint32_t cp)
{
    return (cp >= 0x3400 && cp <= 0x4DBF)     /* Extension A */
           || (cp >= 0x4E00 && cp <= 0x9FFF)  /* Unified Ideographs */
           || (cp >= 0xF900 && cp <= 0xFAFF)  /* Compatibility Ideographs */
           || (cp >= 0x20000 && cp <= 0x3FFFF); /* Extensions B and later, planes 2-3 */
}

void form_init_free(Form *f)
{
    memset(f, 0, sizeof *f);
    f->kind = FORM_FREE;
    f->comma = f->period = f->newline = -1;
}

/* What every fixed form shares: the line length, and the marks and the
 * newline present in the vocabulary. */
static int form_init_common(Form *f, const Vocab *v, FormKind kind, int line_len, TsErr *err)
{
    form_init_free(f);
    if (line_len != 5 && line_len != 7)
        return ts_fail(err, "line length must be 5 or 7 characters, not %d", line_len);
    int comma = vocab_id(v, CP_COMMA), period = vocab_id(v, CP_PERIOD),
        newline = vocab_id(v, CP_NEWLINE);
    uint32_t need[3] = {CP_COMMA, CP_PERIOD, CP_NEWLINE};
    int ids[3] = {comma, period, newline};
    for (int i = 0; i < 3; i++) {
        if (ids[i] < 0) {
            char name[48];
            vocab_describe(need[i], name, sizeof name);
            return ts_fail(err, "the model's vocabulary lacks %s, which a verse form needs; "
                                "use the free form with this model", name);
        }
    }
    int han = 0;
    for (int i = 0; i < v->size && !han; i++)
        han = is_han(vocab_cp(v, i));
    if (!han)
        return ts_fail(err, "the model's vocabulary has no Han characters to write a poem with");
    f->kind = kind;
    f->line_len = line_len;
    f->comma = comma;
    f->period = period;
    f->newline = newline;
    return 0;
}

int form_init_acrostic(Form *f, const Vocab *v, const char *heads, int line_len, TsErr *err)
{
    if (form_init_common(f, v, FORM_ACROSTIC, line_len, err) != 0)
        return -1;
    size_t len = strlen(heads), pos = 0;
    int n = 0;
    while (pos < len) {
        uint32_t cp;
        size_t at = pos;
        if (utf8_decode(heads, len, &pos, &cp) != 0) {
            form_init_free(f);
            return ts_fail(err, "acrostic heads: invalid UTF-8 at byte %zu", at);
        }
        char name[48];
        vocab_describe(cp, name, sizeof name);
        if (n == FORM_MAX_HEADS) {
            form_init_free(f);
            return ts_fail(err, "acrostic heads: at most %d characters, one per line",
                           FORM_MAX_HEADS);
        }
        if (!is_han(cp)) {
            form_init_free(f);
            return ts_fail(err, "acrostic head %d, %s, is not a Han character; heads are the "
                                "first characters of the lines",
                           n + 1, name);
        }
        int id = vocab_id(v, cp);
        if (id < 0) {
            form_init_free(f);
            return ts_fail(err, "acrostic head %d, %s, is not in the model's vocabulary; "
                                "choose another character",
                           n + 1, name);
        }
        f->heads[n++] = id;
    }
    if (n == 0) {
        form_init_free(f);
        return ts_fail(err, "acrostic heads: give 1 to %d characters, one per line",
                       FORM_MAX_HEADS);
    }
    f->n_lines = n;
    return 0;
}

int form_init_jueju(Form *f, const Vocab *v, int line_len, TsErr *err)
{
    if (form_init_common(f, v, FORM_JUEJU, line_len, err) != 0)
        return -1;
    f->n_lines = 4;
    return 0;
}

/* The mark that closes line `line`: ， and 。 alternate, and the last line
 * always ends in 。. */
static int form_mark(const Form *f, int line)
{
    return line == f->n_lines - 1 || line % 2 == 1 ? f->period : f->comma;
}

int form_allowed(const Form *f, const Vocab *v, uint8_t *allowed)
{
    int V = v->size;
    if (f->kind == FORM_FREE) {
        memset(allowed, 1, (size_t)V);
        return V;
    }
    memset(allowed, 0, (size_t)V);
    int only = -1;
    if (f->done || f->line >= f->n_lines)
        only = f->newline;
    else if (f->col == f->line_len)
        only = form_mark(f, f->line);
    else if (f->col == 0 && f->kind == FORM_ACROSTIC)
        only = f->heads[f->line];
    if (only >= 0) {
        allowed[only] = 1;
        return 1;
    }
    int count = 0;
    for (int i = 0; i < V; i++) {
        if (is_han(vocab_cp(v, i))) {
            allowed[i] = 1;
            count++;
        }
    }
    return count;
}

void form_advance(Form *f, const Vocab *v, int token)
{
    (void)v; /* the position alone says what token was: it had to be allowed */
    if (f->kind == FORM_FREE || f->done)
        return;
    if (f->line >= f->n_lines) {
        if (token == f->newline)
            f->done = 1;
    } else if (f->col < f->line_len) {
        f->col++;
    } else {
        f->line++;
        f->col = 0;
    }
}

int poem_well_formed(const uint32_t *cps, size_t n)
{
    int line_len = 0; /* 0 until the first line sets it */
    int col = 0, lines = 0;
    for (size_t i = 0; i < n; i++) {
        uint32_t cp = cps[i];
        if (is_han(cp)) {
            col++;
            continue;
        }
        uint32_t expect = lines % 2 == 0 ? CP_COMMA : CP_PERIOD;
        if (cp != expect)
            return 0; /* a mark out of turn, or something that is neither */
        if ((col != 5 && col != 7) || (line_len && col != line_len))
            return 0;
        line_len = col;
        lines++;
        col = 0;
    }
    /* Ends on a mark, and since marks alternate from ，, an even count ends on 。. */
    return col == 0 && lines > 0 && lines % 2 == 0;
}

int poem_lines(const uint32_t *cps, size_t n)
{
    int lines = 0, open = 0;
    for (size_t i = 0; i < n; i++) {
        int mark = cps[i] == CP_COMMA || cps[i] == CP_PERIOD;
        lines += mark;
        open = !mark;
    }
    return lines + open;
}

int form_follow(Form *f, const Vocab *v, const int *ids, size_t n, TsErr *err)
{
    if (f->kind == FORM_FREE || n == 0)
        return 0;
    uint8_t *allowed = malloc((size_t)v->size);
    if (!allowed)
        return ts_fail(err, "out of memory");
    for (size_t i = 0; i < n; i++) {
        form_allowed(f, v, allowed);
        if (ids[i] < 0 || ids[i] >= v->size || !allowed[ids[i]]) {
            char name[32];
            vocab_describe(ids[i] >= 0 && ids[i] < v->size ? vocab_cp(v, ids[i]) : 0xFFFD, name,
                           sizeof name);
            free(allowed);
            return ts_fail(err, "the verse form does not allow %s as character %zu of the prompt",
                           name, i + 1);
        }
        form_advance(f, v, ids[i]);
    }
    free(allowed);
    return 0;
}
