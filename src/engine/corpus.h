/* corpus.h - how often the training text itself continues a context.
 *
 * A Corpus is the training text as code points (the newlines included) and
 * its suffix array: the start of every suffix, in lexicographic order of code
 * points, a suffix that is a prefix of another sorting first. All suffixes
 * that begin with a context form one contiguous range of the array, found by
 * two binary searches, so a lookup costs O(m log n) code point comparisons for
 * a context of m characters: microseconds, whatever the context.
 *
 * Building the array takes a fraction of a second for the 2.7 M characters of
 * the Tang text (SA-IS, linear time); corpus_load_or_build keeps it in a cache
 * file so the explorer and the CLI need not build it each time.
 *
 * Cache file (all integers little-endian), written atomically:
 *   48-byte header: magic "TSCORPSA", u32 version, u32 CRC-32 of the UTF-8
 *   text it indexes, u64 length of that text in bytes, u64 number of
 *   characters n, u32 CRC-32 of the payload, 12 zero bytes;
 *   payload: n u32 suffix starts.
 */
#ifndef TS_CORPUS_H
#define TS_CORPUS_H

#include "engine/common.h"
#include "engine/vocab.h"

#include <stddef.h>
#include <stdint.h>

/* How corpus_load_or_build got its suffix array. */
typedef enum {
    CORPUS_BUILT,         /* built; no cache was asked for */
    CORPUS_FROM_CACHE,    /* read from a valid cache file */
    CORPUS_CACHE_WRITTEN, /* the cache was missing, stale or damaged: built and written */
    CORPUS_CACHE_FAILED,  /* built, but the cache file could not be written (not an error) */
} CorpusOrigin;

typedef struct {
    size_t n;           /* number of characters (code points) in the text */
    uint32_t *text;     /* [n] the text as code points; owned */
    uint32_t *sa;       /* [n] suffix starts, in sorted order of the suffixes; owned */
    uint32_t text_crc;  /* CRC-32 of the UTF-8 bytes the text was decoded from */
    uint64_t text_bytes; /* length of those bytes */
    CorpusOrigin origin;
} Corpus;

/* One character that follows a context, and how often it does. */
typedef struct {
    uint32_t cp;
    size_t count;
} CorpusNext;

/* What corpus_next found besides the followers it returns. */
typedef struct {
    size_t total;    /* occurrences of the context; equals corpus_count() */
    size_t at_end;   /* 1 if one occurrence ends the text (no follower), else 0;
                      * total = at_end + the counts of all distinct followers */
    size_t distinct; /* distinct followers, including those that did not fit in out */
} CorpusTally;

/* Decode len bytes of UTF-8 and build the suffix array. The corpus must hold
 * fewer than 2^32 - 1 characters. Fails on malformed UTF-8 (naming the byte
 * offset) or out of memory; on failure c is left empty (safe to corpus_free). */
int corpus_build(Corpus *c, const char *utf8, size_t len, TsErr *err);

/* Read text_path and give it a suffix array: from the cache file in
 * cache_dir (named by corpus_cache_name) if that holds a valid array for
 * exactly this text, else built and written there (atomically). A missing,
 * stale or damaged cache is rebuilt silently, and a cache that cannot be
 * written is no error; c->origin says what happened. cache_dir must exist;
 * NULL skips the cache. Fails only if the text cannot be read or is not UTF-8,
 * or memory runs out. */
int corpus_load_or_build(Corpus *c, const char *text_path, const char *cache_dir, TsErr *err);

/* The cache file's name for a text with this CRC: "corpus-<8 hex digits>.sa",
 * so caches of different texts live side by side. */
void corpus_cache_name(uint32_t text_crc, char out[32]);

/* The cache on its own. corpus_cache_write stores c's suffix array at path.
 * corpus_cache_read reads path into c->sa for the text already in c (from
 * corpus_build; its sa is replaced) and fails, leaving c unchanged, when the
 * file is missing, is for another text, or is damaged; the message says which. */
int corpus_cache_write(const Corpus *c, const char *path, TsErr *err);
int corpus_cache_read(Corpus *c, const char *path, TsErr *err);

/* Occurrences of ctx[0..n) in the text, overlapping ones included. The empty
 * context occurs c->n times (once before each character). */
size_t corpus_count(const Corpus *c, const uint32_t *ctx, size_t n);

/* Which characters follow ctx[0..n) and how often. Writes at most max
 * followers to out, the most frequent first (equal counts: smaller code point
 * first), and returns how many it wrote. tally (may be NULL) receives the
 * total, the distinct followers and whether the context ends the text: that
 * occurrence counts in the total but has no follower. The empty context is
 * followed by every character: the unigram counts. No allocation. */
int corpus_next(const Corpus *c, const uint32_t *ctx, size_t n, CorpusNext *out, int max,
                CorpusTally *tally);

/* The longest suffix of text[0..n) that occurs in the corpus: stores its
 * length in *len and returns its occurrences. The empty suffix always
 * qualifies, so *len = 0 means not even the last character occurs (and the
 * return value is then c->n). */
size_t corpus_longest_suffix(const Corpus *c, const uint32_t *text, size_t n, size_t *len);

/* 1 if the text's characters are exactly the vocabulary's (each character
 * of the text is in v, and each of v occurs in the text): the text a model
 * with vocabulary v was trained on has this property, as nanoGPT's
 * prepare.py and tangscope's train build the vocabulary from the text; 0
 * if not (a model trained on another text); -1 if memory runs out. */
int corpus_has_vocab(const Corpus *c, const Vocab *v);

void corpus_free(Corpus *c);

#endif
