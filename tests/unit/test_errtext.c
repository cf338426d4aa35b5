/* test_errtext.c - the engine's messages in every language (po/, app/errtext.c):
 * every row is whole and takes the English conversions in the same order,
 * every English cell is a text the engine, the command line (or the C
 * library) really writes,
 * and an engine failure reads in the language installed. */
#include <dirent.h>
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "app/errtext.h"
#include "check.h"
#include "testutil.h"
#include "engine/common.h"
#include "engine/fileio.h"

static const char *const NAMES[LANG_COUNT] = {"en", "zh", "de", "fr"};

static int n_rows(void)
{
    int n = 0;
    while (errtext_row(n, LANG_EN))
        n++;
    return n;
}

static void test_every_cell(void)
{
    CHECK(n_rows() > 40, "only %d rows", n_rows());
    for (int i = 0; i < n_rows(); i++)
        for (int l = 0; l < LANG_COUNT; l++) {
            const char *t = errtext_row(i, (AppLang)l);
            CHECK(t && t[0], "row %d (%s) has no %s text", i, errtext_row(i, LANG_EN), NAMES[l]);
        }
}

static void test_same_conversions(void)
{
    char a[96], b[96];
    testutil_conversions("%s: %zu of %08x, 50%%", a, sizeof a);
    CHECK(strcmp(a, "s,zu,08x,") == 0, "the reader itself: %s", a);
    for (int i = 0; i < n_rows(); i++) {
        testutil_conversions(errtext_row(i, LANG_EN), a, sizeof a);
        for (int l = 1; l < LANG_COUNT; l++) {
            testutil_conversions(errtext_row(i, (AppLang)l), b, sizeof b);
            CHECK(strcmp(a, b) == 0, "row %d in %s: %s, English %s", i, NAMES[l], b, a);
        }
    }
}

/* ---- the English cells against the engine's sources ---- */

/* The string literals of a C file, adjacent ones joined as the compiler
 * joins them, escapes left as written; each ends with a NUL, the list with
 * an empty one (so "" is left out). Returns a malloc'd block. */
static char *literals(const char *path)
{
    FILE *f = fopen(path, "rb");
    if (!f)
        return NULL;
    fseek(f, 0, SEEK_END);
    long size = ftell(f);
    rewind(f);
    char *src = malloc((size_t)size + 1), *out = malloc((size_t)size + 2);
    size_t got = fread(src, 1, (size_t)size, f);
    fclose(f);
    src[got] = 0;
    size_t n = 0, start = 0;
    int open = 0; /* a literal is being collected (it may go on after the next quote) */
    for (size_t i = 0; i < got; i++) {
        char c = src[i];
        if (c == '/' && src[i + 1] == '*') {
            char *end = strstr(src + i + 2, "*/");
            i = end ? (size_t)(end - src) + 1 : got;
        } else if (c == '/' && src[i + 1] == '/') {
            while (i < got && src[i] != '\n')
                i++;
        } else if (c == '\'') {
            for (i++; i < got && src[i] != '\''; i++)
                i += src[i] == '\\';
        } else if (c == '"') {
            for (i++; i < got && src[i] != '"'; i++) {
                if (src[i] == '\\') /* an escape, kept as written */
                    out[n++] = src[i++];
                out[n++] = src[i];
            }
            open = 1;
        } else if (open && !strchr(" \t\r\n", c)) {
            if (n > start) /* "" would end the list */
                out[n++] = 0;
            start = n;
            open = 0;
        }
    }
    if (open && n > start)
        out[n++] = 0;
    out[n] = 0;
    free(src);
    return out;
}

static int has_literal(const char *list, const char *text)
{
    for (const char *p = list; *p; p += strlen(p) + 1)
        if (strcmp(p, text) == 0)
            return 1;
    return 0;
}

/* "a: b" as the source writes it would hold no escape: the English cells
 * are compared as written, so none may hold a backslash or a quote. */
/* The literals of every .c file of a folder, into all[*n...]. */
static void folder_literals(const char *dir, char **all, int *n, int max)
{
    DIR *d = opendir(dir);
    CHECK(d != NULL, "run from the repository root: no %s", dir);
    struct dirent *e;
    while (d && (e = readdir(d)) && *n < max) {
        size_t len = strlen(e->d_name);
        if (len > 2 && strcmp(e->d_name + len - 2, ".c") == 0) {
            char path[512];
            snprintf(path, sizeof path, "%s/%s", dir, e->d_name);
            all[*n] = literals(path);
            *n += all[*n] != NULL;
        }
    }
    if (d)
        closedir(d);
}

static void test_english_is_the_programs(void)
{
    char *all[128];
    int n = 0;
    folder_literals("src/engine", all, &n, 128);
    folder_literals("src/cli", all, &n, 128);
    folder_literals("src/app", all, &n, 128); /* session.c's, through ts_fail */
    folder_literals("src/tui", all, &n, 128); /* the terminal's, tui.c */
    CHECK(n > 30, "read %d engine, command-line and app files", n);
    for (int i = 0; i < n_rows(); i++) {
        if (errtext_row_is_libc(i))
            continue;
        const char *en = errtext_row(i, LANG_EN);
        int found = 0;
        for (int k = 0; k < n && !found; k++)
            found = has_literal(all[k], en);
        CHECK(found, "no message \"%s\" in src/ (changed? change it in po/ too)", en);
    }
    for (int k = 0; k < n; k++)
        free(all[k]);
}

static void test_libc_rows_are_the_libraries(void)
{
    for (int i = 0; i < n_rows(); i++) {
        if (!errtext_row_is_libc(i))
            continue;
        int found = 0;
        for (int e = 1; e < 256 && !found; e++)
            found = strcmp(strerror(e), errtext_row(i, LANG_EN)) == 0;
        CHECK(found, "no errno reads \"%s\"", errtext_row(i, LANG_EN));
    }
}

/* A file that is not there, as each language says it (written by hand):
 * its words, and the path between the language's quotation marks. */
static void test_a_failure_in_each_language(void)
{
    static const char *const WANT[LANG_COUNT] = {
        [LANG_EN] = "'/nonexistent/x.bin': cannot open: No such file or directory",
        [LANG_ZH] = "「/nonexistent/x.bin」：无法打开：没有这个文件或文件夹",
        [LANG_DE] = "„/nonexistent/x.bin“: lässt sich nicht öffnen: Datei oder Ordner nicht gefunden",
        [LANG_FR] = ("«\xc2\xa0/nonexistent/x.bin\xc2\xa0»\xc2\xa0: impossible d’ouvrir\xc2\xa0: "
                     "fichier ou dossier introuvable"),
    };
    for (int l = 0; l < LANG_COUNT; l++) {
        errtext_use((AppLang)l);
        unsigned char *buf = NULL;
        size_t len = 0;
        TsErr err;
        CHECK(read_file("/nonexistent/x.bin", FILE_MODEL, &buf, &len, &err) != 0, "read it");
        CHECK(strcmp(err.msg, WANT[l]) == 0, "%s: %s", NAMES[l], err.msg);
        free(buf);
    }
    errtext_use(LANG_EN);
    CHECK(strcmp(ts_text("no row has this"), "no row has this") == 0, "a text without a row");
}

int main(void)
{
    RUN(test_every_cell);
    RUN(test_same_conversions);
    RUN(test_english_is_the_programs);
    RUN(test_libc_rows_are_the_libraries);
    RUN(test_a_failure_in_each_language);
    return test_summary();
}
