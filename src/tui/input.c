/* input.c - the one table from keys to Commands. Everything the explorer
 * does on a key is listed here; what the Command then does is app_apply's
 * business (src/app/commands.c). The help screen (`?`) is made from the same
 * table: each key names the help line it belongs on (input_help). */
#include "tui/input.h"

#include <curses.h>
#include <stdio.h>
#include <string.h>

#include "engine/vocab.h"
#include "tui/draw.h"

#define CTRL(c) ((c) & 0x1f)

/* A key of a table the help screen does not list (the picker and the input
 * method show their keys on their own screens). */
#define NO_HELP LBL_COUNT

typedef struct {
    int is_key;   /* 1: a curses function key code (KEY_...), 0: a character */
    wint_t key;
    Command cmd;
    long arg;     /* candidate number or slider */
    LabelId help; /* the help line it is listed on (keys with the same line share it) */
} Binding;

static const Binding BINDINGS[] = {
    {0, 'q', CMD_QUIT, 1, LBL_HELP_QUIT}, /* 1: asks first in a lesson, closes the help */
    {1, KEY_F(10), CMD_QUIT, 0, LBL_HELP_QUIT},
    {0, CTRL('c'), CMD_QUIT, 0, LBL_HELP_QUIT}, /* raw mode: Ctrl-C arrives as a key */
    {0, ' ', CMD_SAMPLE, 0, LBL_HELP_SPACE},
    {0, '1', CMD_PICK, 1, LBL_HELP_PICK},
    {0, '2', CMD_PICK, 2, LBL_HELP_PICK},
    {0, '3', CMD_PICK, 3, LBL_HELP_PICK},
    {0, '4', CMD_PICK, 4, LBL_HELP_PICK},
    {0, '5', CMD_PICK, 5, LBL_HELP_PICK},
    {0, '6', CMD_PICK, 6, LBL_HELP_PICK},
    {0, '7', CMD_PICK, 7, LBL_HELP_PICK},
    {0, '8', CMD_PICK, 8, LBL_HELP_PICK},
    /* a French (AZERTY) keyboard's number row without Shift: & é " ' ( - è _
     * pick too (none is a character of the model, so none is lost to the
     * text); the help lists them after 1-8, as "1-8 &é"'(-è_" */
    {0, '&', CMD_PICK, 1, LBL_HELP_PICK},
    {0, 0xE9, CMD_PICK, 2, LBL_HELP_PICK}, /* é */
    {0, '"', CMD_PICK, 3, LBL_HELP_PICK},
    {0, '\'', CMD_PICK, 4, LBL_HELP_PICK},
    {0, '(', CMD_PICK, 5, LBL_HELP_PICK},
    {0, '-', CMD_PICK, 6, LBL_HELP_PICK},
    {0, 0xE8, CMD_PICK, 7, LBL_HELP_PICK}, /* è */
    {0, '_', CMD_PICK, 8, LBL_HELP_PICK},
    {1, KEY_BACKSPACE, CMD_BACKSPACE, 0, LBL_HELP_BACKSPACE},
    {0, 127, CMD_BACKSPACE, 0, LBL_HELP_BACKSPACE},      /* DEL, what most terminals send */
    {0, CTRL('h'), CMD_BACKSPACE, 0, LBL_HELP_BACKSPACE},
    {0, CTRL('u'), CMD_CLEAR, 0, LBL_HELP_CLEAR},
    {0, '\n', CMD_WRITE, 0, LBL_HELP_ENTER},
    {0, '\r', CMD_WRITE, 0, LBL_HELP_ENTER},
    {1, KEY_ENTER, CMD_WRITE, 0, LBL_HELP_ENTER},
    {0, 27, CMD_STOP, 0, LBL_HELP_ESC},            /* Esc */
    {0, 'b', CMD_COMPARE, 0, LBL_HELP_COMPARE},
    {0, 'c', CMD_CACHE, 0, LBL_HELP_CACHE},
    {0, 't', CMD_SLIDER_DOWN, SL_TEMPERATURE, LBL_HELP_SLIDERS},
    {0, 'T', CMD_SLIDER_UP, SL_TEMPERATURE, LBL_HELP_SLIDERS},
    {0, 'k', CMD_SLIDER_DOWN, SL_TOP_K, LBL_HELP_SLIDERS},
    {0, 'K', CMD_SLIDER_UP, SL_TOP_K, LBL_HELP_SLIDERS},
    {0, 'p', CMD_SLIDER_DOWN, SL_TOP_P, LBL_HELP_SLIDERS},
    {0, 'P', CMD_SLIDER_UP, SL_TOP_P, LBL_HELP_SLIDERS},
    {0, 'm', CMD_SLIDER_DOWN, SL_MIN_P, LBL_HELP_SLIDERS},
    {0, 'M', CMD_SLIDER_UP, SL_MIN_P, LBL_HELP_SLIDERS},
    {0, 'd', CMD_SLIDER_DOWN, SL_PENALTY, LBL_HELP_SLIDERS}, /* d: don't repeat */
    {0, 'D', CMD_SLIDER_UP, SL_PENALTY, LBL_HELP_SLIDERS},
    {0, 's', CMD_NEW_SEED, 0, LBL_HELP_SEED},
    {0, '\t', CMD_SLIDER_NEXT, 0, LBL_HELP_TAB},
    {1, KEY_BTAB, CMD_SLIDER_PREV, 0, LBL_HELP_TAB_BACK},
    {1, KEY_DOWN, CMD_SLIDER_NEXT, 0, LBL_HELP_TAB},
    {1, KEY_UP, CMD_SLIDER_PREV, 0, LBL_HELP_TAB_BACK},
    {1, KEY_LEFT, CMD_SELECTED_DOWN, 0, LBL_HELP_ARROWS},
    {1, KEY_RIGHT, CMD_SELECTED_UP, 0, LBL_HELP_ARROWS},
    {0, 'f', CMD_MODE_FREE, 0, LBL_HELP_FREE},
    {0, 'a', CMD_MODE_ACROSTIC, 0, LBL_HELP_ACROSTIC},
    {0, 'j', CMD_MODE_JUEJU, 0, LBL_HELP_JUEJU},
    {0, 'h', CMD_VIEW, VIEW_HISTOGRAM, LBL_HELP_HIST},
    {0, 'v', CMD_VIEW, VIEW_ATTENTION, LBL_HELP_ATTENTION},
    {0, 'l', CMD_LANGUAGE, -1, LBL_HELP_LANGUAGE},
    {0, '?', CMD_VIEW, VIEW_HELP, LBL_HELP_MESSAGES}, /* with ! on one line: "help; !: messages" */
    {0, '/', CMD_QUERY, 0, LBL_HELP_QUERY},
    {0, 'n', CMD_MID_TEXT, -1, LBL_HELP_MID_TEXT},     /* n: the newline before the prompt, or none */
    {0, ':', CMD_CMDLINE, 0, LBL_HELP_COMMAND},
    /* the session to take home and the KV cache's cost */
    {0, 'x', CMD_EXPORT, 0, LBL_HELP_EXPORT},
    {0, 'r', CMD_VIEW, VIEW_MEMORY, LBL_HELP_KVCACHE},
    /* pinyin */
    {0, 'y', CMD_PINYIN_SHOW, -1, LBL_HELP_READING}, /* with Y: "pinyin; Y: the text read" */
    {0, 'Y', CMD_VIEW, VIEW_READING, LBL_HELP_READING},  /* the whole text read, word by word */
    {0, 'i', CMD_PINYIN_INPUT, 1, LBL_HELP_IME},
    {0, CTRL('z'), CMD_UNDO_LETTERS, 0, LBL_HELP_UNDO_LETTERS}, /* raw mode: not suspend */
    /* reading it from the back row */
    {0, 'z', CMD_PROJECTOR, -1, LBL_HELP_PROJECTOR},    /* z: projector mode on / off */
    /* uncertainty under the text */
    {0, 'e', CMD_VIEW, VIEW_ENTROPY, LBL_HELP_ENTROPY},
    /* the mask view */
    {0, 'w', CMD_VIEW, VIEW_MASK, LBL_HELP_MASK},
    /* the weights' precision: fp32, bf16, int8 in turn */
    {0, 'W', CMD_WEIGHTS, -1, LBL_HELP_WEIGHTS},
    /* what went wrong, whole (a student's program that failed) */
    {0, '!', CMD_VIEW, VIEW_MESSAGES, LBL_HELP_MESSAGES},
};

