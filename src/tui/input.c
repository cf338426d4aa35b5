/* input.c - the one table from keys to Commands. Everything the explorer
 * does on a key is listed here; what the Command then does is app_apply's
 * business (src/app/commands.c). */
#include "input.h"

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
};

Command input_map(int is_key, wint_t key, int pasting, CmdArg *arg)
{
    *arg = cmd_arg(0);
    if (pasting && !is_key && (key >= 0x20 || key == '\n' || key == '\r')) {
        arg->n = key == '\r' ? '\n' : (long)key; /* pasted text is text: a newline too */
        return CMD_TYPE;
    }
    for (size_t i = 0; i < sizeof BINDINGS / sizeof BINDINGS[0]; i++) {
        if (BINDINGS[i].is_key == is_key && BINDINGS[i].key == key) {
            arg->n = BINDINGS[i].arg;
            return BINDINGS[i].cmd;
        }
    }
    if (is_key || key < 0x20 || key == 0x7f)
        return CMD_NONE; /* an unbound function key or control character */
    arg->n = (long)key; /* everything else is text: Chinese from any input method, a paste */
    return CMD_TYPE;
}
