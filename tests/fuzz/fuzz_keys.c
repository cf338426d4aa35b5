/* fuzz_keys.c - the explorer's keys and mouse, on any sequence of them.
 *
 * The input is a sequence of Commands (commands.h), each one byte followed
 * by the bytes of its argument, applied with app_apply to the explorer's
 * state on the test model, as the screen does for every key, click and
 * clock tick. Arguments stay within what the screen can send (a candidate
 * 1..8, a slider, a language, a view, any code point typed); with the first
 * byte odd the explorer shows a lesson (tests/data/lesson-good.md), so its
 * keys (next, back, scroll) and the picker have something to act on.
 *
 * x (CMD_EXPORT) writes the session into the working folder: the Commands
 * run in a scratch folder of the target's own, emptied after every input,
 * so a run leaves no file in the repository.
 */
#define _DEFAULT_SOURCE /* mkdtemp, fchdir, dirent */
#include <dirent.h>
#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <string.h>
#include <unistd.h>

#include "app/commands.h"
#include "fuzz.h"
#include "app/lesson.h"

typedef struct {
    const uint8_t *p, *end;
} Bytes;

static unsigned take(Bytes *b)
{
    return b->p < b->end ? *b->p++ : 0;
}

/* An integer in lo..hi from the next byte. */
static long take_in(Bytes *b, long lo, long hi)
{
    return lo + (long)(take(b) % (unsigned)(hi - lo + 1));
}

static const Lesson *fixture_lesson(void)
{
    static Lesson l;
    static int loaded;
    if (!loaded) {
        TsErr err;
        fuzz_need(lesson_load(&l, "tests/data/lesson-good.md", NULL, NULL, &err) == 0,
                  "tests/data/lesson-good.md", err.msg);
        loaded = 1;
    }
    return &l;
}

/* The argument the screen would send with Command c. */
static CmdArg arg_for(Command c, Bytes *b, char *text, size_t size)
{
    CmdArg a = cmd_arg(0);
    switch (c) {
    case CMD_TYPE:
    case CMD_LOOKUP: {
        unsigned v = take(b) | take(b) << 8 | take(b) << 16;
        a.n = (long)(v % 0x110000u);
        break;
    }
    case CMD_PICK: a.n = take_in(b, 1, 8); break;
    case CMD_SLIDER_DOWN:
    case CMD_SLIDER_UP:
    case CMD_SLIDER_SELECT: a.n = take_in(b, 0, SL_COUNT - 1); break;
    case CMD_SLIDER_SET:
        a.n = take_in(b, 0, SL_COUNT - 1);
        a.x = (double)(int8_t)take(b) / 16.0;
        break;
    case CMD_MODE_ACROSTIC:
    case CMD_MODE_JUEJU: {
        static const long lengths[3] = {0, 5, 7};
        a.n = lengths[take(b) % 3];
        break;
    }
    case CMD_LANGUAGE: a.n = take_in(b, -1, LANG_COUNT - 1); break;
    case CMD_MID_TEXT:
    case CMD_CACHE_SET: a.n = take_in(b, 0, 1); break;
    case CMD_SHOW:
    case CMD_VIEW: a.n = take_in(b, 0, VIEW_COUNT - 1); break;
    case CMD_POINT: a.n = take_in(b, 0, PANEL_COUNT - 1); break;
    case CMD_NARRATION_SCROLL: a.n = take_in(b, -8, 8); break;
    case CMD_PICKER_MOVE: a.n = take_in(b, -3, 3); break;
    case CMD_QUIZ: {
        size_t n = take(b) % size;
        size_t i = 0;
        while (i < n && b->p < b->end)
            text[i++] = (char)take(b);
        text[i] = 0;
        a.text = text;
        break;
    }
    default: break;
    }
    return a;
}

static char scratch[] = "/tmp/tangscope-fuzz-keys-XXXXXX";
static int home = -1; /* the folder the target started in (the repository's top) */

static void scratch_remove(void) { rmdir(scratch); }

/* The scratch folder, made on first call (before fuzz_start, so that a
 * failure is said on the terminal). */
static void scratch_make(void)
{
    if (home >= 0)
        return;
    home = open(".", O_RDONLY | O_DIRECTORY);
    fuzz_need(home >= 0 && mkdtemp(scratch) != NULL, "a scratch folder in /tmp", strerror(errno));
    atexit(scratch_remove);
}

/* Back to the starting folder, and every file the input wrote removed. */
static void scratch_leave(void)
{
    DIR *d = opendir(".");
    struct dirent *e;
    while (d && (e = readdir(d)) != NULL)
        if (strcmp(e->d_name, ".") != 0 && strcmp(e->d_name, "..") != 0)
            unlink(e->d_name);
    if (d)
        closedir(d);
    if (fchdir(home) != 0)
        abort(); /* the fixtures' paths would point nowhere */
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    static AppState s;
    static char text[APP_QUIZ_MAX + 64];
    const Lesson *l = fixture_lesson();
    fuzz_tiny_model();
    fuzz_tiny_corpus();
    fuzz_converter();
    scratch_make();
    fuzz_start();
    if (size == 0 || fuzz_app(&s) != 0)
        return 0;
    Bytes b = {data + 1, data + size};
    if (data[0] & 1) {
        app_picker_set(&s, l, 1);
        if (data[0] & 2)
            app_lesson_open(&s, l, LANG_EN);
    }
    if (chdir(scratch) != 0) {
        fuzz_app_free(&s);
        return 0;
    }
    while (b.p < b.end && !s.input.quit) {
        Command c = (Command)(take(&b) % CMD_COUNT);
        CmdArg a = arg_for(c, &b, text, sizeof text);
        app_apply(&s, c, a);
    }
    scratch_leave();
    fuzz_app_free(&s);
    return 0;
}
