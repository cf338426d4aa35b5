/* app_stage.h - students' stage programs: the AppState's part `progs`
 * (app_stage.c, docs/exercises.md).
 */
#ifndef TS_APP_STAGE_H
#define TS_APP_STAGE_H

#include "app/exercise.h"

struct AppStage; /* app_stage.c: the programs that run */
struct AppState; /* app.h */

/* What the hand-in says of a student's stage program (app_stage.c, session.c):
 * the last one started for a stage, and how it did beside the built-in one. */
typedef struct {
    char cmd[160];  /* the program as started; "" when none was */
    int runs;       /* predictions it took part in, compared with the built-in */
    int differed;   /* of them, those where it kept other characters than the built-in */
    int failed;     /* it failed a step, and the built-in took over */
    char why[256];  /* the failure as the status line said it, on one line */
} AppStageRecord;

/* The stage programs the explorer runs beside the built-in stages. */
typedef struct {
    /* the programs that run, owned and never copied (NULL until one starts) */
    struct AppStage *stage;
    int may_start;             /* this state is the explorer's screen, which alone starts
                                * programs (a lesson's check, its handout and the thread
                                * that enters steps ahead never do) */
    int ask;                   /* 1: the status line asks whether to start it (y/n) */
    AppStageRecord rec[EXERCISE_COUNT]; /* for the hand-in: each stage's last program */
    double timeout;            /* seconds a step of a student's program may take, the
                                * first ten times that (--stage-timeout, `:stage
                                * --timeout`); 0: STAGEPROG_TIMEOUT */
    /* a student's program slow to answer (STAGEPROG_WAIT_SAY): waited is set,
     * and the screen's wait (set by the terminal, may be NULL) says so at
     * once; the terminal then drops the keys typed meanwhile */
    void (*wait)(const struct AppState *s, const char *cmd, double limit);
    int waited;
} AppPrograms;

#endif
