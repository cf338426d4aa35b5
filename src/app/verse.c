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

static int cols_of(uint32_t cp, int newline_cols)
{
    return cp == '\n' ? newline_cols : textw_cp_width(cp);
}

static int width_of(const uint32_t *cps, int from, int to, int newline_cols)
{
    int w = 0;
    for (int i = from; i < to; i++)
        w += cols_of(cps[i], newline_cols);
    return w;
}

/* Where a row that starts at `start` and overflows at `over` (the first
 * character that does not fit) should end: after its last ， (rule 3), else
 * before `over`, moving a character down with punctuation that cannot open a
 * row. Always at least one character. */
static int wrap_end(const uint32_t *cps, int start, int over)
{
    for (int i = over - 1; i > start; i--)
        if (ends_line(cps[i]))
            return i + 1;
    int end = over;
    if (closes(cps[over]) && over - 1 > start)
        end = over - 1;
    return end > start ? end : start + 1;
}

/* One pass with the given line ends; returns the number of rows. */
static int lay_out(const uint32_t *cps, int n, int newline_cols, int width, int couplets,
                   VerseRow *rows, int cap)
{
    int count = 0, start = 0;
    while (start < n) {
        int end = start, used = 0;
        while (end < n) {
            /* a newline opens the next row, unless nothing follows it yet:
             * then it closes this one, so a finished poem keeps its rows */
            if (cps[end] == '\n' && end > start && end + 1 < n)
                break;
            int w = cols_of(cps[end], newline_cols);
            if (used + w > width && end > start) {
                end = wrap_end(cps, start, end);
                break;
            }
            used += w;
            end++;
            if (couplets ? ends_couplet(cps[end - 1]) : ends_line(cps[end - 1]))
                break;
        }
        if (end == n - 1 && cps[end] == '\n' && end > start)
            end++; /* the newline that ends the text stays on the last row */
        if (count < cap)
            rows[count] = (VerseRow){start, end - start, width_of(cps, start, end, newline_cols)};
        count++;
        start = end;
    }
    return count;
}

int verse_layout(const uint32_t *cps, int n, int newline_cols, int width, int max_rows,
                 VerseRow *rows, int cap, int *couplets)
{
    width = width < 1 ? 1 : width;
    int total = lay_out(cps, n, newline_cols, width, 0, rows, cap);
    int used_couplets = total > max_rows;
    if (used_couplets)
        total = lay_out(cps, n, newline_cols, width, 1, rows, cap);
    if (couplets)
        *couplets = used_couplets;
    return total;
}

int verse_first_shown(int total, int max_rows)
{
    return total > max_rows && max_rows > 0 ? total - max_rows : 0;
}
