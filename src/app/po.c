/* po.c - looking texts up in the tables made from po/ (see po.h). */
#include "app/po.h"

#include <stdlib.h>
#include <string.h>

/* The catalog of a language, by its code (a handful of rows, and no state
 * shared between threads: an engine thread may translate its error); a
 * language without a PO file has none (NULL), English throughout. */
static const PoCatalog *catalog(AppLang lang)
{
    if ((unsigned)lang >= LANG_COUNT || lang == LANG_EN)
        return NULL;
    const char *code = app_lang_code(lang);
    for (int i = 1; i < PO_N_CATALOGS; i++)
        if (strcmp(PO_CATALOGS[i].code, code) == 0)
            return &PO_CATALOGS[i];
    return NULL;
}

static int cmp_key(const void *key, const void *pair)
{
    return strcmp(key, ((const PoPair *)pair)->key);
}

static const char *find(const PoPair *pairs, int n, const char *key)
{
    const PoPair *p = key && n > 0 ? bsearch(key, pairs, (size_t)n, sizeof *pairs, cmp_key) : NULL;
    return p ? p->text : NULL;
}

const char *po_label(AppLang lang, LabelId id)
{
    if ((unsigned)id >= LBL_COUNT)
        return NULL;
    const PoCatalog *c = catalog(lang);
    const char *text = c ? c->labels[id] : NULL;
    return text ? text : PO_CATALOGS[0].labels[id];
}

const char *po_help(AppLang lang, const char *cmd)
{
    const PoCatalog *c = catalog(lang);
    const char *text = c ? find(c->help, c->n_help, cmd) : NULL;
    return text ? text : find(PO_CATALOGS[0].help, PO_CATALOGS[0].n_help, cmd);
}

const char *po_verb(AppLang lang, const char *verb)
{
    const PoCatalog *c = catalog(lang);
    const char *text = c ? find(c->verbs, c->n_verbs, verb) : NULL;
    return text ? text : find(PO_CATALOGS[0].verbs, PO_CATALOGS[0].n_verbs, verb);
}

const char *po_word_own(AppLang lang, const char *ctx)
{
    const PoCatalog *c = lang == LANG_EN ? &PO_CATALOGS[0] : catalog(lang);
    return c ? find(c->words, c->n_words, ctx) : NULL;
}

const char *po_word(AppLang lang, const char *ctx)
{
    const char *text = po_word_own(lang, ctx);
    return text ? text : po_word_own(LANG_EN, ctx);
}

const char *po_message(AppLang lang, const char *english)
{
    const PoCatalog *c = catalog(lang);
    return c ? find(c->messages, c->n_messages, english) : NULL;
}

const char *po_text(AppLang lang, const char *english)
{
    const char *text = po_message(lang, english);
    return text ? text : english;
}

const char *po_message_at(int i, int *libc)
{
    if (i < 0 || i >= PO_CATALOGS[0].n_messages)
        return NULL;
    if (libc)
        *libc = PO_CATALOGS[0].messages[i].libc;
    return PO_CATALOGS[0].messages[i].key;
}
