/* app_lesson.c - a lesson on the explorer's screen, the picker of lessons,
 * and the command line (`:`): what their Commands do (commands.c calls these).
 *
 * Going forward enters the next step on the state as it is; going anywhere
 * else replays the lesson from its start (lesson_goto), so a step always
 * shows what the class saw the first time. Problems a step's commands meet
 * (an `expect` that no longer holds, a value out of range) do not stop the
 * lesson: the first is told in the status line with its line in the file.
 */
#include <stdio.h>
#include <string.h>

#include "app/app.h"
#include "app/labels.h"
#include "app/lesson.h"
#include "app/script.h"

/* The first problem of a step, for the status line. */
typedef struct {
    int line, count;
    char msg[SCRIPT_MSG_MAX];
} FirstProblem;

static void note_problem(void *ctx, int line, const char *msg)
{
    FirstProblem *p = ctx;
    if (p->count++ == 0) {
        p->line = line;
        snprintf(p->msg, sizeof p->msg, "%s", msg);
    }
}

void app_lesson_go(AppState *s, int k)
{
    const Lesson *l = s->lesson;
    if (!l)
        return;
    k = k < 0 ? 0 : k > lesson_last_step(l) ? lesson_last_step(l) : k;
    FirstProblem first = {0};
    /* the corpus may still be loading: an `expect corpus` is passed over, not failed */
    if (k == s->lesson_step + 1)
        lesson_enter(s, l, k, 0, note_problem, &first);
    else
        lesson_goto(s, l, k, s->lesson_lang, 0, note_problem, &first);
    s->lesson_step = k;
    s->narration_top = 0;
    if (first.count)
        app_status(s, 1, app_label(s, LBL_ST_LINE_PROBLEM), first.line, first.msg);
}

void app_lesson_open(AppState *s, const Lesson *l, AppLang lang)
{
    s->lesson = l;
    s->lesson_lang = lang;
    s->picking = 0;
    s->lesson_step = -1; /* so that step 0 is "the next one": entered after a reset */
    s->lang = lang; /* first: the welcome comes in it */
    app_reset(s);
    app_lesson_go(s, 0);
}

void app_lesson_fit(AppState *s, int lines, int rows)
{
    s->narration_lines = lines;
    s->narration_rows = rows;
    int most = lines - rows > 0 ? lines - rows : 0;
    if (s->narration_top > most)
        s->narration_top = most;
}

void app_picker_set(AppState *s, const Lesson *shelf, int n)
{
    s->shelf = shelf;
    s->n_shelf = n;
    s->shelf_sel = 0;
    s->picking = n > 0;
    app_status(s, 0, "%s", ""); /* the picker says its keys itself */
}
