/* train_view.h - watching a model learn: the loss curve, the figures and a
 * sample poem, redrawn in place on a terminal while `tangscope train` runs.
 *
 * The view is a block of lines at the bottom of the terminal, written with
 * plain VT100/ANSI sequences: each frame moves the cursor back up over the
 * block and writes it again, so the lines above it stay and the last frame
 * stays on the screen when training ends. The curve's x axis is the whole
 * run (step 0 to the last step) and fills as training proceeds; its y axis
 * is the loss in bits per character, as every loss a person reads (the
 * trainer, its log and --json keep nats). A resumed run draws from its first
 * step on.
 *
 * It follows the explorer's terminal conventions but for curses: the words
 * and numbers of the interface language (cli_lang, labels.h), the locale
 * the command line set for measuring text (cli_lang_init, textw.h), the
 * explorer's rule for ASCII glyphs (textw_ascii_terminal: TERM, --ascii /
 * TANGSCOPE_ASCII) and NO_COLOR. It cannot draw through curses (tui.c):
 * curses takes the whole screen (and the alternate screen) and gives it
 * back empty at the end, while this view shares the terminal with the
 * lines above it and leaves its last frame behind, under the summary.
 *
 * The view is only given numbers and text; it never sees the model or the
 * trainer, so drawing cannot change the training.
 */
#ifndef TS_TRAIN_VIEW_H
#define TS_TRAIN_VIEW_H

#include <stdio.h>

/* What one training step reports. */
typedef struct {
    int step;        /* steps taken, 1 .. steps */
    float loss;      /* this step's training loss, nats/char (shown in bits) */
    double val;      /* the latest validation loss; NAN before the first */
    int val_now;     /* 1: val was measured after this step (a point on the curve) */
    double best_val; /* the best validation loss so far; NAN if none */
    float lr;        /* the learning rate this step used */
    double tok_s;    /* training characters per second; 0 until measured */
    double elapsed;  /* seconds since this run started */
    double eta;      /* seconds left, estimated */
} TrainViewStep;

typedef struct TrainView TrainView;

/* A loss in nats per character as bits per character (divided by ln 2):
 * the unit of every loss a person reads. */
double train_loss_bits(double nats);

/* The size of the terminal out writes to; when it is not one, $LINES and
 * $COLUMNS, else 24 x 80. At most 1000 columns. */
void train_view_term_size(FILE *out, int *rows, int *cols);

/* Start a view on out for a run of `steps` steps that continues from
 * start_step (0 for a new run). title names the run (the model it writes);
 * sample_about says how the sample poems are written, e.g. "seed 1,
 * temperature 0.8", in the interface language. Both strings must outlive the view. Hides the cursor.
 * The size comes from the terminal (from $COLUMNS and $LINES, else 80x24,
 * when out is not one). Returns NULL when out of memory. */
TrainView *train_view_start(FILE *out, const char *title, const char *sample_about,
                            int start_step, int steps);

/* Record a step: its loss (smoothed) goes into the curve, a validation loss
 * becomes a point. Redraws when the last frame is 0.1 s old, at once after a
 * validation or a new sample, and at the last step. */
void train_view_step(TrainView *v, const TrainViewStep *s);

/* The latest sample poem (UTF-8, one line), written by the weights after
 * `step` steps; or, when none could be written, problem says why (poem is
 * then ignored). Shown from the next frame on. */
void train_view_sample(TrainView *v, int step, const char *poem, const char *problem);

/* A line about what the run is doing between steps (e.g. measuring the
 * validation loss, which can take a while), shown at once in place of the
 * Ctrl-C hint; NULL takes it away from the next frame on. */
void train_view_note(TrainView *v, const char *note);

/* Draw a frame now. */
void train_view_draw(TrainView *v);

/* Leave the terminal clean (colours reset, cursor shown, the cursor on the
 * line below the last frame) and free the view. NULL does nothing. */
void train_view_end(TrainView *v);

#endif
