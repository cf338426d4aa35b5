/* fuzz.h - what the fuzz targets share.
 *
 * Each tests/fuzz/fuzz_NAME.c defines LLVMFuzzerTestOneInput for one kind of
 * input a user can hand tangscope. `make fuzz` links it with libFuzzer
 * (clang, -fsanitize=fuzzer,address,undefined); `make test` links it with
 * replay.c (gcc) and feeds it every file of tests/fuzz/NAME/, seeds and
 * saved crashes (regressions/) alike, so a crash once found stays fixed.
 *
 * A target reads its fixtures (tests/data, from the repository's top folder)
 * once, writes no file and prints nothing per input: what the code under
 * test prints goes to /dev/null (fuzz_start).
 */
#ifndef TS_FUZZ_H
#define TS_FUZZ_H

#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>

#include "app/app.h"
#include "engine/convert.h"
#include "engine/corpus.h"
#include "engine/fileio.h"
#include "engine/model.h"

/* The entry point libFuzzer and replay.c call: one input, return 0. */
int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

/* Called by every input after its fixtures are loaded; the first call sets
 * the run up. One thread: the model is tiny, and idle OpenMP threads that
 * spin cost more than its arithmetic (and the runs share the machine). What
 * the code under test prints to stdout and stderr goes to /dev/null: only
 * the FILE pointers change (glibc lets a program assign them), so the
 * sanitizers, which write to file descriptor 2, and libFuzzer, which writes
 * to the stream it kept when it started, still reach the terminal. */
static inline void fuzz_start(void)
{
    static int done;
    if (done)
        return;
    ts_set_threads(1);
    FILE *null = fopen("/dev/null", "w");
    if (null) {
        stdout = null;
        stderr = null;
    }
    done = 1;
}

/* A fixture of tests/data that must load, or the run stops with why (on
 * the terminal's stderr: this happens once, before any input). */
static inline void fuzz_need(int ok, const char *what, const char *why)
{
    if (!ok) {
        fprintf(stderr, "fuzz: cannot load %s: %s (run from the repository's top folder)\n", what,
                why);
        exit(2);
    }
}

/* The test model, tests/data/tiny.bin (23 characters, context 16), loaded
 * on first call. */
static inline const Model *fuzz_tiny_model(void)
{
    static Model m;
    static int loaded;
    if (!loaded) {
        TsErr err;
        fuzz_need(model_load(&m, "tests/data/tiny.bin", &err) == 0, "tests/data/tiny.bin", err.msg);
        loaded = 1;
    }
    return &m;
}

/* The test model's training text, tests/data/tiny-corpus.txt, indexed on
 * first call. */
static inline const Corpus *fuzz_tiny_corpus(void)
{
    static Corpus c;
    static int loaded;
    if (!loaded) {
        TsErr err;
        unsigned char *text;
        size_t len;
        fuzz_need(read_file("tests/data/tiny-corpus.txt", FILE_TEXT, &text, &len, &err) == 0,
                  "tests/data/tiny-corpus.txt", err.msg);
        fuzz_need(corpus_build(&c, (const char *)text, len, &err) == 0,
                  "tests/data/tiny-corpus.txt", err.msg);
        free(text); /* the corpus keeps its own copy */
        loaded = 1;
    }
    return &c;
}

/* One OpenCC converter for every input, opened on first call: opening it
 * reads its dictionaries (milliseconds), and a fresh state per input would
 * open it again each time. Converting keeps no state between texts. */
static inline Converter *fuzz_converter(void)
{
    static Converter conv;
    static int opened;
    if (!opened) {
        Converted c;
        TsErr err;
        convert_init(&conv, NULL);
        if (convert_text(&conv, NULL, "\xe9\xa2\xa8", 3, &c, &err) == 0) /* 風 opens it */
            converted_free(&c);
        opened = 1;
    }
    return &conv;
}

/* A fresh explorer state on the test model with its training text, as the
 * explorer has it once the text is loaded, sharing fuzz_converter. Returns
 * 0, or -1 when memory ran out (then there is nothing to free). Free it with
 * fuzz_app_free. */
static inline int fuzz_app(AppState *s)
{
    const Model *m = fuzz_tiny_model();
    const Corpus *c = fuzz_tiny_corpus();
    Converter *conv = fuzz_converter();
    TsErr err;
    if (app_init(s, m, &err) != 0)
        return -1;
    convert_close(&s->text.conv); /* nothing opened yet: the shared one takes its place */
    s->text.conv = *conv;
    app_set_corpus(s, c, CORPUS_READY);
    return 0;
}

static inline void fuzz_app_free(AppState *s)
{
    convert_init(&s->text.conv, NULL); /* the shared converter stays open */
    app_free(s);
}

#ifdef _GNU_SOURCE /* memfd_create: a target that needs fuzz_file defines it first */
#include <sys/mman.h>
#include <unistd.h>

/* The size bytes at data in an anonymous memory file (memfd_create: no file
 * on any disk), for loaders that read a path: path becomes /proc/self/fd/N.
 * Returns the descriptor, for the caller to close, or -1 if the file could
 * not be made or filled. */
static inline int fuzz_file(const uint8_t *data, size_t size, char path[64])
{
    int fd = memfd_create("fuzz", 0);
    if (fd < 0)
        return -1;
    size_t done = 0;
    while (done < size) {
        ssize_t w = write(fd, data + done, size - done);
        if (w <= 0) {
            close(fd);
            return -1;
        }
        done += (size_t)w;
    }
    snprintf(path, 64, "/proc/self/fd/%d", fd);
    return fd;
}
#endif

#endif
