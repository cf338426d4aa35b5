/* test_po.c - the texts of po/ as the program finds them (app/po.c), and
 * that they are the only place a sentence in Chinese, German or French is
 * written: the C sources hold none outside tests/data/po-only.allow, the
 * data that only looks like one (the language table's names, units). */
#include <dirent.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "app/labels.h"
#include "app/po.h"
#include "check.h"
#include "testutil.h"
#include "engine/fileio.h"

/* ---- the lookups ---- */

static void test_every_language_has_its_file(void)
{
    /* the template first, then one PO file per language row but English,
     * and no PO file without a row (it would never be read) */
    CHECK(PO_N_CATALOGS >= 1 && strcmp(PO_CATALOGS[0].code, "en") == 0, "the template comes first");
    for (int l = 1; l < LANG_COUNT; l++) {
        int found = 0;
        for (int i = 1; i < PO_N_CATALOGS; i++)
            found += strcmp(PO_CATALOGS[i].code, app_lang_code((AppLang)l)) == 0;
        CHECK(found == 1, "po/%s.po: %d catalogs", app_lang_code((AppLang)l), found);
    }
    for (int i = 1; i < PO_N_CATALOGS; i++)
        CHECK(app_lang_parse(PO_CATALOGS[i].code) > 0, "po/%s.po has no row in lang.c",
              PO_CATALOGS[i].code);
}

static void test_lookups(void)
{
    /* a label, a help and a verb come in the language asked, and English
     * is the template's */
    CHECK(strcmp(po_label(LANG_EN, LBL_SEED), "seed") == 0, "English label");
    CHECK(strcmp(po_label(LANG_DE, LBL_SEED), "Startwert") == 0, "German label: %s",
          po_label(LANG_DE, LBL_SEED));
    /* a setting's word by its whole context, English where a language lacks it */
    CHECK(strcmp(po_word(LANG_EN, "setting temperature"), "temperature") == 0, "English word");
    CHECK(strcmp(po_word(LANG_DE, "setting temperature"), "Temperatur") == 0, "German word: %s",
          po_word(LANG_DE, "setting temperature"));
    CHECK(po_word(LANG_FR, "setting no-such-setting") == NULL, "no word for what is no setting");
    CHECK(po_word_own(LANG_DE, "setting no-such-setting") == NULL, "no own word either");
    CHECK(po_word(LANG_EN, "temperature") == NULL, "a word is found by its whole context");
    CHECK(po_label(LANG_EN, LBL_COUNT) == NULL, "no label past the last");
    const char *en = po_help(LANG_EN, "probs"), *fr = po_help(LANG_FR, "probs");
    CHECK(en && strncmp(en, "usage: tangscope probs", 22) == 0, "English help: %.30s", en ? en : "");
    CHECK(fr && strstr(fr, "tangscope probs") && strcmp(fr, en) != 0, "French help");
    CHECK(po_help(LANG_DE, "no-such-command") == NULL, "no help for what is no command");
    const char *zh = po_verb(LANG_ZH, "prompt");
    CHECK(zh && strcmp(zh, po_verb(LANG_EN, "prompt")) != 0, "Chinese verb line");
    /* a message by its English, the English itself where none is */
    const char *open = po_message(LANG_FR, "%s: cannot open: %s");
    CHECK(open && strstr(open, "impossible"), "French message: %s", open ? open : "(none)");
    CHECK(po_message(LANG_EN, "%s: cannot open: %s") == NULL, "English needs no translation");
    CHECK(strcmp(po_text(LANG_DE, "no such message, made up here"), "no such message, made up here") == 0,
          "an unknown message stays as it is");
    int libc = -1, n = 0;
    for (const char *m; (m = po_message_at(n, &libc)) != NULL; n++)
        if (strcmp(m, "Permission denied") == 0)
            CHECK(libc == 1, "strerror's text is marked as the C library's");
    CHECK(n > 200, "%d messages in the template", n);
}

/* ---- no sentence in the sources ---- */

/* Is code point cp a letter of Chinese, German or French that English does
 * not write: a Han character or full-width sign, or a Latin letter with a
 * mark (ä, é, ß, œ)? */
static int foreign(uint32_t cp)
{
    return (cp >= 0x3000 && cp <= 0x9fff) || (cp >= 0xff00 && cp <= 0xffef) ||
           (cp >= 0xc0 && cp <= 0x17f && cp != 0xd7 && cp != 0xf7);
}

