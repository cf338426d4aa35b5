/* convert.c - traditional to simplified (OpenCC) and the punctuation rule.
 * A build without OpenCC (TS_NO_OPENCC, make OPENCC=0) keeps the rule and
 * leaves traditional characters as typed, saying what to install. */
#include "engine/convert.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#ifndef TS_NO_OPENCC
#include <opencc.h>
#else
#define OPENCC_DEFAULT_CONFIG_TRAD_TO_SIMP "t2s.json"
#endif

uint32_t convert_punct(uint32_t cp)
{
    switch (cp) {
    case ',':
    case 0x3001: /* 、 */
    case 0xFF64: /* ､ */
        return 0xFF0C;
    case '.':
    case '?':
    case '!':
    case 0xFF0E: /* ． */
    case 0xFF1F: /* ？ */
    case 0xFF01: /* ！ */
    case 0xFF61: /* ｡ */
        return 0x3002;
    default:
        return 0;
    }
}

void convert_init(Converter *c, const char *config)
{
    memset(c, 0, sizeof *c);
    c->config = config ? config : OPENCC_DEFAULT_CONFIG_TRAD_TO_SIMP;
}

#ifndef TS_NO_OPENCC
bool convert_has_opencc(void) { return true; }

void convert_close(Converter *c)
{
    if (c->cc)
        opencc_close((opencc_t)c->cc);
    c->cc = NULL;
}

/* Open OpenCC once; afterwards c->cc is the converter or NULL with c->why. */
static void open_opencc(Converter *c)
{
    if (c->tried)
        return;
    c->tried = 1;
    opencc_t cc = opencc_open(c->config);
    if (cc == (opencc_t)-1) {
        const char *why = opencc_error();
        snprintf(c->why, sizeof c->why, "OpenCC's %s could not be loaded (%s)", c->config,
                 why && *why ? why : "no reason given");
        return;
    }
    c->cc = cc;
}

#else
bool convert_has_opencc(void) { return false; }

void convert_close(Converter *c) { c->cc = NULL; }

/* Without OpenCC: c->cc stays NULL, and c->why says what to install. */
static void open_opencc(Converter *c)
{
    c->tried = 1;
    snprintf(c->why, sizeof c->why, "%s",
             ts_text("this build has no OpenCC: to read traditional characters, install OpenCC "
                     "(Debian: libopencc-dev; Homebrew: opencc) and build again without "
                     "OPENCC=0"));
}
#endif

/* Decode len bytes into a new array; -1 on malformed UTF-8 or no memory. */
static int decode_all(const char *s, size_t len, uint32_t **cps, size_t *n)
{
    *cps = malloc((len + 1) * sizeof **cps);
    *n = 0;
    if (!*cps)
        return -1;
    size_t pos = 0;
    while (pos < len)
        if (utf8_decode(s, len, &pos, &(*cps)[(*n)++]) != 0) {
            free(*cps);
            *cps = NULL;
            return -1;
        }
    return 0;
}

static int known(const Vocab *v, uint32_t cp) { return v && vocab_id(v, cp) >= 0; }

#ifndef TS_NO_OPENCC
/* OpenCC's choice for each of the n characters cps (the text s, len bytes):
 * into conv[n]. The whole text goes in, so phrases convert as phrases; if the
 * number of characters changed, each character is converted alone. */
static void run_opencc(Converter *c, const char *s, size_t len, const uint32_t *cps, size_t n,
                       uint32_t *conv)
{
    memcpy(conv, cps, n * sizeof *conv);
    char *whole = opencc_convert_utf8((opencc_t)c->cc, s, len);
    if (whole) {
        uint32_t *got;
        size_t n_got;
        int ok = decode_all(whole, strlen(whole), &got, &n_got) == 0;
        opencc_convert_utf8_free(whole);
        if (ok && n_got == n) {
            memcpy(conv, got, n * sizeof *conv);
            free(got);
            return;
        }
        free(got);
    }
    for (size_t i = 0; i < n; i++) {
        char one[8];
        int bytes = utf8_encode(cps[i], one);
        char *alone = bytes ? opencc_convert_utf8((opencc_t)c->cc, one, (size_t)bytes) : NULL;
        if (!alone)
            continue;
        size_t at = 0, alen = strlen(alone);
        uint32_t cp;
        if (utf8_decode(alone, alen, &at, &cp) == 0 && at == alen)
            conv[i] = cp;
        opencc_convert_utf8_free(alone);
    }
}
#else
static void run_opencc(Converter *c, const char *s, size_t len, const uint32_t *cps, size_t n,
                       uint32_t *conv)
{
    (void)c, (void)s, (void)len;
    memcpy(conv, cps, n * sizeof *conv); /* never called: c->cc is NULL */
}
#endif

static void note_change(Converted *out, uint32_t from, uint32_t to)
{
    out->changed++;
    for (int i = 0; i < out->n_pairs; i++)
        if (out->pairs[i].from == from && out->pairs[i].to == to)
            return;
    if (out->n_pairs < CONVERT_MAX_PAIRS)
        out->pairs[out->n_pairs++] = (ConvertPair){from, to};
    else
        out->more_pairs = 1;
}

int convert_text(Converter *c, const Vocab *v, const char *text, size_t len, Converted *out,
                 TsErr *err)
{
    memset(out, 0, sizeof *out);
    uint32_t *cps = NULL, *conv = NULL;
    size_t n = 0;
    out->text = malloc(4 * len + 1); /* a character never takes more than 4 bytes */
    if (!out->text)
        return ts_fail(err, "out of memory converting a text of %zu bytes", len);
    if (decode_all(text, len, &cps, &n) != 0) {
        memcpy(out->text, text, len); /* as typed: the encoder names what is wrong */
        out->text[len] = 0;
        out->len = len;
        return 0;
    }
    int need = 0; /* a character only OpenCC could make known */
    for (size_t i = 0; i < n; i++)
        if (!known(v, cps[i]) && cps[i] >= 0x80 && !convert_punct(cps[i]))
            need = 1;
    if (need) {
        open_opencc(c);
        if (c->cc) {
            conv = malloc((n + 1) * sizeof *conv);
            if (!conv) {
                free(cps);
                converted_free(out);
                return ts_fail(err, "out of memory converting a text of %zu bytes", len);
            }
            run_opencc(c, text, len, cps, n, conv);
        } else {
            out->no_opencc = 1;
            snprintf(out->why, sizeof out->why, "%s", c->why);
        }
    }
    for (size_t i = 0; i < n; i++) {
        uint32_t to = cps[i];
        if (!known(v, to)) {
            if (conv)
                to = conv[i];
            uint32_t punct = convert_punct(to);
            if (punct)
                to = punct;
            if (v && !known(v, to))
                to = cps[i]; /* no help: the encoder names what the user typed */
            if (to != cps[i])
                note_change(out, cps[i], to);
        }
        int bytes = utf8_encode(to, out->text + out->len);
        out->len += (size_t)bytes;
    }
    out->text[out->len] = 0;
    free(conv);
    free(cps);
    return 0;
}

void converted_free(Converted *out)
{
    free(out->text);
    out->text = NULL;
    out->len = 0;
}
