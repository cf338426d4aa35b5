/* draw.h - what the panels share: rectangles, roles, glyphs and text output.
 *
 * A panel never picks a colour: it names the role of what it draws (a bar,
 * a blocked candidate, a character the model wrote) and tui.c decides how
 * that role looks: in colour, or with bold / reverse / dim when colours are
 * off (NO_COLOR, a vt100). Likewise the glyphs: block and braille characters,
 * or plain ASCII on terminals that cannot show them.
 */
#ifndef TS_DRAW_H
#define TS_DRAW_H

#include <stddef.h>
#include <stdint.h>

#include "app/app.h"

typedef struct {
    int y, x, h, w; /* top row, left column, rows, columns */
} Rect;

typedef enum {
    ROLE_NORMAL,
    ROLE_TITLE,      /* the title bar */
    ROLE_HEADER,     /* a panel's column headings */
    ROLE_DIM,        /* secondary text, text outside the model's window */
    ROLE_KEY,        /* a key name in hints and help */
    ROLE_SELECTED,   /* the selected slider */
    ROLE_BAR_MODEL,  /* the model's probability (upper half bar) */
    ROLE_BAR_SAMPLER,/* the probability after the sampler (lower half bar) */
    ROLE_BAR_BOTH,   /* a cell where both bars are */
    ROLE_HIST,       /* the histogram of samples */
    ROLE_BLOCKED,    /* a candidate the verse form forbids */
    ROLE_UNKNOWN,    /* a character the model does not know */
    ROLE_WRITTEN,    /* a character the model wrote */
    ROLE_CACHED,     /* the timing curve with the cache */
    ROLE_UNCACHED,   /* ... and without */
    ROLE_HEAT,       /* attention cells */
    ROLE_ERROR,      /* a status that says something went wrong */
    ROLE_GOOD,       /* identical text */
    ROLE_POINTED,    /* the panel a lesson points at (its heading row) */
    /* the coin, uncertainty under the text */
    ROLE_COIN,       /* the coin's mark on the bar of the last draw */
    ROLE_ENTROPY_LOW,  /* a written character drawn nearly decided (app_entropy_level) */
    ROLE_ENTROPY_MID,
    ROLE_ENTROPY_HIGH, /* ... drawn wide open: underlined in every theme */
    ROLE_COUNT
} Role;

/* The characters the panels draw with. */
typedef struct {
    int unicode;             /* 0: ASCII only */
    const char *newline;     /* how a newline in the text is shown */
    const char *half_top, *half_bottom, *full; /* the two half bars and both */
    const char *eighths[9];  /* horizontal bar ends: 0/8 .. 8/8 of a cell */
    const char *shades[5];   /* attention: none .. strongest */
    const char *marker;      /* the selected slider */
    const char *bar_left, *bar_right; /* slider ends */
    const char *ellipsis;
    const char *sep;         /* between items on one line */
    const char *coin;        /* the coin's mark on the bar of the last draw */
    const char *differs;     /* a student's stage and the built-in disagree here: ≠ */
    /* glyphs: the symbols labels take as arguments (no label holds one) */
    const char *up, *down, *left, *right; /* arrows, in hints: ↑ ↓ ← → */
    const char *times;       /* a product, 32×4096 */
    const char *delta;       /* a difference, |Δ| */
    const char *shift;       /* a context shift in the text, ¦ */
    const char *edge;        /* the window's edge in the text, before the first character read */
    const char *seen, *masked, *cut; /* the mask view: may attend, masked, more to the left */
    const char *rule;        /* a vertical line between panels */
    AppSymbols app;          /* the app's own messages' (AppState.prefs.sym) */
} Glyphs;

/* ---- the screen as a test (`tangscope lesson --check`) ----
 * While an audit runs, every text a panel draws is written down: where, in
 * how many columns, whether it was cut (wider than its room or than the
 * screen), and what it is (DrawItem), so the check can tell whether a line a
 * lesson names stands whole on the screen. The panels say what they draw
 * next with draw_item; it costs nothing when no audit runs. */
