/* input.h - keys to Commands, through one table (input.c). */
#ifndef TS_INPUT_H
#define TS_INPUT_H

#include <wchar.h>

#include "app/commands.h"
#include "app/labels.h"

/* Key codes for the start and end of a bracketed paste (registered with
 * define_key by tui.c): everything between them is text, even letters,
 * digits and newlines that would otherwise be commands. */
enum { KEY_PASTE_BEGIN = 01000, KEY_PASTE_END = 01001 };

/* What the keys mean depends on what is on the screen. */
enum {
    INPUT_PASTING = 1 << 0, /* inside a bracketed paste: characters are text */
    INPUT_TEXT = 1 << 1,    /* the command line is open: characters are its text */
    INPUT_LESSON = 1 << 2,  /* a lesson: n N PgDn PgUp step, Shift-Down Shift-Up scroll */
    INPUT_QUIZ = 1 << 3,    /* a quiz hides the bars: most keys reveal them */
    INPUT_PICKER = 1 << 4,  /* the picker of lessons: arrows, Enter, q */
    /* pinyin input */
    INPUT_PINYIN = 1 << 5,  /* the input method: Latin letters spell a syllable */
    INPUT_SYLLABLE = 1 << 6, /* ... and a syllable is being typed: arrows page, Tab the tone */
    INPUT_SCROLL = 1 << 7   /* the text read (Y) or the messages (!): the arrows scroll them */
};

/* The mode for this state (pasting: inside a bracketed paste). */
unsigned input_mode(const AppState *s, int pasting);

/* What get_wch returned: `is_key` for a function key (KEY_CODE_YES, e.g.
 * KEY_LEFT), else a character; `mode` from input_mode. Fills *arg; CMD_NONE
 * for keys that do nothing. A character that is not a key is typed into the
 * prompt. */
Command input_map(unsigned mode, int is_key, wint_t key, CmdArg *arg);

/* The help screen's key lines, made from the key tables (the explorer's, then
 * a lesson's): one per help label, in the order the tables first name it,
 * with the names of all its keys as this terminal shows them, in the
 * language's names for keys (lang.h): "q F10 Ctrl-C", "1-8", "tT kK pP mM",
 * "Tab ↓", "S-Tab ↑", "Bild↓/↑", "Leertaste", "Strg-U". Fills out[0..max) and returns the
 * lines. */
typedef struct {
    LabelId what;
    char keys[48];
} KeyHelp;
int input_help(AppLang lang, KeyHelp *out, int max);

/* The slider's keys from the key table, down then up: "t T"; the seed's
 * "s" (a new seed). The sliders panel writes them beside each slider. */
void input_slider_keys(SliderId id, char *out, size_t size);

#endif
