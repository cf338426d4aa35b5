/* fuzz_lesson.c - the lesson reader and the lessons run, on any text.
 *
 * The input is a lesson file: lesson_parse reads it into steps (every
 * problem told to a listener that ignores it), then the lesson runs in the
 * explorer's state on the test model with its training text, as `tangscope
 * lesson` shows it: opened at its introduction, stepped forward to its end
 * and one step back (a replay from the start), every command of every step
 * carried out through the command language (script.h).
 */
#include "fuzz.h"
#include "app/commands.h"
#include "app/lesson.h"

static void ignore(void *ctx, int line, const char *msg)
{
    (void)ctx;
    (void)line;
    (void)msg;
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    static AppState s;
    fuzz_tiny_model();
    fuzz_tiny_corpus();
    fuzz_converter();
    fuzz_start();
    Lesson l;
    TsErr err;
    if (lesson_parse(&l, "lessons/en/fuzz.md", (const char *)data, size, ignore, NULL, &err) < 0)
        return 0;
    if (fuzz_app(&s) == 0) {
        app_lesson_open(&s, &l, LANG_EN);
        app_lesson_wait(&s);
        /* forward through every step (each put back as the explorer's own
         * thread entered it ahead), then one back */
        for (int k = 1; k <= lesson_last_step(&l); k++) {
            app_apply(&s, CMD_LESSON_NEXT, cmd_arg(0));
            app_lesson_wait(&s);
        }
        app_apply(&s, CMD_LESSON_PREV, cmd_arg(0));
        app_lesson_wait(&s);
        app_apply(&s, CMD_NARRATION_SCROLL, cmd_arg(3));
        fuzz_app_free(&s);
    }
    lesson_free(&l);
    return 0;
}
