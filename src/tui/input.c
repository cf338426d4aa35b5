/* input.c - the one table from keys to Commands. Everything the explorer
 * does on a key is listed here; what the Command then does is app_apply's
 * business (src/app/commands.c). */
#include "tui/input.h"

#include <curses.h>

#define CTRL(c) ((c) & 0x1f)

typedef struct {
    int is_key;   /* 1: a curses function key code (KEY_...), 0: a character */
    wint_t key;
    Command cmd;
    long arg;     /* candidate number or slider */
} Binding;

static const Binding BINDINGS[] = {
    {0, 'q', CMD_QUIT, 0},
    {1, KEY_F(10), CMD_QUIT, 0},
    {0, CTRL('c'), CMD_QUIT, 0}, /* raw mode: Ctrl-C arrives as a key */
    {0, ' ', CMD_SAMPLE, 0},
    {0, '1', CMD_PICK, 1},
    {0, '2', CMD_PICK, 2},
    {0, '3', CMD_PICK, 3},
    {0, '4', CMD_PICK, 4},
    {0, '5', CMD_PICK, 5},
    {0, '6', CMD_PICK, 6},
    {0, '7', CMD_PICK, 7},
    {0, '8', CMD_PICK, 8},
    {1, KEY_BACKSPACE, CMD_BACKSPACE, 0},
    {0, 127, CMD_BACKSPACE, 0},      /* DEL, what most terminals send */
    {0, CTRL('h'), CMD_BACKSPACE, 0},
    {0, CTRL('u'), CMD_CLEAR, 0},
    {0, '\n', CMD_WRITE, 0},
    {0, '\r', CMD_WRITE, 0},
    {1, KEY_ENTER, CMD_WRITE, 0},
    {0, 27, CMD_STOP, 0},            /* Esc */
    {0, 'b', CMD_COMPARE, 0},
    {0, 'c', CMD_CACHE, 0},
    {0, 't', CMD_SLIDER_DOWN, SL_TEMPERATURE},
    {0, 'T', CMD_SLIDER_UP, SL_TEMPERATURE},
    {0, 'k', CMD_SLIDER_DOWN, SL_TOP_K},
    {0, 'K', CMD_SLIDER_UP, SL_TOP_K},
    {0, 'p', CMD_SLIDER_DOWN, SL_TOP_P},
    {0, 'P', CMD_SLIDER_UP, SL_TOP_P},
    {0, 'm', CMD_SLIDER_DOWN, SL_MIN_P},
    {0, 'M', CMD_SLIDER_UP, SL_MIN_P},
    {0, 's', CMD_NEW_SEED, 0},
    {0, '\t', CMD_SLIDER_NEXT, 0},
    {1, KEY_BTAB, CMD_SLIDER_PREV, 0},
    {1, KEY_DOWN, CMD_SLIDER_NEXT, 0},
    {1, KEY_UP, CMD_SLIDER_PREV, 0},
    {1, KEY_LEFT, CMD_SELECTED_DOWN, 0},
    {1, KEY_RIGHT, CMD_SELECTED_UP, 0},
    {0, 'f', CMD_MODE_FREE, 0},
    {0, 'a', CMD_MODE_ACROSTIC, 0},
    {0, 'j', CMD_MODE_JUEJU, 0},
    {0, 'h', CMD_HISTOGRAM, 0},
    {0, 'v', CMD_ATTENTION, 0},
    {0, 'l', CMD_LANGUAGE, -1},
    {0, '?', CMD_HELP, 0},
    {0, '/', CMD_QUERY, 0},
    {0, 'n', CMD_MID_TEXT, -1},     /* n: the newline before the prompt, or none */
    {0, ':', CMD_CMDLINE, 0},
    /* the session to take home and the KV cache's cost */
    {0, 'x', CMD_EXPORT, 0},
    {0, 'r', CMD_KVCACHE, 0},
    /* pinyin */
    {0, 'y', CMD_PINYIN_SHOW, -1},
    {0, 'i', CMD_PINYIN_INPUT, 1},
    /* reading it from the back row */
    {0, 'z', CMD_PROJECTOR, -1},    /* z: projector mode on / off */
    /* uncertainty under the text */
    {0, 'e', CMD_ENTROPY, 0},
    /* the mask view */
    {0, 'w', CMD_MASK, 0},
};

/* In a lesson, before the table above: n and N step through it there (the
 * prompt's start is then `:mid-text on|off`). */
static const Binding LESSON_BINDINGS[] = {
    {0, 'n', CMD_LESSON_NEXT, 0},
    {0, 'N', CMD_LESSON_PREV, 0},
    {1, KEY_NPAGE, CMD_LESSON_NEXT, 0},
    {1, KEY_PPAGE, CMD_LESSON_PREV, 0},
    {1, KEY_SF, CMD_NARRATION_SCROLL, 1},  /* Shift-Down */
    {1, KEY_SR, CMD_NARRATION_SCROLL, -1}, /* Shift-Up */
};

