/* vocab.c - UTF-8 decoding, the character vocabulary, and text files read as token ids. */
#include "engine/vocab.h"

#include "engine/fileio.h"

#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define MAX_CP 0x10FFFFu

int utf8_decode(const char *s, size_t n, size_t *pos, uint32_t *cp)
{
    const unsigned char *u = (const unsigned char *)s + *pos;
    size_t left = n - *pos;
    if (left == 0)
        return -1;
    uint32_t c = u[0];
    int len;
    uint32_t min;
    if (c < 0x80) {
        *cp = c;
        *pos += 1;
        return 0;
    } else if ((c & 0xE0) == 0xC0) {
        len = 2, c &= 0x1F, min = 0x80;
    } else if ((c & 0xF0) == 0xE0) {
        len = 3, c &= 0x0F, min = 0x800;
    } else if ((c & 0xF8) == 0xF0) {
        len = 4, c &= 0x07, min = 0x10000;
    } else {
        return -1; /* continuation byte or 0xF8.. as a lead byte */
    }
    if (left < (size_t)len)
        return -1;
    for (int i = 1; i < len; i++) {
        if ((u[i] & 0xC0) != 0x80)
            return -1;
        c = (c << 6) | (u[i] & 0x3F);
    }
    /* Overlong forms, surrogates and values past U+10FFFF are not characters. */
    if (c < min || c > MAX_CP || (c >= 0xD800 && c <= 0xDFFF))
        return -1;
    *cp = c;
    *pos += (size_t)len;
    return 0;
}

size_t utf8_back(const char *s, size_t end)
{
    while (end > 0 && ((unsigned char)s[end - 1] & 0xC0) == 0x80)
        end--;
    return end > 0 ? end - 1 : 0;
}

int utf8_valid(const char *s)
{
    size_t len = strlen(s), pos = 0;
    uint32_t cp;
    while (pos < len)
        if (utf8_decode(s, len, &pos, &cp) != 0)
            return 0;
    return 1;
}

int utf8_encode(uint32_t cp, char *out)
{
    unsigned char *o = (unsigned char *)out;
    if (cp < 0x80) {
        o[0] = (unsigned char)cp;
        return 1;
    }
    if (cp < 0x800) {
        o[0] = (unsigned char)(0xC0 | (cp >> 6));
        o[1] = (unsigned char)(0x80 | (cp & 0x3F));
        return 2;
    }
    if (cp >= 0xD800 && cp <= 0xDFFF)
        return 0;
    if (cp < 0x10000) {
        o[0] = (unsigned char)(0xE0 | (cp >> 12));
        o[1] = (unsigned char)(0x80 | ((cp >> 6) & 0x3F));
        o[2] = (unsigned char)(0x80 | (cp & 0x3F));
        return 3;
    }
    if (cp <= MAX_CP) {
        o[0] = (unsigned char)(0xF0 | (cp >> 18));
        o[1] = (unsigned char)(0x80 | ((cp >> 12) & 0x3F));
        o[2] = (unsigned char)(0x80 | ((cp >> 6) & 0x3F));
        o[3] = (unsigned char)(0x80 | (cp & 0x3F));
        return 4;
    }
    return 0;
}

void vocab_describe(uint32_t cp, char *out, size_t size)
{
    if (cp == '\n') {
        snprintf(out, size, "U+000A (newline)");
    } else if (ts_cp_unsafe(cp)) { /* shown, it would act on the terminal */
        snprintf(out, size, "U+%04X (control character)", (unsigned)cp);
    } else {
        char buf[5] = {0};
        int len = utf8_encode(cp, buf);
        if (len == 0)
            snprintf(out, size, "U+%04X", (unsigned)cp);
        else
            snprintf(out, size, "%s%s%s (U+%04X)", ts_quote_mark(0), buf, ts_quote_mark(1), (unsigned)cp);
    }
}

int vocab_cp_allowed(uint32_t cp)
{
    return cp == '\n' || (cp <= MAX_CP && !(cp >= 0xD800 && cp <= 0xDFFF) && !ts_cp_unsafe(cp));
}

uint32_t vocab_shown_cp(uint32_t cp)
{
    if (cp == '\n')
        return 0x23CE;
    if (cp < 0x20)
        return 0x2400 + cp;
    if (cp == 0x7F)
        return 0x2421;
    return vocab_cp_allowed(cp) ? cp : 0xFFFD;
}

uint32_t vocab_written_cp(uint32_t cp) { return cp == '\n' ? cp : vocab_shown_cp(cp); }

int vocab_text_unsafe(const char *text, size_t len)
{
    size_t pos = 0;
    while (pos < len) {
        uint32_t cp;
        if (utf8_decode(text, len, &pos, &cp) != 0)
            pos++;
        else if (vocab_written_cp(cp) != cp)
            return 1;
    }
    return 0;
}

