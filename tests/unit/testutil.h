/* testutil.h - helpers the unit tests share, beside check.h: code points
 * from UTF-8, a test vocabulary, the test corpus with a count that does not
 * use its suffix array, the reference ranking by a plain full sort, the
 * conversions of a printf format, and a scratch folder. tests/unit/testutil.c
 * needs the engine alone and is linked into every unit test (Makefile).
 *
 * A helper that cannot set a fixture up (a vocabulary that does not build, a
 * folder that cannot be made) prints why and exits with status 2: the test
 * binary then stops without a PASS line, which tests/run.sh counts as a
 * failure.
 */
#ifndef TS_TESTUTIL_H
#define TS_TESTUTIL_H

#include <stddef.h>
#include <stdint.h>

#include "engine/corpus.h"
#include "engine/model.h"
#include "engine/pinyin.h"
#include "engine/vocab.h"

/* The code points of the UTF-8 text s, at most cap of them, into out;
 * stops at the first invalid sequence. Returns how many. */
size_t testutil_cps(const char *s, uint32_t *out, size_t cap);

/* The first code point of the UTF-8 text ch (0 if it has none). */
uint32_t testutil_cp(const char *ch);

/* v becomes the vocabulary of text (vocab_build); free it with vocab_free. */
void testutil_vocab(Vocab *v, const char *text);

/* The four lines of 登鹳雀楼 give 20 distinct Han characters; with ， 。 'a'
 * and the newline its vocabulary has 24 tokens. */
#define TESTUTIL_VOCAB_TEXT "白日依山尽，黄河入海流。欲穷千里目，更上一层楼。a"

/* The token of the first character of the UTF-8 text ch in v, or -1. */
int testutil_id(const Vocab *v, const char *ch);

/* One token with its probability, for the reference rankings the tests
 * compute themselves (qsort) to hold the engine's against. */
typedef struct {
    double p;
    int id;
} Ranked;

/* qsort order for Ranked: more probable first; equally probable, the smaller
 * id first (the order the sampler, the bars and the input method promise). */
int testutil_ranked_cmp(const void *a, const void *b);

/* The test corpus, tests/data/tiny-corpus.txt, built into c; returns its
 * text, NUL-terminated, for the tests' own recounts (free it; corpus_free
 * frees c). */
char *testutil_corpus(Corpus *c);

/* The test model, tests/data/tiny.bin, loaded into m (free it with
 * model_free). */
void testutil_model(Model *m);

/* The fixtures most tests of the explorer share: the test model, the test
 * corpus and its text, loaded once in main. */
typedef struct {
    Model model;    /* tests/data/tiny.bin: 24 characters, context 16 */
    Corpus corpus;  /* tests/data/tiny-corpus.txt, with its suffix array */
    char *text;     /* that file's text, for the tests' own recounts */
} TestFixtures;

/* Loads fx's model and corpus (or exits with status 2 saying why). */
void testutil_fixtures(TestFixtures *fx);
/* Frees what testutil_fixtures loaded. */
void testutil_fixtures_free(TestFixtures *fx);

/* The bundled model, assets/tang.bin, loaded into m (model_free). */
void testutil_bundled_model(Model *m);
/* The bundled pinyin table, assets/pinyin.tsv, loaded into t (pinyin_free). */
void testutil_pinyin(Pinyin *t);

/* A test's cases for the sampler's settings: an array of structs whose first
 * member is the setting's name (`const char *`, "top-p"), one per row of
 * SAMPLER_SETTINGS. testutil_setting_case gives the place of name's case, or
 * -1: a test walks the table and looks each row's case up by name, so that a
 * setting added without its case is a failed check naming it, not a read
 * past the end of an array. SETTING_CASE takes the array itself. */
int testutil_setting_case(const void *cases, size_t n, size_t size, const char *name);
#define SETTING_CASE(cases, name)                                                                  \
    testutil_setting_case((cases), sizeof(cases) / sizeof((cases)[0]), sizeof((cases)[0]), (name))

/* Occurrences of needle in text, overlapping ones included: a count that
 * does not go through the suffix array. 0 for an empty needle. */
size_t testutil_count(const char *text, const char *needle);

/* The conversions of a printf format, each with its flags, width, precision
 * and length, followed by a comma: "%s: %zu of %.2f, 50%%" gives
 * "s,zu,.2f," (%% is none). Holds a translation to the arguments of its
 * English original. At most size - 1 characters and a NUL into out. */
void testutil_conversions(const char *fmt, char *out, size_t size);

/* A new empty folder /tmp/tangscope-NAME-XXXXXX; returns its path, which
 * stays valid until testutil_tmpdir_remove. One at a time. */
const char *testutil_tmpdir(const char *name);

/* Removes the folder testutil_tmpdir made, and everything in it. */
void testutil_tmpdir_remove(void);

#endif
