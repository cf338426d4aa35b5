/* progress.h - how far a long command is: one line on stderr, redrawn in
 * place, for every command that can take more than a couple of seconds.
 *
 * The line reads "[=====>    ] 42% 420/1,000 characters, 312/s, 0:02 left |
 * what" in the run's language (labels.h LBL_PROGRESS*, numbers as the
 * language writes them). It is drawn only when stderr is a terminal and the
 * command was not given --quiet; otherwise no byte of it is ever written, so
 * a log or a pipe stays exactly as it was. It is redrawn at most ten times a
 * second, cropped to the terminal's width, and taken off the screen by
 * progress_end, so the command's own output stays clean.
 *
 * How a command uses it:
 *
 *     Progress p;
 *     progress_start(&p, quiet, what, total, LBL_PROGRESS_CHARS);
 *     for (...) { ...; progress_update(&p, done); }
 *     progress_end(&p);
 *
 * An engine loop, which must not print, takes a TsProgressFn (common.h) and
 * its ctx: pass progress_engine and &p. A line a command prints on stdout
 * while the bar is up needs progress_clear first when both go to the same
 * terminal (progress_update draws the bar again); a line for stderr goes
 * through progress_print, which puts it above the bar.
 */
#ifndef TS_PROGRESS_H
#define TS_PROGRESS_H

#include "app/labels.h"

typedef struct {
    int on;          /* the line is drawn: stderr is a terminal, no --quiet */
    LabelId unit;    /* what is counted (LBL_PROGRESS_CHARS, ..._POEMS, ...) */
    char what[128];  /* what is being done, before the figures; "" for nothing */
    long total, done;
    double t0;       /* when the count started */
    double shown;    /* when the line was last drawn; < 0: never */
    int cols;        /* columns of the line on the screen now; 0: none there */
    int stdout_tty;  /* stdout is a terminal too (progress_clear has work to do) */
    unsigned id;     /* which bar it is, for progress_hide_any */
} Progress;

/* Start counting `total` things of `unit` (the caller's own unit label: a
 * label with one %s for the count, like LBL_PROGRESS_CHARS). what: a short
 * text in the run's language saying what is done (a path is shown through
 * cli_shown_path first), or NULL. quiet: --quiet was given. The line is drawn
 * at once, 0 of total. */
void progress_start(Progress *p, int quiet, const char *what, long total, LabelId unit);

/* done of total are finished; redraws if a tenth of a second has passed
 * since the last drawing (or at the last one). */
void progress_update(Progress *p, long done);

/* progress_update with the caller's own figures after the bar in place of
 * the count, rate and time left (train's line: step, losses, ETA). */
void progress_update_text(Progress *p, long done, const char *text);

/* A new stage with its own count, rate and time left (bench's parts). */
void progress_stage(Progress *p, const char *what, long total, LabelId unit);

/* Before a line on stdout: take the bar off the screen when stdout is a
 * terminal too (the next update draws it again). */
void progress_clear(Progress *p);

/* Before lines of one's own on stderr, printed whole (a lesson's problems):
 * the bar off the screen; the next update draws it again at once. p may be
 * NULL: a command without a bar. */
void progress_hide(Progress *p);

/* Whatever bar is on the terminal, off it: cli_error calls this before its
 * line, so an error or a warning never lands after a bar's text. */
void progress_hide_any(void);

/* What is being done now (as progress_start's what), the count going on;
 * shown from the next drawing on. */
void progress_what(Progress *p, const char *what);

/* The next part of a command of several (import's four, export's three):
 * what, a label with one %s for path (shown through cli_shown_path) or none
 * when path is NULL, with `done` parts finished. */
void progress_part(Progress *p, LabelId what, const char *path, long done);

/* A line of its own on stderr (text without its newline) while the bar is
 * up: the bar is taken off and the line printed, cut to the terminal's
 * width; the next update draws the bar again below it. Without a bar (not
 * a terminal, --quiet) the line is simply printed. */
void progress_print(Progress *p, const char *text);

/* The end: the line is taken off the screen, nothing is left of it. */
void progress_end(Progress *p);

/* For an engine loop's TsProgressFn: ctx is a Progress, done of total. */
void progress_engine(void *ctx, size_t done, size_t total);

/* The line for done of total after `elapsed` seconds, in lang, without the
 * terminal's business: "[==>   ] 42% 420/1,000 ... | what". */
void progress_format(const Progress *p, AppLang lang, double elapsed, char *out, size_t size);

#endif
