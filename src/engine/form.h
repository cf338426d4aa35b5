/* form.h - verse forms as constraints on decoding, and the check of a poem's shape.
 *
 * A Form is a small state machine that knows where in the poem the next
 * character falls and therefore which characters may go there:
 *   acrostic (藏头诗): line i opens with heads[i]; then line_len - 1 Han
 *     characters (no punctuation, no newline); then the line's mark: ， and 。
 *     alternate (，。，。...) and the last line always ends in 。; after the
 *     last line comes the newline that ends the poem.
 *   jueju (绝句): four lines of line_len Han characters, marks ，。，。, then
 *     the newline.
 *   free: no constraint.
 * form_allowed fills the mask the sampler's constraint stage uses; the caller
 * samples, then reports the chosen token with form_advance.
 */
#ifndef TS_FORM_H
#define TS_FORM_H

#include <stddef.h>
#include <stdint.h>

#include "engine/common.h"
#include "engine/vocab.h"

#define FORM_MAX_HEADS 64

typedef enum { FORM_FREE, FORM_ACROSTIC, FORM_JUEJU } FormKind;

typedef struct {
    FormKind kind;
    int line_len;                /* 5 or 7 Han characters per line */
    int n_lines;                 /* acrostic: number of heads; jueju: 4 */
    int heads[FORM_MAX_HEADS];   /* acrostic: token id of each line's first character */
    int line;                    /* the line being written, 0-based */
    int col;                     /* Han characters already in this line */
    int done;                    /* the closing newline has been written */
    int comma, period, newline;  /* token ids of ， 。 and the newline (-1 if absent) */
} Form;

/* Is this code point a Han character (CJK Unified Ideographs and extensions,
 * compatibility ideographs)? Everything else counts as punctuation or layout. */
int is_han(uint32_t cp);

void form_init_free(Form *f);
/* heads: UTF-8 text of the line openers (1..64 Han characters, each in the
 * vocabulary). Fails with a message naming a bad head. Both inits fail unless
 * line_len is 5 or 7 and the vocabulary has ， 。 the newline and at least one
 * Han character (otherwise some position would have no candidate); a failed
 * init leaves f a free form. */
int form_init_acrostic(Form *f, const Vocab *v, const char *heads, int line_len, TsErr *err);
int form_init_jueju(Form *f, const Vocab *v, int line_len, TsErr *err);

/* allowed[V]: 1 where the next token may go. Returns the number allowed. For
 * FORM_FREE every token is allowed. When done, only the newline is allowed. */
int form_allowed(const Form *f, const Vocab *v, uint8_t *allowed);
/* Record that token was written (it must have been allowed): the form moves
 * on by position, one Han character, a mark, or the closing newline (done). */
void form_advance(Form *f, const Vocab *v, int token);

/* Advance f over a prompt's tokens ids[0..n), as if each had been written:
 * returns 0, or -1 with err naming the first one the form does not allow
 * where it stands. A free form takes anything. */
int form_follow(Form *f, const Vocab *v, const int *ids, size_t n, TsErr *err);

/* Is a poem (one line of text, without its newline) well formed: split at ，
 * and 。 into lines, every line the same length of 5 or 7 Han characters, the
 * marks alternating ，。 starting with ， and ending with 。 (so an even number
 * of lines), nothing else in it. Returns 1 if so, 0 if not (also for n == 0). */
int poem_well_formed(const uint32_t *cps, size_t n);

/* How many lines a poem (one line of text, without its newline) has: the
 * runs of text that ， or 。 end, and the text after the last mark if there
 * is any (an unfinished line). 0 for an empty poem. A jueju has 4, a lüshi
 * 8, whether or not its lines are well formed. */
int poem_lines(const uint32_t *cps, size_t n);

#endif
