/* views.h - the panels. Each draws an AppState into a rectangle and nothing
 * else: no panel changes the state, reads a key or picks a colour. */
#ifndef TS_VIEWS_H
#define TS_VIEWS_H

#include "app/app.h"
#include "tui/draw.h"

/* The places the screen is cut into, one for each panel: each has its row
 * in layout.c's table of panels (PANELS), which says where it stands. */
typedef enum {
    PANE_TITLE,
    PANE_PROMPT,
    PANE_ATTENTION, /* the attention view (v): above the panels, or instead of them */
    PANE_PROBS,     /* the bars */
    PANE_SLIDERS,
    PANE_TIMING,
    PANE_STATUS,
    PANE_HELP,      /* over everything but the title */
    PANE_NARRATION, /* a lesson: its narration beside the panels */
    PANE_KVCACHE,   /* the KV cache's cost (r), in place of the sliders and the timing */
    PANE_WEIGHTS,   /* the weights' precision (W): in the same place */
    PANE_ENTROPY,   /* uncertainty under the text (e): in the sliders' and timing's place */
    PANE_COMPARE,   /* the compare model (--compare-model): below the bars where the rows
                     * allow, else in their place (compare_on_bars) */
    PANE_MASK,      /* the mask view (w): in the panels' place */
    PANE_READING,   /* the text read (Y): in the panels' place too */
    PANE_MESSAGES,  /* the messages (!): in the sliders' and the timing's place */
    PANE_COIN,      /* the coin's row when the bars have none for it (a long text took
                     * the lines under them): the note's, under the text, while it is a
                     * hint, or the status line's (coin_on_status) */
    PANE_COUNT
} Pane;

typedef struct {
    Rect r;
    int shown; /* the panel has rows (the title, the text, the status and the help: always
                * while the screen is large enough) */
} PanePlace;

typedef struct {
    int too_small;
    PanePlace at[PANE_COUNT];
    int show_panels;    /* probs, and sliders or timing (or both), have rows */
    int compare_on_bars;
    int coin_on_status; /* the coin is on the status line's row */
} Layout;

enum { SCREEN_MIN_COLS = 80, SCREEN_MIN_LINES = 24, PROMPT_LABEL_COLS = 6 };

/* Where each panel stands on a screen of lines x cols showing s (layout.c). */
void screen_layout(Layout *l, const AppState *s, int lines, int cols);

/* title and status lines (view_status.c) */
void view_title_draw(const AppState *s, Rect r);
void view_status_draw(const AppState *s, Rect r);
void view_too_small_draw(const AppState *s, int lines, int cols);

/* the prompt (view_prompt.c). Its characters' places are shared with the
 * attention view, which shades cells under them. */
typedef struct {
    int x, w;         /* column (from the text's left edge) and width */
    long text_index;  /* index into g.text, or -1 if the model does not read it */
    long char_index;  /* index into chars, or -1 for the newline a poem starts on */
    int shift;        /* 1: no character but the mark of a context shift (text_index -1):
                       * the window moved on before the character after it */
    int edge;         /* 1: no character but the mark of the window's edge (text_index -1):
                       * the character after it is the first the model reads */
} PromptCell;

int view_prompt_cells(const AppState *s, int width, PromptCell *cells, int max);
int view_prompt_text_width(const AppState *s, Rect r);
/* Rows the text takes as verse in a panel `cols` wide, at most max_rows
 * (and at least 1; 1 while the attention view is open). With pinyin shown
 * (y) a row of verse takes two, its readings under it, when max_rows >= 2. */
int view_prompt_rows_wanted(const AppState *s, int cols, int max_rows);
void view_prompt_draw(const AppState *s, Rect r);
void view_prompt_cursor(const AppState *s, Rect r, int *y, int *x);

void view_probs_draw(const AppState *s, Rect r);

void view_sliders_draw(const AppState *s, Rect r);
/* Which slider row (y, x) falls on, and the value at x if it is on the bar
 * (*on_bar). Returns 0 when it is on none. */
int view_sliders_hit(const AppState *s, Rect r, int y, int x, SliderId *id, double *value,
                     int *on_bar);

