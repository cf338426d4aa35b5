/* testutil.c - the helpers of testutil.h, on the engine alone. */
#define _POSIX_C_SOURCE 200809L /* mkdtemp */
#include "testutil.h"

#include "engine/fileio.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

size_t testutil_cps(const char *s, uint32_t *out, size_t cap)
{
    size_t len = strlen(s), pos = 0, n = 0;
    while (pos < len && n < cap && utf8_decode(s, len, &pos, &out[n]) == 0)
        n++;
    return n;
}

uint32_t testutil_cp(const char *ch)
{
    uint32_t cp = 0;
    testutil_cps(ch, &cp, 1);
    return cp;
}

void testutil_vocab(Vocab *v, const char *text)
{
    TsErr err;
    if (vocab_build(v, text, strlen(text), "test vocabulary", &err) != 0) {
        fprintf(stderr, "cannot build the test vocabulary: %s\n", err.msg);
        exit(2);
    }
}

int testutil_id(const Vocab *v, const char *ch) { return vocab_id(v, testutil_cp(ch)); }

int testutil_ranked_cmp(const void *a, const void *b)
{
    const Ranked *x = a, *y = b;
    if (x->p != y->p)
        return x->p > y->p ? -1 : 1;
    return (x->id > y->id) - (x->id < y->id);
}

static char tmpdir[64];

void testutil_conversions(const char *fmt, char *out, size_t size)
{
    size_t n = 0;
    for (const char *p = fmt; *p && n + 2 < size; p++) {
        if (*p != '%')
            continue;
        if (*++p == '%')
            continue;
        while (*p && strchr("0123456789.-+ #lhz$", *p) && n + 2 < size)
            out[n++] = *p++;
        if (*p && n + 2 < size)
            out[n++] = *p;
        out[n++] = ',';
        if (!*p)
            break;
    }
    out[n] = 0;
}

const char *testutil_tmpdir(const char *name)
{
    snprintf(tmpdir, sizeof tmpdir, "/tmp/tangscope-%s-XXXXXX", name);
    if (!mkdtemp(tmpdir)) {
        perror("mkdtemp");
        exit(2);
    }
    return tmpdir;
}

void testutil_tmpdir_remove(void)
{
    char cmd[100];
    snprintf(cmd, sizeof cmd, "rm -rf '%s'", tmpdir);
    if (system(cmd) != 0)
        fprintf(stderr, "could not remove %s\n", tmpdir);
}

char *testutil_corpus(Corpus *c)
{
    TsErr err;
    unsigned char *text;
    size_t len;
    if (read_file("tests/data/tiny-corpus.txt", FILE_TEXT, &text, &len, &err) != 0 ||
        corpus_build(c, (const char *)text, len, &err) != 0) {
        fprintf(stderr, "cannot load the test corpus: %s\n", err.msg);
        exit(2);
    }
    return (char *)text; /* read_file ends it with a NUL */
}

/* m loaded from path, or the test binary exits with status 2 saying why. */
static void load_model_or_exit(Model *m, const char *path, const char *what)
{
    TsErr err;
    if (model_load(m, path, &err) != 0) {
        fprintf(stderr, "cannot load the %s: %s\n", what, err.msg);
        exit(2);
    }
}

void testutil_model(Model *m) { load_model_or_exit(m, "tests/data/tiny.bin", "test model"); }

void testutil_fixtures(TestFixtures *fx)
{
    testutil_model(&fx->model);
    fx->text = testutil_corpus(&fx->corpus);
}

void testutil_fixtures_free(TestFixtures *fx)
{
    corpus_free(&fx->corpus);
    free(fx->text);
    model_free(&fx->model);
}

void testutil_bundled_model(Model *m) { load_model_or_exit(m, "assets/tang.bin", "bundled model"); }

void testutil_pinyin(Pinyin *t)
{
    TsErr err;
    if (pinyin_load(t, "assets/pinyin.tsv", &err) != 0) {
        fprintf(stderr, "cannot load the bundled pinyin table: %s\n", err.msg);
        exit(2);
    }
}

int testutil_setting_case(const void *cases, size_t n, size_t size, const char *name)
{
    for (size_t i = 0; i < n; i++) {
        const char *case_name;
        memcpy(&case_name, (const char *)cases + i * size, sizeof case_name);
        if (case_name && strcmp(case_name, name) == 0)
            return (int)i;
    }
    return -1;
}

size_t testutil_count(const char *text, const char *needle)
{
    size_t n = 0;
    if (!*needle)
        return 0;
    for (const char *p = text; (p = strstr(p, needle)) != NULL; p++)
        n++;
    return n;
}
