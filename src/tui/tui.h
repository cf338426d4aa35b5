/* tui.h - the explorer's full screen: the only part of tangscope that talks
 * to the terminal (ncurses).
 *
 * tui_run owns the terminal from start to end: it checks the locale, sets up
 * colours (or a monochrome look), the mouse and the signal handlers, turns
 * keys into Commands for app_apply and draws what those say changed. It
 * restores the terminal however the program ends: q, Ctrl-C, a signal, a
 * crash.
 */
#ifndef TS_TUI_H
#define TS_TUI_H

#include "app/app.h"
#include "engine/common.h"

/* Work done after the first frame is on the screen, so the explorer opens
 * fast: the caller loads the training text there. `background` (or NULL) is
 * called right after the first frame, then on every pass of the loop for as
 * long as it sets *again to 1; it returns the REDRAW_ flags of what it
 * changed. `poll` (or NULL) is called on every pass of the loop, at least
 * every TUI_POLL_MS, for as long as the explorer runs (`lesson --watch`
 * looks at its file there), and returns REDRAW_ flags too. */
typedef struct {
    unsigned (*background)(AppState *s, void *ctx, int *again);
    void *ctx;
    unsigned (*poll)(AppState *s, void *ctx);
    void *poll_ctx;
} TuiHooks;

/* a tenth of a second: a saved lesson is on the screen well within a second
 * even on a busy machine, and a stat() that often costs nothing */
#define TUI_POLL_MS 100

/* Make sure the locale is UTF-8: the user's own, else C.UTF-8. Fails (with
 * a message saying what to do) when neither is available; call it before
 * anything is drawn. */
int tui_locale_utf8(TsErr *err);

/* Run the explorer on s until the user quits. Returns the exit status:
 * 0 after q / F10 / Ctrl-C, 128 + the signal number after SIGTERM, SIGHUP or
 * SIGINT from outside. hooks may be NULL.
 *
 * If the environment variable TANGSCOPE_FRAME_FD names an open file
 * descriptor, one byte is written to it once the first frame is on the
 * terminal (for `tangscope bench --ui`). */
int tui_run(AppState *s, const TuiHooks *hooks);

/* A screen of rows x cols that draws into /dev/null, for measuring the
 * drawing without a terminal (`tangscope bench --ui`). */
int tui_headless_open(int rows, int cols, TsErr *err);
void tui_headless_close(void);
/* Give the screen the look s asks for (s->prefs.theme, s->prefs.projector) if it has
 * another; returns 1 if it changed (then everything must be drawn again). */
int tui_theme_follow(const AppState *s);
/* Draw what `redraw` (REDRAW_ flags) names and send it to the screen
 * (screen.c, in the places layout.c gives). */
void screen_draw(const AppState *s, unsigned redraw);

#endif
