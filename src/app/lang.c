/* lang.c - the table of interface languages (see lang.h). */
#include "app/lang.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define NBSP "\xc2\xa0" /* U+00A0, as the French and German lessons write it */

/* The codes, in row order: the first column of the table, kept apart so
 * that a list of words (the `lang` verb of the lessons, script.c) can point
 * at it. */
const char *const APP_LANG_CODES[LANG_COUNT + 1] = {
    [LANG_EN] = "en", [LANG_ZH] = "zh", [LANG_DE] = "de", [LANG_FR] = "fr", [LANG_COUNT] = NULL,
};

static const Language LANGUAGES[LANG_COUNT] = {
    [LANG_EN] = {.name = "English", .tag = "EN", .locales = "en",
                 .num = {".", ",", "%", 0, {"B", "KiB", "MiB", "GiB"}}, .large = 1e6, .large_decimals = 2,
                 .quote_open = "「", .quote_close = "」", .plural = PLURAL_ONE, /* around Chinese */
                 .echo_open = "'", .echo_close = "'",
                 .wrap = TEXTW_EN,
                 .colon = ": ", .semicolon = "; ",
                 .keys = {"Space", "Enter", "Backspace", "Esc", "Tab", "S-Tab", "Ctrl-", "S-", "PgUp",
                          "PgDn", "Del", "mouse"}},
    [LANG_ZH] = {.name = "中文", .tag = "中文", .locales = "zh",
                 .num = {".", "", "%", 1, {"B", "KiB", "MiB", "GiB"}}, .large = 1e4, .large_decimals = 0,
                 .quote_open = "「", .quote_close = "」", .plural = PLURAL_NONE,
                 .echo_open = "「", .echo_close = "」",
                 .wrap = TEXTW_ZH,
                 .colon = "：", .semicolon = "；",
                 .keys = {"空格", "回车", "退格", "Esc", "Tab", "S-Tab", "Ctrl-", "S-",
                          "PgUp", "PgDn", "Del", "鼠标"}},
    [LANG_DE] = {.name = "Deutsch", .tag = "DE", .locales = "de",
                 .num = {",", ".", NBSP "%", 0, {"B", "KiB", "MiB", "GiB"}}, .large = 1e6, .large_decimals = 2,
                 .quote_open = "„", .quote_close = "“", .plural = PLURAL_ONE,
                 .echo_open = "„", .echo_close = "“",
                 .wrap = TEXTW_DE,
                 .colon = ": ", .semicolon = "; ",
                 .keys = {"Leertaste", "Eingabe", "Rücktaste", "Esc", "Tab", "Umsch-Tab", "Strg-",
                          "Umsch-", "Bild↑", "Bild↓", "Entf", "Maus"}},
    [LANG_FR] = {.name = "Français", .tag = "FR", .locales = "fr",
                 .num = {",", NBSP, NBSP "%", 0, {"o", "Kio", "Mio", "Gio"}}, .large = 1e6, .large_decimals = 2,
                 .quote_open = "«" NBSP, .quote_close = NBSP "»", .plural = PLURAL_ZERO_ONE,
                 .echo_open = "«" NBSP, .echo_close = NBSP "»",
                 .wrap = TEXTW_FR,
                 .colon = NBSP ": ", .semicolon = NBSP "; ",
                 .keys = {"Espace", "Entrée", "Retour arr.", "Échap", "Tab", "Maj-Tab", "Ctrl-",
                          "Maj-", "Pg↑", "Pg↓", "Suppr", "souris"}},
};

const Language *lang_row(AppLang lang)
{
    return &LANGUAGES[(unsigned)lang < LANG_COUNT ? lang : LANG_EN];
}

int app_lang_parse(const char *code)
{
    for (int i = 0; code && i < LANG_COUNT; i++)
        if (strcmp(code, APP_LANG_CODES[i]) == 0)
            return i;
    return -1;
}

const char *app_lang_code(AppLang lang)
{
    return APP_LANG_CODES[(unsigned)lang < LANG_COUNT ? lang : LANG_EN];
}

const char *app_lang_codes(const char *sep)
{
    static char out[LANG_COUNT * 16];
    size_t n = 0;
    out[0] = 0;
    for (int i = 0; i < LANG_COUNT; i++) {
        const char *parts[2] = {i ? sep : "", APP_LANG_CODES[i]};
        for (int k = 0; k < 2; k++)
            for (const char *p = parts[k]; *p && n + 1 < sizeof out; p++)
                out[n++] = *p;
    }
    out[n] = 0;
    return out;
}

const char *app_lang_tags(void)
{
    static char out[LANG_COUNT * 16];
    size_t n = 0;
    for (int i = 0; i < LANG_COUNT; i++)
        n += (size_t)snprintf(out + n, n < sizeof out ? sizeof out - n : 0, "%s%s", i ? " " : "",
                              LANGUAGES[i].tag);
    return out;
}

/* Is word (len bytes) one of the space-separated words of list? */
static int listed(const char *list, const char *word, size_t len)
{
    while (*list) {
        size_t n = strcspn(list, " ");
        if (n == len && strncmp(list, word, len) == 0)
            return 1;
        list += n;
        list += *list == ' ';
    }
    return 0;
}

AppLang app_lang_from_env(void)
{
    /* the first of these that is set decides, as for the C library's messages */
    const char *names[] = {"LC_ALL", "LC_MESSAGES", "LANG"};
    for (int i = 0; i < 3; i++) {
        const char *v = getenv(names[i]);
        if (!v || !*v)
            continue;
        /* a locale name: language, then _territory, .codeset or @modifier */
        size_t len = strcspn(v, "_.@");
        for (int l = 0; len > 0 && l < LANG_COUNT; l++)
            if (listed(LANGUAGES[l].locales, v, len))
                return (AppLang)l;
        return LANG_EN;
    }
    return LANG_EN;
}

const char *app_key_name(AppLang lang, KeyNameId key)
{
    return (unsigned)key < KN_COUNT ? lang_row(lang)->keys[key] : "?";
}
