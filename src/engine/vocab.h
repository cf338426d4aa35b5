/* vocab.h - characters <-> token ids, and the UTF-8 that carries them.
 *
 * The model reads one token per Unicode character. A Vocab is the sorted list
 * of code points the model knows: token id i is cps[i]. Text from anywhere
 * (a prompt, a corpus file) goes through vocab_encode, which names the first
 * character the model does not know instead of guessing.
 */
#ifndef TS_VOCAB_H
#define TS_VOCAB_H

#include "engine/common.h"

#include <stddef.h>
#include <stdint.h>

typedef struct {
    int size;      /* number of tokens */
    uint32_t *cps; /* [size] code points, strictly increasing; owned */
} Vocab;

/* Decode one UTF-8 character from s[*pos..n). On success stores the code point,
 * advances *pos and returns 0. On malformed input (bad lead byte, truncated
 * sequence, overlong form, surrogate, > U+10FFFF) returns -1 and leaves *pos. */
int utf8_decode(const char *s, size_t n, size_t *pos, uint32_t *cp);

/* 1 if the NUL-terminated s is UTF-8 throughout (as utf8_decode reads it). */
int utf8_valid(const char *s);

/* Encode cp into out (at least 4 bytes, not NUL-terminated); returns the byte
 * count, or 0 if cp is not a valid scalar value. */
int utf8_encode(uint32_t cp, char *out);

/* Where the character that ends at byte `end` of s begins: end stepped back
 * over UTF-8 continuation bytes and the byte before them; 0 when end is 0 or
 * only continuation bytes precede it. What Backspace takes back. */
size_t utf8_back(const char *s, size_t end);

/* Can cp stand in a vocabulary: is it a Unicode scalar value (at most
 * U+10FFFF, not a surrogate) that a text shows rather than acts on, or the
 * newline? Refused are the code points of ts_cp_unsafe but the newline: the
 * C0 and C1 control characters, DEL, the bidirectional marks, embeddings,
 * overrides and isolates, and the line and paragraph separators U+2028 and
 * U+2029. docs/model-format.md states the rule; the model loader, the
 * trainer's vocabulary (vocab_build) and tools/tsmodel.py apply it. */
int vocab_cp_allowed(uint32_t cp);

/* What stands for cp in one line of text: the sign ⏎ (U+23CE) for the
 * newline, the Control Pictures (U+2400 + cp: ␉ ...) for the other C0 control
 * characters and ␡ (U+2421) for DEL, the replacement character � (U+FFFD)
 * for the other code points of ts_cp_unsafe (C1 controls, bidirectional
 * controls, U+2028, U+2029) and for what is not a character at all; any
 * other cp stands for itself. No terminal acts on what it gives. */
uint32_t vocab_shown_cp(uint32_t cp);
/* What a plain-text output (a poem, a sample) writes for cp: the newline as
 * a newline, anything else as vocab_shown_cp. Every writer of a model's
 * text goes through it (or vocab_shown_cp), so that even a vocabulary that
 * never passed the loader puts no control character on a terminal. */
uint32_t vocab_written_cp(uint32_t cp);

/* Does text[0..len) hold a character that vocab_written_cp would change (a
 * control character other than the newline, a bidirectional control, a line
 * or paragraph separator)? A byte that is not UTF-8 is left to the caller. */
int vocab_text_unsafe(const char *text, size_t len);
/* text[0..len) as a plain-text output writes it: each character through
 * vocab_written_cp, other bytes as they are. A new NUL-terminated string
 * (free it), or NULL when memory runs out. */
char *vocab_text_written(const char *text, size_t len);
/* vocab_shown_cp(cp) as a NUL-terminated UTF-8 string in out (8 bytes);
 * returns its length in bytes. */
int vocab_show(uint32_t cp, char out[8]);

/* Write a readable name for cp into out (size >= 32): the character itself and
 * its U+XXXX code, e.g. "'枫' (U+67AB)", or just "U+000A (newline)". */
void vocab_describe(uint32_t cp, char *out, size_t size);

/* Token id of cp, or -1 if the vocabulary lacks it. */
int vocab_id(const Vocab *v, uint32_t cp);

/* Code point of token id (0 <= id < size). */
static inline uint32_t vocab_cp(const Vocab *v, int id) { return v->cps[id]; }

/* Encode len bytes of UTF-8 text into token ids. *ids is allocated here (free
 * it) and *n_ids set. Fails with a message naming the first unknown character
 * and its position, or the byte offset of malformed UTF-8. `what` names the
 * source in messages ("prompt", a file name). */
int vocab_encode(const Vocab *v, const char *text, size_t len, const char *what,
                 int **ids, size_t *n_ids, TsErr *err);

/* A text file read for a model: its token ids and, when asked, its own
 * vocabulary and its bytes. */
typedef struct {
    int *ids;             /* [n] token ids; owned */
    size_t n;
    Vocab own;            /* the text's own vocabulary (vocab_build) when the load
                           * was given no vocabulary; else empty */
    unsigned char *bytes; /* the file as read, when kept (for a checksum); owned */
    size_t len;           /* the file's length in bytes */
} VocabText;

/* Read the UTF-8 text file at path whole (read_file, FILE_TEXT) and encode it
 * into t: for v, or with v NULL for the text's own vocabulary, built first
 * into t->own. keep_bytes keeps the file's bytes in t->bytes. Messages name
 * the file, quoted ("'poems.txt': character ... is not in the model's
 * vocabulary"). On failure t holds nothing to free; on success free it with
 * vocab_text_free (a caller that takes ids for itself sets t->ids to NULL). */
int vocab_text_load(VocabText *t, const char *path, const Vocab *v, int keep_bytes, TsErr *err);
void vocab_text_free(VocabText *t);

/* Build the vocabulary of a text: every distinct character in it, plus the
 * newline. Fails on malformed UTF-8 and on a character a vocabulary may not
 * hold (vocab_cp_allowed), naming it with its position and line. */
int vocab_build(Vocab *v, const char *text, size_t len, const char *what, TsErr *err);

/* Copy cps (count, must already be valid and increasing) into a new Vocab. */
int vocab_from_cps(Vocab *v, const uint32_t *cps, int count, TsErr *err);

void vocab_free(Vocab *v);

#endif
