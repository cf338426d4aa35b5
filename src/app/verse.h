/* verse.h - the text laid out as verse: which characters go on which row.
 *
 * The explorer shows its whole text as a poem is printed in a book: one line
 * of verse to a row, so a jueju stands as four lines. The layout is plain C
 * over code points and display columns (a Chinese character takes two, see
 * textw.h); the screen only draws the rows it is given.
 *
 * The rule, for rows of at most `width` columns and a panel of `max_rows`:
 *   1. A row ends after each line of verse (after ， 。 ！ ？ ；), and a
 *      newline (the ⏎ between poems, or before the first) starts a new row;
 *      a newline at the very end of the text, with nothing after it yet,
 *      ends the row before it instead (the poem is finished, and keeps its
 *      four rows).
 *   2. If that takes more than max_rows rows, a row ends only after 。 ！ ？
 *      (a couplet to a row, as many anthologies print a long poem), so an
 *      eight-line poem still fits in four rows.
 *   3. A row still wider than `width` is wrapped: after its last ， that fits,
 *      else between two characters, never with ， or 。 at the start of a row
 *      (the character before it moves down with it).
 * If the rows are still more than max_rows, the panel shows the last
 * max_rows of them (verse_first_shown): the newest text and the cursor at its
 * end stay in view.
 *
 * verse_layout_items lays out items that carry their own widths (a character
 * with its pinyin reading under it takes the reading's columns) and marks:
 * a mark is no character but a sign drawn in the text (the edge of the
 * model's window, a context shift). A mark never ends a line of verse and
 * stays on the row of the item after it: rows break before it, never between
 * it and what it marks.
 */
#ifndef TS_VERSE_H
#define TS_VERSE_H

#include <stddef.h>
#include <stdint.h>

/* One row: the characters [start, start + len) of the text, `cols` columns wide. */
typedef struct {
    int start, len, cols;
} VerseRow;

/* One thing to lay out: a character cp ('\n' a newline) or, if mark, a
 * mark (cp then says nothing); cols columns wide. */
typedef struct {
    uint32_t cp;
    int cols, mark;
} VerseItem;

/* Lay out the n code points cps ('\n' is drawn newline_cols wide) by the rule
 * above. Writes at most cap rows (n + 1 always suffices) and returns how many
 * rows there are; 0 for an empty text. *couplets, if not NULL, says whether
 * rule 2 was used. */
int verse_layout(const uint32_t *cps, int n, int newline_cols, int width, int max_rows,
                 VerseRow *rows, int cap, int *couplets);

/* The same over n items (rows then count items): by the rule above, with
 * the marks kept with what follows them. */
int verse_layout_items(const VerseItem *items, int n, int width, int max_rows, VerseRow *rows,
                       int cap, int *couplets);

/* The first row to show when `total` rows share a panel of max_rows. */
int verse_first_shown(int total, int max_rows);

#endif
