/* errtext.c - the engine's messages in the interface language (see
 * errtext.h): their texts are the PO files' (po.h), keyed by the English. */
#include "app/errtext.h"

#include <stdatomic.h>
#include <stddef.h>

#include "app/po.h"
#include "engine/common.h"

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

void errtext_use(AppLang lang)
{
    g_lang = (unsigned)lang < LANG_COUNT ? (int)lang : LANG_EN;
    /* installed once, by the program's thread (the first call comes before
     * any other thread starts); later calls change the language alone */
    static int installed;
    if (!installed)
        ts_set_translator(translate);
    installed = 1;
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
