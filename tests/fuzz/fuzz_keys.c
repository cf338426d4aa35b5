/* fuzz_keys.c - the explorer's keys and mouse, on any sequence of them.
 *
 * The input is a sequence of Commands (commands.h), each one byte followed
 * by the bytes of its argument, applied with app_apply to the explorer's
 * state on the test model, as the screen does for every key, click and
 * clock tick. Arguments stay within what the screen can send (a candidate
 * 1..8, a slider, a language, a view, any code point typed); with the first
 * byte odd the explorer shows a lesson (tests/data/lesson-good.md), so its
 * keys (next, back, scroll) and the picker have something to act on.
 */
#include <string.h>

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
    case CMD_SHOW: a.n = take_in(b, 0, VIEW_COUNT - 1); break;
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

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    static AppState s;
    static char text[APP_QUIZ_MAX + 64];
    const Lesson *l = fixture_lesson();
    fuzz_tiny_model();
    fuzz_tiny_corpus();
    fuzz_converter();
    fuzz_start();
    if (size == 0 || fuzz_app(&s) != 0)
        return 0;
    Bytes b = {data + 1, data + size};
    if (data[0] & 1) {
        app_picker_set(&s, l, 1);
        if (data[0] & 2)
            app_lesson_open(&s, l, LANG_EN);
    }
    while (b.p < b.end && !s.quit) {
        Command c = (Command)(take(&b) % CMD_COUNT);
        CmdArg a = arg_for(c, &b, text, sizeof text);
        app_apply(&s, c, a);
    }
    fuzz_app_free(&s);
    return 0;
}
