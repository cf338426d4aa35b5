/* verse.c - the text as verse, row by row (see verse.h). */
#include "app/verse.h"

#include "app/textw.h"

/* A line of verse ends here. */
static int ends_line(uint32_t cp)
{
    return cp == 0xFF0C /* ， */ || cp == 0xFF1B /* ； */ || cp == 0x3002 /* 。 */ ||
           cp == 0xFF01 /* ！ */ || cp == 0xFF1F /* ？ */;
}

/* A couplet (two lines, a sentence) ends here. */
static int ends_couplet(uint32_t cp)
{
    return cp == 0x3002 || cp == 0xFF01 || cp == 0xFF1F;
}

/* Punctuation that may not open a row. */
static int closes(uint32_t cp) { return ends_line(cp) || cp == 0x3001 /* 、 */; }

/* What is laid out: items, or code points whose columns are measured here
 * (verse_layout), so that neither entry point needs a copy of the text. */
typedef struct {
    const VerseItem *items;
    const uint32_t *cps;
    int newline_cols;
} Seq;

static VerseItem item_at(const Seq *q, int i)
{
    if (q->items)
        return q->items[i];
    uint32_t cp = q->cps[i];
    return (VerseItem){cp, cp == '\n' ? q->newline_cols : textw_cp_width(cp), 0};
}

/* Item i is a character (not a mark) that is cp. */
static int is_cp(const Seq *q, int i, uint32_t cp)
{
    VerseItem it = item_at(q, i);
    return !it.mark && it.cp == cp;
}

static int is_mark(const Seq *q, int i) { return item_at(q, i).mark; }

static int ends_row_after(VerseItem it, int couplets)
{
    return !it.mark && (couplets ? ends_couplet(it.cp) : ends_line(it.cp));
}

static int width_of(const Seq *q, int from, int to)
{
    int w = 0;
    for (int i = from; i < to; i++)
        w += item_at(q, i).cols;
    return w;
}

/* Is there a character, not only marks, in [from, to)? */
static int has_char(const Seq *q, int from, int to)
{
    for (int i = from; i < to; i++)
        if (!is_mark(q, i))
            return 1;
    return 0;
}

/* A row that would end at `end` ends before the marks right before it
 * instead, so that a mark stays with the character it stands before
 * (never below `start` + 1). */
static int before_marks(const Seq *q, int start, int end)
{
    while (end - 1 > start && is_mark(q, end - 1))
        end--;
    return end;
}

/* Where a row that starts at `start` and overflows at `over` (the first
 * item that does not fit) should end: after its last ， (rule 3), else
 * before `over`, moving a character down with punctuation that cannot open a
 * row. Always at least one item. */
static int wrap_end(const Seq *q, int start, int over)
{
    for (int i = over - 1; i > start; i--)
        if (ends_row_after(item_at(q, i), 0))
            return i + 1;
    int end = over;
    VerseItem at = item_at(q, over);
    if (!at.mark && closes(at.cp)) { /* the character before it goes too */
        int prev = end - 1;
        while (prev > start && is_mark(q, prev))
            prev--;
        if (prev > start)
            end = prev;
    }
    end = before_marks(q, start, end);
    return end > start ? end : start + 1;
}

/* One pass with the given line ends; returns the number of rows. */
static int lay_out(const Seq *q, int n, int width, int couplets, VerseRow *rows, int cap)
{
    int count = 0, start = 0;
    while (start < n) {
        int end = start, used = 0;
        while (end < n) {
            /* a newline opens the next row, unless nothing follows it yet:
             * then it closes this one, so a finished poem keeps its rows */
            if (is_cp(q, end, '\n') && has_char(q, start, end) && end + 1 < n) {
                end = before_marks(q, start, end);
                break;
            }
            int w = item_at(q, end).cols;
            if (used + w > width && end > start) {
                end = wrap_end(q, start, end);
                break;
            }
            used += w;
            end++;
            if (ends_row_after(item_at(q, end - 1), couplets))
                break;
        }
        if (end == n - 1 && is_cp(q, end, '\n') && end > start)
            end++; /* the newline that ends the text stays on the last row */
        if (count < cap)
            rows[count] = (VerseRow){start, end - start, width_of(q, start, end)};
        count++;
        start = end;
    }
    return count;
}

static int layout(const Seq *q, int n, int width, int max_rows, VerseRow *rows, int cap,
                  int *couplets)
{
    width = width < 1 ? 1 : width;
    int total = lay_out(q, n, width, 0, rows, cap);
    int used_couplets = total > max_rows;
    if (used_couplets)
        total = lay_out(q, n, width, 1, rows, cap);
    if (couplets)
        *couplets = used_couplets;
    return total;
}

int verse_layout_items(const VerseItem *items, int n, int width, int max_rows, VerseRow *rows,
                       int cap, int *couplets)
{
    Seq q = {items, NULL, 0};
    return layout(&q, n, width, max_rows, rows, cap, couplets);
}

int verse_layout(const uint32_t *cps, int n, int newline_cols, int width, int max_rows,
                 VerseRow *rows, int cap, int *couplets)
{
    Seq q = {NULL, cps, newline_cols};
    return layout(&q, n, width, max_rows, rows, cap, couplets);
}

int verse_first_shown(int total, int max_rows)
{
    return total > max_rows && max_rows > 0 ? total - max_rows : 0;
}