void view_timing_draw(const AppState *s, Rect r);
/* `show written`: what both runs of the last comparison wrote, side by side
 * as verse, in the bars' place (view_probs_draw hands it over) */
void view_written_draw(const AppState *s, Rect r);

/* Rows the attention view wants: a heading and one per layer and head. */
int view_attention_rows(const AppState *s);
void view_attention_draw(const AppState *s, Rect r);

void view_help_draw(const AppState *s, Rect r);

/* uncertainty under the text (view_entropy.c): the last written characters,
 * each over the entropy in bits of the draw that chose it */
void view_entropy_draw(const AppState *s, Rect r);
/* The look of a written character by how uncertain its draw was. */
Role view_entropy_role(float bits);
/* the text read (Y) and the messages (!) (view_reading.c): each a heading
 * and rows from views.top on; *_rows counts the rows below the heading that
 * the whole view takes in a panel r (for screen_fit) */
void view_reading_draw(const AppState *s, Rect r);
int view_reading_rows(const AppState *s, Rect r);
void view_messages_draw(const AppState *s, Rect r);
int view_messages_rows(const AppState *s, Rect r);
/* the causal mask of the last pass (view_mask.c), below the text */
void view_mask_draw(const AppState *s, Rect r);

/* a lesson (view_lesson.c): the narration pane, the quiz in place of the
 * bars, the picker. view_lesson_lines says how many lines the narration takes
 * in r and how many rows show them. */
int view_lesson_lines(const AppState *s, Rect r, int *rows);
void view_lesson_draw(const AppState *s, Rect r);
void view_quiz_draw(const AppState *s, Rect r);
void view_picker_draw(const AppState *s, Rect r);
/* The coin's line (after a sampled step) drawn in row y across r, and
 * whether the probabilities panel r has a row for it. When it has none (a
 * long text took the lines under the bars), screen_layout gives it the note
 * row under the text instead (PANE_COIN). */
void view_probs_coin_line(const AppState *s, Rect r, int y);
/* True when the note under the text is only a hint (grey), which the coin
 * may then cover; a form's progress, an unknown character or the input
 * method's syllable stay. */
int view_prompt_note_is_hint(const AppState *s, int cols);
int view_probs_coin_fits(const AppState *s, Rect r);
/* The lines under the bars the panel would show with room for all: the
 * summary, the training text's context, the look-up or the stages (not on a
 * projector), the coin. */
int view_probs_under_rows(const AppState *s);

/* The training-text column of the bars (for pointing at it). */
Rect view_probs_corpus_rect(const AppState *s, Rect r);

/* The KV cache's cost by model (view_kvcache.c). */
void view_kvcache_draw(const AppState *s, Rect r);
/* the weights in three precisions (W): in the same place (view_weights.c) */
void view_weights_draw(const AppState *s, Rect r);
/* the compare model's top 8 beside the explorer's model's (view_compare.c) */
void view_compare_draw(const AppState *s, Rect r);
/* pinyin (view_pinyin.c). A reading takes at most VIEW_PINYIN_COLS - 1
 * columns (zhuāng), so a column that wide shows any reading whole. */
enum { VIEW_PINYIN_COLS = 7 };
/* Columns of chars[i]'s reading as the text reads it, by words (0 without one). */
int view_pinyin_reading_cols(const AppState *s, size_t i);
/* cp's reading (the one matching q, if q is given) in py_w columns at (y, x),
 * then its gloss cut to gloss_w columns (none when 0). */
void view_pinyin_cell(const AppState *s, int y, int x, int py_w, int gloss_w, Role role, uint32_t cp,
                      const PinyinSyllable *q);
/* The reading of each character of the text in row y, under its cell. */
void view_pinyin_readings(const AppState *s, int y, int x0, const PromptCell *cells, int n);
/* "春 spring · 风 wind": the glosses of the text's newest characters that fit
 * in cols columns, oldest first. */
void view_pinyin_glosses(const AppState *s, char *out, size_t size, int cols);
/* The input method's panel, in the bars' place while a syllable is typed. */
void view_ime_draw(const AppState *s, Rect r);

/* Lay out the screen for s and tell the lesson how its narration fits
 * (screen.c; the one drawing step that writes to the state). */
void screen_fit(AppState *s, int lines, int cols);

#endif
