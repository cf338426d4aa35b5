/* replay.c - a fuzz target as a test of `make test`: feed it files.
 *
 * Linked (with gcc, as every unit test) with one tests/fuzz/fuzz_NAME.c, it
 * hands every file of tests/fuzz/NAME/ (the seeds) and of
 * tests/fuzz/NAME/regressions/ (inputs that once crashed the program, kept
 * after the fix) to LLVMFuzzerTestOneInput, one at a time, as libFuzzer
 * would. An input that crashes stops the run under the sanitizers (`make
 * asan`) or with a signal; one that returns counts as passed. Prints one
 * line per folder that has inputs, `PASS fuzz_NAME seeds: 12 inputs`; with
 * arguments, those files or folders instead.
 */
#define _DEFAULT_SOURCE
#include <dirent.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

#include "fuzz.h"

#ifndef FUZZ_NAME
#error "FUZZ_NAME names the target: -DFUZZ_NAME=model"
#endif
#define STR_(x) #x
#define STR(x) STR_(x)

static FILE *out; /* the terminal's stdout, kept before the target silences it */

/* Feed one file; returns 0, or -1 if it cannot be read. */
static int feed_file(const char *path)
{
    FILE *f = fopen(path, "rb");
    if (!f)
        return -1;
    size_t cap = 4096, len = 0;
    unsigned char *buf = malloc(cap);
    size_t got;
    while (buf && (got = fread(buf + len, 1, cap - len, f)) > 0) {
        len += got;
        if (len == cap) {
            unsigned char *bigger = realloc(buf, cap *= 2);
            if (!bigger)
                free(buf);
            buf = bigger;
        }
    }
    int failed = ferror(f) || !buf;
    fclose(f);
    if (!failed)
        LLVMFuzzerTestOneInput(buf, len);
    free(buf);
    return failed ? -1 : 0;
}

static int by_name(const void *a, const void *b)
{
    return strcmp(*(char *const *)a, *(char *const *)b);
}

/* Feed every plain file of dir, in order of their names; returns how many,
 * or -1 (with why on out) if one cannot be read. A missing folder has none. */
static int feed_dir(const char *dir)
{
    DIR *d = opendir(dir);
    if (!d)
        return 0;
    char **names = NULL;
    int n = 0, cap = 0;
    struct dirent *e;
    while ((e = readdir(d)) != NULL) {
        if (e->d_name[0] == '.' || strcmp(e->d_name, "README.md") == 0)
            continue;
        if (n == cap) {
            cap = cap ? 2 * cap : 64;
            char **bigger = realloc(names, (size_t)cap * sizeof *names);
            if (!bigger)
                abort();
            names = bigger;
        }
        size_t len = strlen(dir) + strlen(e->d_name) + 2;
        if ((names[n] = malloc(len)) == NULL)
            abort();
        snprintf(names[n], len, "%s/%s", dir, e->d_name);
        n++;
    }
    closedir(d);
    qsort(names, (size_t)n, sizeof *names, by_name);
    int fed = 0, failed = 0;
    for (int i = 0; i < n; i++) {
        struct stat st;
        if (!failed && stat(names[i], &st) == 0 && S_ISREG(st.st_mode)) {
            if (feed_file(names[i]) != 0) {
                fprintf(out, "  cannot read %s\n", names[i]);
                failed = 1;
            }
            fed++;
        }
        free(names[i]);
    }
    free(names);
    return failed ? -1 : fed;
}

static int report(const char *what, int fed)
{
    if (fed < 0) {
        fprintf(out, "FAIL fuzz_%s %s: an input could not be read\n", STR(FUZZ_NAME), what);
        return 1;
    }
    fprintf(out, "PASS fuzz_%s %s: %d inputs\n", STR(FUZZ_NAME), what, fed);
    return 0;
}

int main(int argc, char **argv)
{
    out = stdout; /* the target points stdout at /dev/null on its first input */
    setvbuf(out, NULL, _IOLBF, 0);
    int failed = 0;
    if (argc > 1) {
        for (int i = 1; i < argc; i++) {
            struct stat st;
            int fed = stat(argv[i], &st) == 0 && S_ISDIR(st.st_mode) ? feed_dir(argv[i])
                      : feed_file(argv[i]) == 0                     ? 1
                                                                    : -1;
            failed |= report(argv[i], fed);
        }
        return failed;
    }
    const char *dir = "tests/fuzz/" STR(FUZZ_NAME);
    int seeds = feed_dir(dir);
    if (seeds == 0) {
        fprintf(out, "FAIL fuzz_%s: no seeds in %s (run from the repository's top folder)\n",
                STR(FUZZ_NAME), dir);
        return 1;
    }
    failed |= report("seeds", seeds);
    char reg[256];
    snprintf(reg, sizeof reg, "%s/regressions", dir);
    int regressions = feed_dir(reg);
    if (regressions != 0) /* none saved yet: nothing checked, nothing to say */
        failed |= report("regressions", regressions);
    return failed;
}
