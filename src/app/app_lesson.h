/* app_lesson.h - the lesson on the screen and the picker that chooses one:
 * the AppState's part `course` (app_lesson.c). What a lesson's steps change
 * is the AppStepView (app_step.h); this is where the lesson stands.
 */
#ifndef TS_APP_LESSON_H
#define TS_APP_LESSON_H

#include "app/lang.h"

#define APP_WATCH_MAX 2048     /* bytes of `lesson --watch`'s messages */

struct Lesson;       /* lesson.h */
struct AppStepSnaps; /* app_lesson.c */

typedef struct {
    const struct Lesson *lesson; /* NULL: the explorer alone; not owned */
    int step;                    /* the step shown, 0 = the introduction */
    AppLang lang;                /* the language the lesson starts in */
    int narration_top;           /* the first line of the narration on screen */
    int narration_lines;         /* its lines and the rows that show them, as the screen */
    int narration_rows;          /*   last laid them out (app_lesson_fit) */
    const struct Lesson *shelf;  /* [n_shelf] the lessons to pick from; not owned */
    int n_shelf, shelf_sel;
    int picking;                 /* 1: the picker is on the screen */
    /* `lesson --watch`: what the check of the file on the screen said, lines
     * "FILE:LINE: message" or "FILE: N steps, ok" (cli_lesson.c writes it,
     * view_lesson.c draws it under the narration; kept by app_reset) */
    char watch[APP_WATCH_MAX];
    int watch_bad;               /* 1: it tells problems (drawn as errors) */
    struct AppStepSnaps *snaps;  /* the state after each step of the lesson shown, so
                                  * that going to a step costs a copy, not a replay of
                                  * the lesson (app_lesson.c); owned */
} AppCourse;

/* The screen tells how many lines the narration takes at its width and how
 * many rows show them, so that scrolling stops at its end. */
void app_lesson_fit(AppCourse *c, int lines, int rows);

#endif