static int has_foreign(const char *s, size_t n)
{
    for (size_t i = 0; i < n;) {
        unsigned char c = (unsigned char)s[i];
        uint32_t cp = c;
        int len = c < 0x80 ? 1 : c < 0xe0 ? 2 : c < 0xf0 ? 3 : 4;
        if (len > 1 && i + (size_t)len <= n) {
            cp = c & (0x7f >> len);
            for (int k = 1; k < len; k++)
                cp = cp << 6 | ((unsigned char)s[i + (size_t)k] & 0x3f);
        }
        if (foreign(cp))
            return 1;
        i += (size_t)len;
    }
    return 0;
}

typedef struct {
    char *text; /* tests/data/po-only.allow */
    int found, checked;
} Allow;

/* Is the literal [s, s+n) of file allowed: a line "FILE<TAB>LITERAL<TAB>why",
 * or "FILE<TAB>*<TAB>why" for a file of data alone? */
static int allowed(Allow *a, const char *file, const char *s, size_t n)
{
    char key[512];
    int k = snprintf(key, sizeof key, "\n%s\t*\t", file);
    if (k > 0 && (size_t)k < sizeof key && strstr(a->text, key))
        return 1;
    k = snprintf(key, sizeof key, "\n%s\t%.*s\t", file, (int)n, s);
    if (k <= 0 || (size_t)k >= sizeof key)
        return 0;
    return strstr(a->text, key) != NULL;
}

/* Every string literal of one C file outside comments and character
 * constants; one that holds a foreign letter must be allowed. */
static void scan_file(Allow *a, const char *path)
{
    unsigned char *buf = NULL;
    size_t len = 0;
    TsErr err;
    if (read_file(path, FILE_TEXT, &buf, &len, &err) != 0) {
        CHECK(0, "%s", err.msg);
        return;
    }
    const char *s = (const char *)buf;
    for (size_t i = 0; i < len; i++) {
        if (s[i] == '/' && i + 1 < len && s[i + 1] == '*') {
            const char *end = strstr(s + i + 2, "*/");
            i = end ? (size_t)(end - s) + 1 : len;
        } else if (s[i] == '/' && i + 1 < len && s[i + 1] == '/') {
            while (i < len && s[i] != '\n')
                i++;
        } else if (s[i] == '\'' || s[i] == '"') {
            char q = s[i];
            size_t start = ++i;
            while (i < len && s[i] != q && s[i] != '\n')
                i += s[i] == '\\' ? 2 : 1;
            a->checked++;
            if (q == '"' && has_foreign(s + start, i - start)) {
                a->found++;
                CHECK(allowed(a, path, s + start, i - start),
                      "%s: \"%.*s\" is a text people read: it belongs in po/ (or, if it is data, in "
                      "tests/data/po-only.allow)",
                      path, (int)(i - start), s + start);
            }
        }
    }
    free(buf);
}

static void scan_folder(Allow *a, const char *dir)
{
    DIR *d = opendir(dir);
    CHECK(d != NULL, "cannot read %s", dir);
    for (struct dirent *e; d && (e = readdir(d)) != NULL;) {
        size_t n = strlen(e->d_name);
        if (n < 3 || e->d_name[n - 2] != '.' || (e->d_name[n - 1] != 'c' && e->d_name[n - 1] != 'h'))
            continue;
        char path[512];
        snprintf(path, sizeof path, "%s/%s", dir, e->d_name);
        scan_file(a, path);
    }
    if (d)
        closedir(d);
}

static void test_no_sentence_in_the_sources(void)
{
    unsigned char *text = NULL;
    size_t len = 0;
    TsErr err;
    CHECK(read_file("tests/data/po-only.allow", FILE_TEXT, &text, &len, &err) == 0, "%s", err.msg);
    /* a newline before the first line, so that every line starts with one */
    char *lines = malloc(len + 2);
    CHECK(lines != NULL, "memory");
    if (!text || !lines) {
        free(text);
        free(lines);
        return;
    }
    lines[0] = '\n';
    memcpy(lines + 1, text, len);
    lines[len + 1] = 0;
    Allow a = {.text = lines};
    static const char *const DIRS[] = {"src/engine", "src/app", "src/tui", "src/cli"};
    for (size_t i = 0; i < sizeof DIRS / sizeof DIRS[0]; i++)
        scan_folder(&a, DIRS[i]);
    scan_file(&a, "src/main.c");
    /* the scan saw the sources: thousands of literals, the allowed data among them */
    CHECK(a.checked > 3000, "only %d literals read", a.checked);
    CHECK(a.found >= 5, "only %d literals with foreign letters, the language table's names among them",
          a.found);
    free(text);
    free(lines);
}

int main(void)
{
    RUN(test_every_language_has_its_file);
    RUN(test_lookups);
    RUN(test_no_sentence_in_the_sources);
    return test_summary();
}