/* While the text read (Y) or the messages (!) are open, before the table
 * above: the arrows scroll them (the sliders they stand over wait). */
static const Binding SCROLL_BINDINGS[] = {
    {1, KEY_DOWN, CMD_VIEW_SCROLL, 1, NO_HELP},
    {1, KEY_UP, CMD_VIEW_SCROLL, -1, NO_HELP},
};

/* In a lesson, before the table above: n and N step through it there (the
 * prompt's start is then `:mid-text on|off`). */
static const Binding LESSON_BINDINGS[] = {
    {0, 'n', CMD_LESSON_NEXT, 0, LBL_HELP_LESSON},
    {0, 'N', CMD_LESSON_PREV, 0, LBL_HELP_LESSON},
    {1, KEY_NPAGE, CMD_LESSON_NEXT, 0, LBL_HELP_LESSON},
    {1, KEY_PPAGE, CMD_LESSON_PREV, 0, LBL_HELP_LESSON},
    {1, KEY_SF, CMD_NARRATION_SCROLL, 1, LBL_HELP_SCROLL},  /* Shift-Down */
    {1, KEY_SR, CMD_NARRATION_SCROLL, -1, LBL_HELP_SCROLL}, /* Shift-Up */
};

/* The picker of lessons: nothing else. */
static const Binding PICKER_BINDINGS[] = {
    {1, KEY_DOWN, CMD_PICKER_MOVE, 1, NO_HELP},
    {1, KEY_UP, CMD_PICKER_MOVE, -1, NO_HELP},
    {0, '\t', CMD_PICKER_MOVE, 1, NO_HELP},
    {0, '\n', CMD_PICKER_OPEN, 0, NO_HELP},
    {0, '\r', CMD_PICKER_OPEN, 0, NO_HELP},
    {1, KEY_ENTER, CMD_PICKER_OPEN, 0, NO_HELP},
    {0, 'q', CMD_QUIT, 0, NO_HELP},
    {1, KEY_F(10), CMD_QUIT, 0, NO_HELP},
    {0, CTRL('c'), CMD_QUIT, 0, NO_HELP},
};

