/* views.h - the panels. Each draws an AppState into a rectangle and nothing
 * else: no panel changes the state, reads a key or picks a colour. */
#ifndef TS_VIEWS_H
#define TS_VIEWS_H

#include "app.h"
#include "draw.h"

/* Where the screen is cut into panels (screen.c). */
typedef struct {
    int too_small;
    Rect title, prompt, attention, probs, sliders, timing, status, help;
    int show_attention; /* attention has rows */
    int show_panels;    /* probs, sliders and timing have rows */
} Layout;

enum { SCREEN_MIN_COLS = 80, SCREEN_MIN_LINES = 24, PROMPT_LABEL_COLS = 6 };

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
} PromptCell;

int view_prompt_cells(const AppState *s, int width, PromptCell *cells, int max);
int view_prompt_text_width(const AppState *s, Rect r);
void view_prompt_draw(const AppState *s, Rect r);
void view_prompt_cursor(const AppState *s, Rect r, int *y, int *x);

void view_probs_draw(const AppState *s, Rect r);

void view_sliders_draw(const AppState *s, Rect r);
/* Which slider row (y, x) falls on, and the value at x if it is on the bar
 * (*on_bar). Returns 0 when it is on none. */
int view_sliders_hit(const AppState *s, Rect r, int y, int x, SliderId *id, double *value,
                     int *on_bar);

void view_timing_draw(const AppState *s, Rect r);

/* Rows the attention view wants: a heading and one per layer and head. */
int view_attention_rows(const AppState *s);
void view_attention_draw(const AppState *s, Rect r);

void view_help_draw(const AppState *s, Rect r);

#endif
