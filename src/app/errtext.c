/* errtext.c - the engine's messages in the interface language (see errtext.h):
 * their texts are po/'s (po.h), found by the English. */
#include "app/errtext.h"

#include <stdatomic.h>
#include <string.h>

#include "app/po.h"
#include "engine/common.h"
#include "engine/vocab.h"

/* The language the translator speaks: set by the program's thread, read by
 * any engine thread that fails. */
static _Atomic int g_lang = LANG_EN;

const char *errtext_in(AppLang lang, const char *english)
{
    if ((unsigned)lang >= LANG_COUNT || !english)
        return NULL;
    return lang == LANG_EN ? NULL : po_message(lang, english);
}

static const char *translate(const char *english) { return errtext_in((AppLang)g_lang, english); }

/* The language's marks around an echoed input (ts_quote). */
static const char *echo_mark(int close)
{
    const Language *row = lang_row((AppLang)g_lang);
    return close ? row->echo_close : row->echo_open;
}

void errtext_use(AppLang lang)
{
    g_lang = (unsigned)lang < LANG_COUNT ? (int)lang : LANG_EN;
    /* installed once, by the program's thread (the first call comes before
     * any other thread starts); later calls change the language alone */
    static int installed;
    if (!installed) {
        ts_set_translator(translate);
        ts_set_quote_marks(echo_mark);
    }
    installed = 1;
}

/* msg without the ASCII spaces beside the language's quotation marks when
 * those are full-width (「 」, lang.h echo_open), in place: a format written
 * for 'x' ("多余的参数 %s") then reads 「x」 without a gap. A full-width
 * character the message names (read , as ，) keeps its spaces. */
static void close_wide_gaps(char *msg, const char *open, const char *close)
{
    uint32_t first;
    size_t at = 0, n_open = strlen(open), n_close = strlen(close);
    if (!n_open || !n_close || utf8_decode(open, n_open, &at, &first) != 0 || first < 0x3000)
        return;
    size_t n = 0;
    for (size_t i = 0; msg[i];) {
        if (msg[i] == ' ' && strncmp(msg + i + 1, open, n_open) == 0) {
            i++; /* the space before 「 */
            continue;
        }
        if (strncmp(msg + i, close, n_close) == 0) {
            memmove(msg + n, msg + i, n_close);
            n += n_close;
            i += n_close;
            while (msg[i] == ' ')
                i++; /* the space after 」 */
            continue;
        }
        msg[n++] = msg[i++];
    }
    msg[n] = 0;
}

/* msg with a no-break space (U+00A0) where a space stands before : ; ? or !,
 * into out: how a language whose colon has one (French, lang.h) spaces them,
 * in the formats written with plain spaces. */
static void no_break_before_marks(const char *msg, char *out, size_t size)
{
    size_t n = 0;
    for (const char *p = msg; *p && n + 3 < size; p++) {
        if (*p == ' ' && p[1] && strchr(":;?!", p[1]) && (p[2] == ' ' || p[2] == 0)) {
            out[n++] = '\xc2';
            out[n++] = '\xa0';
        } else {
            out[n++] = *p;
        }
    }
    out[n] = 0;
}

void errtext_typeset(char *msg, size_t size)
{
    const Language *row = lang_row((AppLang)g_lang);
    close_wide_gaps(msg, row->echo_open, row->echo_close);
    if (strncmp(row->colon, "\xc2\xa0", 2) != 0 || size == 0)
        return;
    char spaced[2 * TS_ERR_MAX + TS_ERR_MAX];
    no_break_before_marks(msg, spaced, sizeof spaced < size ? sizeof spaced : size);
    memcpy(msg, spaced, strlen(spaced) + 1);
}

const char *errtext_row(int i, AppLang lang)
{
    const char *english = po_message_at(i, NULL);
    if (!english || (unsigned)lang >= LANG_COUNT)
        return NULL;
    return lang == LANG_EN ? english : po_message(lang, english);
}

int errtext_row_is_libc(int i)
{
    int libc = 0;
    return po_message_at(i, &libc) ? libc : 0;
}
