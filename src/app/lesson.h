/* lesson.h - guided lessons: a Markdown file read into steps, and running them.
 *
 * The format is lessons/README.md's: the first line `# Title`; every
 * `## Heading` starts a step; the text under it is the step's narration;
 * fenced blocks whose info string is `tangscope` hold commands of the
 * command language (script.h), one a line, carried out when the step is
 * entered. Text before the first step is the introduction, step 0 (its
 * commands, if any, run before every step).
 *
 * Step k is the state after steps 0..k from the lesson's start (app_reset),
 * so going back replays from the start and shows exactly what the class saw:
 * the seed makes it deterministic. A quiz and a pointed panel belong to the
 * step that set them: entering a step clears both first.
 */
#ifndef TS_LESSON_H
#define TS_LESSON_H

#include <stddef.h>

#include "app/app.h"

/* One command of a step, and the line of the file it is on (from 1). */
typedef struct {
    int line;
    char *text;
} LessonLine;

typedef struct {
    char *heading;     /* the step's `## ` heading; the title for the introduction */
    int line;          /* the heading's line */
    char *narration;   /* the Markdown under the heading, without the tangscope blocks
                          (other fenced blocks stay), blank lines at its ends removed */
    char *plain;       /* the narration for the screen (lesson_plain_text) */
    LessonLine *cmds;
    int n_cmds;
} LessonStep;

typedef struct Lesson {
    char *path;        /* as given, for messages */
    char *title;       /* "" when the file has none (a problem) */
    LessonStep *steps; /* [n_steps]: steps[0] the introduction, then one per `## ` */
    int n_steps;       /* 1 + the number of `## ` steps */
} Lesson;

/* Told about each problem: the line (from 1) and what is wrong, in English. */
typedef void (*LessonProblem)(void *ctx, int line, const char *msg);

/* Read the Markdown text into l. Problems with the file's shape (no title,
 * no step, a code block left open, a step without a heading) go to problem
 * (which may be NULL); the lesson is still filled as far as it goes. Returns
 * the number of problems, or -1 with err when memory runs out. */
int lesson_parse(Lesson *l, const char *path, const char *text, size_t len, LessonProblem problem,
                 void *ctx, TsErr *err);
/* Read the file and parse it. -1 with err if it cannot be read. */
int lesson_load(Lesson *l, const char *path, LessonProblem problem, void *ctx, TsErr *err);
void lesson_free(Lesson *l);

/* The number of steps after the introduction (what "step k of N" counts). */
static inline int lesson_last_step(const Lesson *l) { return l->n_steps - 1; }

/* Enter step k after the step before it: clear the quiz and the pointed
 * panel, then run step k's commands (write and compare to their end).
 * A command that fails is passed over after telling problem (with its line);
 * so is an `expect` that does not hold. An `expect` about the bundled model
 * on another model (lesson_skips) is passed over silently. An `expect` that cannot be checked
 * (the training text not loaded yet) is told only when strict. One that this
 * machine cannot decide (SCRIPT_SKIPPED: a speed) is no problem. Returns the
 * number of problems. */
int lesson_enter(AppState *s, const Lesson *l, int k, int strict, LessonProblem problem, void *ctx);
/* lesson_enter, strict, for a check of the lesson: each `expect` this
 * machine cannot decide is told to skipped with its line and why. */
int lesson_check_step(AppState *s, const Lesson *l, int k, LessonProblem problem,
                      LessonProblem skipped, void *ctx);

/* Step k from the start: app_reset, the language `lang`, then steps 0..k.
 * Returns the number of problems, as lesson_enter. */
int lesson_goto(AppState *s, const Lesson *l, int k, AppLang lang, int strict,
                LessonProblem problem, void *ctx);

/* Does step k run this verb (e.g. "compare")? */
int lesson_step_runs(const Lesson *l, int k, const char *verb);

/* Is the lesson marked `model bundled` (in any step): its `expect` lines
 * state the bundled model's figures? */
int lesson_about_bundled(const Lesson *l);
/* 1 if the command line is an `expect` of such a lesson and the model is
 * another (s->text.model_other): lesson_enter passes over it, neither run nor a
 * problem, and `lesson --check` reports it as about the bundled model. */
int lesson_skips(const AppState *s, const Lesson *l, const char *line);

/* A lesson about the bundled model run on another (s->text.model_other): its
 * narration's percentages and ranks are the bundled model's, and the screen
 * and the handout mark each one with LESSON_MARK (figures_marked) under a
 * note that says whose they are. 1 if so. */
int lesson_marks_figures(const AppState *s, const Lesson *l);
#define LESSON_MARK "*"
/* Step k's narration (Markdown), each figure marked (as \*, a Markdown escape) when
 * lesson_marks_figures; *marks: how many. A new string, or NULL. */
char *lesson_narration_marked(const AppState *s, const Lesson *l, int k, int *marks);
/* The same as plain text for the screen (lesson_plain_text): the mark as
 * LESSON_MARK. A new string, or NULL. */
char *lesson_plain_marked(const AppState *s, const Lesson *l, int k, int *marks);

/* The narration as plain text for the screen: paragraphs joined into one line
 * each (a blank line between them), list items on their own lines, headings
 * and code blocks kept, the marks of *emphasis* and `code` dropped. Returns a
 * new string (free it), or NULL when memory runs out. */
char *lesson_plain_text(const char *markdown);

/* The language a lesson is written in, from its folder (lessons/de/... ->
 * LANG_DE); fallback when the folder is not a language's. */
AppLang lesson_lang_of(const char *path, AppLang fallback);
/* The language a lesson is written in, wherever its file lies: the one its
 * introduction names with `lang CODE` (the header a lesson copied to /tmp
 * keeps), else its folder's (lesson_lang_of), else fallback (--lang, the
 * interface language). */
AppLang lesson_lang(const Lesson *l, AppLang fallback);
/* The language the lesson names for itself with `lang CODE` in its
 * introduction's block, or -1 when it names none. */
int lesson_own_lang(const Lesson *l);

#endif