/* The picker of lessons: nothing else. */
static const Binding PICKER_BINDINGS[] = {
    {1, KEY_DOWN, CMD_PICKER_MOVE, 1},
    {1, KEY_UP, CMD_PICKER_MOVE, -1},
    {0, '\t', CMD_PICKER_MOVE, 1},
    {0, '\n', CMD_PICKER_OPEN, 0},
    {0, '\r', CMD_PICKER_OPEN, 0},
    {1, KEY_ENTER, CMD_PICKER_OPEN, 0},
    {0, 'q', CMD_QUIT, 0},
    {1, KEY_F(10), CMD_QUIT, 0},
    {0, CTRL('c'), CMD_QUIT, 0},
};

/* The pinyin input method, before everything but the picker and the command
 * line (Latin letters are its text, see input_map): 9 chooses too, - and =
 * turn its pages; while a syllable is typed, the arrows turn them and Tab
 * steps through the tones. Esc, Backspace, Space and 1-8 keep their Commands,
 * which the input method takes (app_pinyin_key). */
static const Binding PINYIN_BINDINGS[] = {
    {0, '9', CMD_PICK, 9},
    {0, '-', CMD_PINYIN_PAGE, -1},
    {0, '=', CMD_PINYIN_PAGE, 1},
};
static const Binding SYLLABLE_BINDINGS[] = {
    {1, KEY_LEFT, CMD_PINYIN_PAGE, -1},
    {1, KEY_UP, CMD_PINYIN_PAGE, -1},
    {1, KEY_RIGHT, CMD_PINYIN_PAGE, 1},
    {1, KEY_DOWN, CMD_PINYIN_PAGE, 1},
    {0, '\t', CMD_PINYIN_TONE, 1},
    {1, KEY_BTAB, CMD_PINYIN_TONE, -1},
};

#define COUNT(table) (sizeof table / sizeof table[0])

unsigned input_mode(const AppState *s, int pasting)
{
    unsigned mode = pasting ? INPUT_PASTING : 0;
    if (s->cmdline_open)
        mode |= INPUT_TEXT;
    if (s->picking)
        mode |= INPUT_PICKER;
    if (s->lesson)
        mode |= INPUT_LESSON;
    if (s->quiz_hidden)
        mode |= INPUT_QUIZ;
    if (s->ime.on)
        mode |= INPUT_PINYIN;
    if (s->ime.on && s->ime.typed[0])
        mode |= INPUT_SYLLABLE;
    return mode;
}

static int lookup(const Binding *table, size_t n, int is_key, wint_t key, Command *cmd, CmdArg *arg)
{
    for (size_t i = 0; i < n; i++) {
        if (table[i].is_key == is_key && table[i].key == key) {
            arg->n = table[i].arg;
            *cmd = table[i].cmd;
            return 1;
        }
    }
    return 0;
}

Command input_map(unsigned mode, int is_key, wint_t key, CmdArg *arg)
{
    *arg = cmd_arg(0);
    Command c;
    if (mode & INPUT_PICKER)
        return lookup(PICKER_BINDINGS, COUNT(PICKER_BINDINGS), is_key, key, &c, arg) ? c : CMD_NONE;
    int text = !is_key && key >= 0x20 && key != 0x7f;
    if ((mode & INPUT_PASTING) && !is_key && (text || key == '\n' || key == '\r')) {
        arg->n = key == '\r' ? '\n' : (long)key; /* pasted text is text: a newline too */
        return CMD_TYPE;
    }
    if ((mode & INPUT_TEXT) && text) { /* the command line: letters and digits are its text */
        arg->n = (long)key;
        return CMD_TYPE;
    }
    int found = 0;
    if ((mode & INPUT_PINYIN) && !(mode & INPUT_TEXT)) {
        /* Latin letters are never commands here (nor u:'s colon after one) */
        int letter = !is_key && ((key >= 'a' && key <= 'z') || (key >= 'A' && key <= 'Z'));
        if (letter || (!is_key && key == ':' && (mode & INPUT_SYLLABLE))) {
            arg->n = (long)key;
            c = CMD_TYPE;
            found = 1;
        }
        if (!found && (mode & INPUT_SYLLABLE))
            found = lookup(SYLLABLE_BINDINGS, COUNT(SYLLABLE_BINDINGS), is_key, key, &c, arg);
        if (!found)
            found = lookup(PINYIN_BINDINGS, COUNT(PINYIN_BINDINGS), is_key, key, &c, arg);
    }
    if (!found)
        found = (mode & INPUT_LESSON) && !(mode & INPUT_TEXT) &&
                lookup(LESSON_BINDINGS, COUNT(LESSON_BINDINGS), is_key, key, &c, arg);
    if (!found)
        found = lookup(BINDINGS, COUNT(BINDINGS), is_key, key, &c, arg);
    if (!found) {
        if (is_key || !text)
            return CMD_NONE; /* an unbound function key or control character */
        arg->n = (long)key; /* everything else is text: Chinese from any input method, a paste */
        c = CMD_TYPE;
    }
    /* a quiz: the class guesses, then any key shows the bars (quitting, stepping
     * through the lesson and the command line keep their meaning) */
    if ((mode & INPUT_QUIZ) && !(mode & INPUT_TEXT) && c != CMD_QUIT && c != CMD_LESSON_NEXT &&
        c != CMD_LESSON_PREV && c != CMD_NARRATION_SCROLL && c != CMD_CMDLINE) {
        *arg = cmd_arg(0);
        return CMD_REVEAL;
    }
    return c;
}