typedef enum {
    ITEM_NONE,
    ITEM_BARS,      /* a candidate's row; index: its rank - 1 */
    ITEM_QUERY,     /* the look-up line (/ or `lookup`) */
    ITEM_COIN,      /* the coin's line */
    ITEM_VERDICT,   /* the compare run's verdict (identical or not) */
    ITEM_CORPUS,    /* the training text's column heading and the line that names the context */
    ITEM_HIST,      /* the histogram's column */
    ITEM_QUIZ,      /* a quiz's question */
    ITEM_ANSWER,    /* its answer, once revealed */
    ITEM_MEMORY,    /* the timing panel's cache-size line */
    ITEM_KV_COLUMN, /* the memory table's column heading; index: 0 per token, 1 now, 2 long */
    ITEM_PLOT,      /* the compare plot (index: its rows) */
    ITEM_WRITTEN,   /* what both compare runs wrote: the line that says if it is the same */
    ITEM_STAGE,     /* a student's stage: the line under the bars that counts where it differs */
    ITEM_STAGE_COL, /* a student's stage: its column's heading ("yours") */
    ITEM_SEED,      /* the seed's value: a name typed back, its digits never grouped */
    ITEM_SUMMARY,   /* the line under the bars: what the sampler keeps and removes */
    ITEM_ENTROPY,   /* the entropy view's figure under the last character the model wrote */
    ITEM_ELIDED     /* a text cut on purpose, and saying so (its start, then …): the title's
                     * session code too long for the screen; not told as a cut line */
} DrawItem;

typedef struct {
    int y, x, w;      /* where, and the columns it had */
    int cut;          /* 1: it did not fit (cropped, or past the screen's edge) */
    DrawItem item;
    int index;
    char text[192];   /* as given (cropped to this buffer) */
} DrawnText;

/* Write down every text drawn into log (at most cap); draw_audit_stop ends it
 * and returns how many were drawn (more than cap: the rest not kept). */
void draw_audit_start(DrawnText *log, int cap);
int draw_audit_stop(void);
/* What the panel draws next (until the next call); ITEM_NONE: nothing named. */
void draw_item(DrawItem item, int index);

/* Set up by tui.c. */
int tui_attr(Role role);
const Glyphs *tui_glyphs(void);

/* Text at (y, x), cropped to maxw columns; returns the columns drawn. */
int draw_text(int y, int x, int maxw, Role role, const char *utf8);
int draw_textf(int y, int x, int maxw, Role role, const char *fmt, ...)
#if defined(__GNUC__)
    __attribute__((format(printf, 5, 6)))
#endif
    ;
/* The same, but a text that does not fit ends in an ellipsis, so the cut
 * shows (a list of acrostic heads, a long status message). */
int draw_text_cut(int y, int x, int maxw, Role role, const char *utf8);
/* draw_text for a line that may end in the screen's bottom-right cell, which
 * curses cannot write by moving the cursor past it: the text is inserted
 * there instead (the cursor stays). Returns the columns drawn. */
int draw_text_corner(int y, int x, int maxw, Role role, const char *utf8);
/* Right-aligned so it ends at column x_end (exclusive); returns its start column. */
int draw_text_right(int y, int x_end, int maxw, Role role, const char *utf8);
/* One character of the text (a newline as its glyph, controls as '?');
 * returns its columns. */
int draw_cp(int y, int x, int maxw, Role role, uint32_t cp);
/* Columns draw_cp would take. */
int draw_cp_width(uint32_t cp);
/* Blank a rectangle (in the look of `role`, for the title bar). */
void draw_clear(Rect r);
void draw_fill(Rect r, Role role);
/* Text broken into lines of r.w columns: at spaces, or anywhere in Chinese. */
void draw_wrapped(Rect r, Role role, const char *utf8);
/* The same from row y of r down to r's last row at most; returns the row
 * after the text (for the next line of a panel that is narrow here). */
int draw_wrapped_from(Rect r, int y, Role role, const char *utf8);
/* Give what is already drawn in r the look of `role` (the text stays). */
void draw_mark(Rect r, Role role);
/* A horizontal bar of `fraction` (0..1) of w columns in eighths of a cell. */
void draw_hbar(int y, int x, int w, double fraction, Role role);

#endif