char *vocab_text_written(const char *text, size_t len)
{
    /* a character grows at most threefold: a C0 control (one byte) becomes
     * its picture (three) */
    char *out = len <= (SIZE_MAX - 1) / 3 ? malloc(3 * len + 1) : NULL;
    if (!out)
        return NULL;
    size_t pos = 0, n = 0;
    while (pos < len) {
        uint32_t cp;
        size_t at = pos;
        if (utf8_decode(text, len, &pos, &cp) != 0)
            out[n++] = text[pos++];
        else if (vocab_written_cp(cp) == cp)
            while (at < pos)
                out[n++] = text[at++];
        else
            n += (size_t)utf8_encode(vocab_written_cp(cp), out + n);
    }
    out[n] = 0;
    return out;
}

int vocab_show(uint32_t cp, char out[8])
{
    int n = utf8_encode(vocab_shown_cp(cp), out);
    out[n] = 0;
    return n;
}

int vocab_id(const Vocab *v, uint32_t cp)
{
    int lo = 0, hi = v->size - 1;
    while (lo <= hi) {
        int mid = lo + (hi - lo) / 2;
        if (v->cps[mid] == cp)
            return mid;
        if (v->cps[mid] < cp)
            lo = mid + 1;
        else
            hi = mid - 1;
    }
    return -1;
}

int vocab_encode(const Vocab *v, const char *text, size_t len, const char *what,
                 int **ids, size_t *n_ids, TsErr *err)
{
    *ids = NULL;
    *n_ids = 0;
    /* Every character takes at least one byte, so len ids are always enough. */
    int *out = ts_calloc(len ? len : 1, sizeof(int), err);
    if (!out)
        return -1;
    size_t pos = 0, n = 0;
    while (pos < len) {
        uint32_t cp;
        size_t at = pos;
        if (utf8_decode(text, len, &pos, &cp) != 0) {
            free(out);
            return ts_fail(err, "%s: invalid UTF-8 at byte %zu", what, at);
        }
        int id = vocab_id(v, cp);
        if (id < 0) {
            char name[48];
            vocab_describe(cp, name, sizeof name);
            free(out);
            return ts_fail(err, "%s: character %s at position %zu is not in the model's vocabulary",
                           what, name, n + 1);
        }
        out[n++] = id;
    }
    *ids = out;
    *n_ids = n;
    return 0;
}

int vocab_build(Vocab *v, const char *text, size_t len, const char *what, TsErr *err)
{
    memset(v, 0, sizeof *v);
    unsigned char *seen = ts_calloc((MAX_CP + 8) / 8, 1, err);
    if (!seen)
        return -1;
    seen['\n' / 8] |= 1u << ('\n' % 8);
    size_t pos = 0, chars = 0, line = 1;
    while (pos < len) {
        uint32_t cp;
        size_t at = pos;
        if (utf8_decode(text, len, &pos, &cp) != 0) {
            free(seen);
            return ts_fail(err, "%s: invalid UTF-8 at byte %zu", what, at);
        }
        chars++;
        if (!vocab_cp_allowed(cp)) {
            free(seen);
            return ts_fail(err, "%s: character U+%04X at position %zu (line %zu) is a control "
                           "character: a training text holds only printable characters and the "
                           "newline", what, (unsigned)cp, chars, line);
        }
        line += cp == '\n';
        seen[cp / 8] |= (unsigned char)(1u << (cp % 8));
    }
    int count = 0;
    for (uint32_t cp = 0; cp <= MAX_CP; cp++)
        count += (seen[cp / 8] >> (cp % 8)) & 1;
    v->cps = ts_calloc((size_t)count, sizeof(uint32_t), err);
    if (!v->cps) {
        free(seen);
        return -1;
    }
    for (uint32_t cp = 0; cp <= MAX_CP; cp++)
        if ((seen[cp / 8] >> (cp % 8)) & 1)
            v->cps[v->size++] = cp;
    free(seen);
    return 0;
}

int vocab_from_cps(Vocab *v, const uint32_t *cps, int count, TsErr *err)
{
    memset(v, 0, sizeof *v);
    v->cps = ts_calloc((size_t)count, sizeof(uint32_t), err);
    if (!v->cps)
        return -1;
    memcpy(v->cps, cps, (size_t)count * sizeof(uint32_t));
    v->size = count;
    return 0;
}

void vocab_free(Vocab *v)
{
    free(v->cps);
    v->cps = NULL;
    v->size = 0;
}

int vocab_text_load(VocabText *t, const char *path, const Vocab *v, int keep_bytes, TsErr *err)
{
    memset(t, 0, sizeof *t);
    TsQuoted q;
    ts_quote(&q, path);
    int rc = read_file(path, FILE_TEXT, &t->bytes, &t->len, err);
    if (rc == 0 && !v) {
        rc = vocab_build(&t->own, (const char *)t->bytes, t->len, q.s, err);
        v = &t->own;
    }
    if (rc == 0)
        rc = vocab_encode(v, (const char *)t->bytes, t->len, q.s, &t->ids, &t->n, err);
    if (rc != 0) {
        vocab_text_free(t);
        return -1;
    }
    if (!keep_bytes) {
        free(t->bytes);
        t->bytes = NULL;
    }
    return 0;
}

void vocab_text_free(VocabText *t)
{
    free(t->ids);
    free(t->bytes);
    vocab_free(&t->own);
    memset(t, 0, sizeof *t);
}