/* The pinyin input method, before everything but the picker and the command
 * line (Latin letters are its text, see input_map): 9 chooses too, ) and =
 * turn its pages (the two keys after 9 and 0 on a French keyboard, whose
 * - picks 6 as everywhere; on others Shift-0 and =); while a syllable is
 * typed, the arrows turn them and Tab steps through the tones. Esc,
 * Backspace, Space and 1-8 (& é " ' ( - è _) keep their Commands, which the
 * input method takes (app_pinyin_key). */
static const Binding PINYIN_BINDINGS[] = {
    {0, '9', CMD_PICK, 9, NO_HELP},
    {0, 0xE7, CMD_PICK, 9, NO_HELP}, /* ç: 9 on a French keyboard */
    {0, ')', CMD_PINYIN_PAGE, -1, NO_HELP},
    {0, '=', CMD_PINYIN_PAGE, 1, NO_HELP},
};
static const Binding SYLLABLE_BINDINGS[] = {
    {1, KEY_LEFT, CMD_PINYIN_PAGE, -1, NO_HELP},
    {1, KEY_UP, CMD_PINYIN_PAGE, -1, NO_HELP},
    {1, KEY_RIGHT, CMD_PINYIN_PAGE, 1, NO_HELP},
    {1, KEY_DOWN, CMD_PINYIN_PAGE, 1, NO_HELP},
    {0, '\t', CMD_PINYIN_TONE, 1, NO_HELP},
    {1, KEY_BTAB, CMD_PINYIN_TONE, -1, NO_HELP},
};

#define COUNT(table) (sizeof table / sizeof table[0])

