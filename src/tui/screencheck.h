/* screencheck.h - the screen as a test: every lesson step laid out and drawn
 * without a terminal, at the sizes a class sees, with the explorer's own
 * layout and panels (`tangscope lesson --check`).
 *
 * A step's screen must show, whole, what the step names: the look-up line of
 * a `lookup`, the coin of a `step`, the verdict and a plot with room for a
 * ramp after a `compare`, the view a `show` opens (the memory table with its
 * columns per token and for the text now), the panel a `point`
 * points at, the question of a `quiz`, and the figure each `expect` line
 * checks (a candidate's row of bars, the look-up line, the training text's
 * column). And no line of it may be cut. Each problem is told as
 * FILE:LINE through the listener: the line of the command that names what is
 * missing, or the step's heading for a cut line.
 */
#ifndef TS_SCREENCHECK_H
#define TS_SCREENCHECK_H

#include "app/app.h"
#include "app/lesson.h"

/* The screens a lesson is checked on. */
typedef struct {
    int lines, cols, projector;
    const char *name; /* "80x24", "110x34", "projector 80x24" */
} CheckScreen;

extern const CheckScreen CHECK_SCREENS[];
enum { CHECK_SCREEN_COUNT = 3 };
/* The one of them a lesson's figures are read from (110x34): the size the
 * lessons are written for. */
enum { CHECK_SCREEN_DEFAULT = 1 };

/* Open (and close) the screen without a terminal the checks draw on. */
int screencheck_open(TsErr *err);
void screencheck_close(void);

/* Check step k of l as s stands after entering it (a quiz is drawn hidden,
 * then revealed; s is left as it was). Returns the number of problems. */
int screencheck_step(AppState *s, const Lesson *l, int k, LessonProblem problem, void *ctx);

#endif