unsigned input_mode(const AppState *s, int pasting)
{
    unsigned mode = pasting ? INPUT_PASTING : 0;
    if (s->input.cmdline_open || s->progs.ask || s->input.quit_ask ||
        s->input.export_ask) /* a question takes y, j, o as letters */
        mode |= INPUT_TEXT;
    if (s->course.picking)
        mode |= INPUT_PICKER;
    if (s->course.lesson)
        mode |= INPUT_LESSON;
    if (s->view.quiz_hidden)
        mode |= INPUT_QUIZ;
    if (s->input.ime.on)
        mode |= INPUT_PINYIN;
    if (s->input.ime.on && s->input.ime.typed[0])
        mode |= INPUT_SYLLABLE;
    if (app_view_is_open(&s->view.views, VIEW_READING) ||
        app_view_is_open(&s->view.views, VIEW_MESSAGES))
        mode |= INPUT_SCROLL;
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
        found = (mode & INPUT_SCROLL) && !(mode & INPUT_TEXT) &&
                lookup(SCROLL_BINDINGS, COUNT(SCROLL_BINDINGS), is_key, key, &c, arg);
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

/* ---- the help screen, from the tables ---- */

/* A key's name as the help prints it ("Ctrl-C", "F10", "↑"), in the
 * language's names (a plain terminal, which cannot show them, gets the
 * English ones); keys that are one key on the keyboard share a name (Enter,
 * Backspace). */
static void help_key_name(AppLang lang, const Binding *b, char *out, size_t size)
{
    const Glyphs *g = tui_glyphs();
    if (!g->unicode)
        lang = LANG_EN;
    /* arrows: the glyphs, or on a plain terminal their names ("v" would read as the key v) */
    const char *up = g->unicode ? g->up : "Up", *down = g->unicode ? g->down : "Down";
    const char *shift = app_key_name(lang, KN_SHIFT);
    if (b->is_key) {
        switch (b->key) {
        case KEY_BACKSPACE: snprintf(out, size, "%s", app_key_name(lang, KN_BACKSPACE)); return;
        case KEY_ENTER: snprintf(out, size, "%s", app_key_name(lang, KN_ENTER)); return;
        case KEY_BTAB: snprintf(out, size, "%s", app_key_name(lang, KN_SHIFT_TAB)); return;
        case KEY_UP: snprintf(out, size, "%s", up); return;
        case KEY_DOWN: snprintf(out, size, "%s", down); return;
        case KEY_LEFT: snprintf(out, size, "%s", g->unicode ? g->left : "Left"); return;
        case KEY_RIGHT: snprintf(out, size, "%s", g->unicode ? g->right : "Right"); return;
        case KEY_NPAGE: snprintf(out, size, "%s", app_key_name(lang, KN_PGDN)); return;
        case KEY_PPAGE: snprintf(out, size, "%s", app_key_name(lang, KN_PGUP)); return;
        case KEY_SF: snprintf(out, size, "%s%s", shift, down); return;
        case KEY_SR: snprintf(out, size, "%s%s", shift, up); return;
        default:
            if (b->key >= (wint_t)KEY_F(1) && b->key <= (wint_t)KEY_F(63))
                snprintf(out, size, "F%d", (int)(b->key - KEY_F(0)));
            else
                snprintf(out, size, "key %d", (int)b->key);
            return;
        }
    }
    switch (b->key) {
    case ' ': snprintf(out, size, "%s", app_key_name(lang, KN_SPACE)); return;
    case '\t': snprintf(out, size, "%s", app_key_name(lang, KN_TAB)); return;
    case '\n':
    case '\r': snprintf(out, size, "%s", app_key_name(lang, KN_ENTER)); return;
    case 27: snprintf(out, size, "%s", app_key_name(lang, KN_ESC)); return;
    case 127:
    case CTRL('h'): /* what that key sends */
        snprintf(out, size, "%s", app_key_name(lang, KN_BACKSPACE));
        return;
    default:
        if (b->key < 0x20) {
            snprintf(out, size, "%s%c", app_key_name(lang, KN_CTRL), (char)('@' + b->key));
        } else { /* a character: é as its UTF-8 */
            char u[8] = {0};
            utf8_encode((uint32_t)b->key, u);
            snprintf(out, size, "%s", u);
        }
    }
}

/* One character of a keyboard's number row that is no ASCII letter or digit
 * (&, é, "), given as its UTF-8. */
static int is_symbol_key(const char *name)
{
    size_t pos = 0, len = strlen(name);
    uint32_t cp;
    if (utf8_decode(name, len, &pos, &cp) != 0 || pos != len)
        return 0;
    if (cp < 0x80) /* ASCII punctuation */
        return cp > ' ' && !((cp >= '0' && cp <= '9') || (cp >= 'a' && cp <= 'z') ||
                             (cp >= 'A' && cp <= 'Z'));
    return cp >= 0xC0 && cp <= 0xFF; /* é è ç; not the arrows, which stay words */
}

/* A word made of such characters only (not "?" alone: a key of its own line
 * is never followed by another on it). */
static int is_symbol_run(const char *word)
{
    size_t pos = 0, len = strlen(word);
    uint32_t cp;
    while (pos < len) {
        size_t at = pos;
        if (utf8_decode(word, len, &pos, &cp) != 0)
            return 0;
        char one[8];
        memcpy(one, word + at, pos - at);
        one[pos - at] = 0;
        if (!is_symbol_key(one))
            return 0;
    }
    return len > 0;
}

/* The bytes of a key's name before its last character when that character
 * is no ASCII and something stands before it (Bild↓: "Bild"), else 0. */
static size_t arrow_stem(const char *name)
{
    size_t at = strlen(name);
    if (at == 0)
        return 0;
    do
        at--;
    while (at > 0 && ((unsigned char)name[at] & 0xC0) == 0x80);
    return (unsigned char)name[at] >= 0x80 ? at : 0;
}

/* Add a key's name to a help line: after a space, but 1 2 3 becomes 1-3,
 * a letter's capital joins it, t T as tT (a slider's down and up, a
 * lesson's next and previous step), symbols after symbols join them, and a
 * key that differs from the one before only in its arrow joins it after a
 * slash: Bild↓ Bild↑ as Bild↓/↑, the way keyboard manuals write it. */
static void add_key(KeyHelp *h, const char *name)
{
    size_t len = strlen(h->keys);
    const char *last = strrchr(h->keys, ' ');
    last = last ? last + 1 : h->keys;
    size_t last_len = strlen(last);
    char c = name[0];
    int one = c && !name[1];
    if (one && c >= '1' && c <= '9' && last_len > 0 && last[last_len - 1] == c - 1 &&
        (last_len == 1 || (last_len == 3 && last[1] == '-'))) {
        snprintf(h->keys + (last - h->keys), sizeof h->keys - (size_t)(last - h->keys), "%c-%c",
                 last[0], c);
        return;
    }
    if (one && c >= 'A' && c <= 'Z' && last_len == 1 && last[0] == c - 'A' + 'a') {
        snprintf(h->keys + len, sizeof h->keys - len, "%c", c);
        return;
    }
    size_t stem = arrow_stem(name);
    if (stem > 0 && arrow_stem(last) == stem && strncmp(last, name, stem) == 0) {
        snprintf(h->keys + len, sizeof h->keys - len, "/%s", name + stem);
        return;
    }
    /* a row of symbols (the AZERTY number row) is one word: &é"'(-è_ */
    if (is_symbol_key(name) && last_len > 0 && is_symbol_run(last)) {
        snprintf(h->keys + len, sizeof h->keys - len, "%s", name);
        return;
    }
    snprintf(h->keys + len, sizeof h->keys - len, "%s%s", len ? " " : "", name);
}

/* Has the line this name already (Enter as \n, \r and KEY_ENTER)? */
static int help_has_key(const KeyHelp *h, const char *name)
{
    const char *p = h->keys;
    size_t n = strlen(name);
    while ((p = strstr(p, name)) != NULL) {
        if ((p == h->keys || p[-1] == ' ') && (p[n] == 0 || p[n] == ' '))
            return 1;
        p += n;
    }
    return 0;
}

static int help_from(AppLang lang, const Binding *table, size_t count, KeyHelp *out, int n,
                     int max)
{
    for (size_t i = 0; i < count; i++) {
        if (table[i].help == NO_HELP)
            continue;
        int k = 0;
        while (k < n && out[k].what != table[i].help)
            k++;
        if (k == n) {
            if (n == max)
                continue;
            out[n++] = (KeyHelp){.what = table[i].help};
        }
        char name[32];
        help_key_name(lang, &table[i], name, sizeof name);
        if (!help_has_key(&out[k], name))
            add_key(&out[k], name);
    }
    return n;
}

int input_help(AppLang lang, KeyHelp *out, int max)
{
    int n = help_from(lang, BINDINGS, COUNT(BINDINGS), out, 0, max);
    return help_from(lang, LESSON_BINDINGS, COUNT(LESSON_BINDINGS), out, n, max);
}


void input_slider_keys(SliderId id, char *out, size_t size)
{
    /* down then up ("t T"); the seed's own key draws a new one ("s") */
    const Command want[] = {id == SL_SEED ? CMD_NEW_SEED : CMD_SLIDER_DOWN, CMD_SLIDER_UP};
    size_t n = 0;
    out[0] = 0;
    for (size_t w = 0; w < COUNT(want); w++)
        for (size_t i = 0; i < COUNT(BINDINGS); i++) {
            const Binding *b = &BINDINGS[i];
            if (b->is_key || b->cmd != want[w] || (b->cmd != CMD_NEW_SEED && b->arg != (long)id))
                continue;
            if (n + 3 < size)
                n += (size_t)snprintf(out + n, size - n, "%s%c", n ? " " : "", (char)b->key);
            break;
        }
}
