/* commands.h - everything the explorer can be told to do, and what it changes.
 *
 * The screen maps a key (or a mouse click) to one Command through a single
 * table (src/tui/input.c); app_apply carries it out on the AppState and
 * answers with the panels that need drawing again. No command touches the
 * terminal, so the unit tests (and a lesson script) drive the explorer
 * through exactly these.
 */
#ifndef TS_COMMANDS_H
#define TS_COMMANDS_H

#include <stdint.h>

#include "app/app.h"

typedef enum {
    CMD_NONE,
    CMD_QUIT,           /* q, F10, Ctrl-C */
    CMD_TYPE,           /* any other character: arg.n is its code point */
    CMD_BACKSPACE,      /* take the last character back (the cache rolls back) */
    CMD_CLEAR,          /* Ctrl-U: an empty prompt */
    CMD_SAMPLE,         /* Space: sample one character and append it */
    CMD_PICK,           /* 1..8: append candidate arg.n */
    CMD_WRITE,          /* Enter: write the rest of the poem, animated */
    CMD_STOP,           /* Esc: stop writing, or leave the query / help */
    CMD_COMPARE,        /* b: compare runs with and without the cache */
    CMD_CACHE,          /* c: KV cache on / off */
    CMD_CACHE_SET,      /* arg.n 1: the KV cache on; 0: off */
    CMD_SLIDER_DOWN,    /* t k p m: lower slider arg.n */
    CMD_SLIDER_UP,      /* T K P M: raise slider arg.n */
    CMD_SLIDER_NEXT,    /* Tab, Down: select the next slider */
    CMD_SLIDER_PREV,    /* Shift-Tab, Up */
    CMD_SELECTED_DOWN,  /* Left: lower the selected slider */
    CMD_SELECTED_UP,    /* Right */
    CMD_SLIDER_SET,     /* the mouse: slider arg.n to value arg.x */
    CMD_SLIDER_SELECT,  /* the mouse: select slider arg.n */
    CMD_NEW_SEED,       /* s */
    CMD_MODE_FREE,      /* f */
    CMD_MODE_ACROSTIC,  /* a: heads from the prompt; again: 5 <-> 7 (arg.n 5 or 7: that length) */
    CMD_MODE_JUEJU,     /* j; again: 5 <-> 7 (arg.n 5 or 7: that length) */
    CMD_LANGUAGE,       /* l: arg.n a language (AppLang) sets it; -1 cycles en, zh, de, fr */
    CMD_MID_TEXT,       /* arg.n 1: read the prompt as a fragment from inside a text; 0: as
                           the start of a poem (the default); -1 toggles */
    CMD_QUERY,          /* /: the next character typed is looked up, not appended */
    CMD_LOOKUP,         /* look up code point arg.n at once (`lookup C`; 0: `lookup off`) */
    CMD_SHOW,           /* arg.n an AppView: open it (VIEW_NONE closes every view) */
    CMD_VIEW,           /* arg.n an AppView: open it, or close it when it is open (the keys
                         * h histogram, v attention, w mask, r memory, e entropy, ? help,
                         * Y the text read, ! the messages) */
    CMD_QUIZ,           /* arg.text: ask it and hide the bars ("" or NULL: no quiz) */
    CMD_REVEAL,         /* show the bars a quiz hid, or its answer */
    CMD_ANSWER,         /* arg.text: what the quiz's reveal shows (after CMD_QUIZ) */
    CMD_POINT,          /* arg.n an AppPanel: highlight it (PANEL_NONE: none) */
    CMD_LESSON_NEXT,    /* n, PgDn: the lesson's next step */
    CMD_LESSON_PREV,    /* N, PgUp: the step before (as kept: app_lesson.c) */
    CMD_NARRATION_SCROLL, /* Shift-Down / Shift-Up: the narration arg.n lines on */
    CMD_VIEW_SCROLL,    /* Down / Up while the text read (Y) or the messages (!) are open:
                         * that view arg.n rows on */
    CMD_PICKER_MOVE,    /* the picker: arg.n lessons down (negative: up) */
    CMD_PICKER_OPEN,    /* the picker: open the chosen lesson */
    CMD_CMDLINE,        /* `:`: open the command line; until Enter or Esc, what is typed
                           goes there (Enter runs it, Esc closes it) */
    CMD_TICK,           /* the clock: advance a running job */
    /* the session to take home */
    CMD_EXPORT,         /* x: write the session to a JSON file in the working folder */
    /* pinyin */
    CMD_PINYIN_SHOW,    /* y: readings and glosses beside the bars and under the text;
                           arg.n -1 toggles, 0 hides, 1 shows */
    CMD_PINYIN_INPUT,   /* i: the pinyin input method; arg.n -1 toggles, 0 leaves, 1 enters.
                           In it letters spell a syllable; 1..9 and Space choose (see
                           app_pinyin_key) */
    CMD_PINYIN_PAGE,    /* the input method's next page (arg.n > 0) or the one before */
    CMD_PINYIN_TONE,    /* Tab in the input method: the syllable's tone, any 1 2 3 4 5 any
                           (arg.n > 0; < 0 backwards) */
    /* a paste as one edit */
    CMD_PASTE,          /* arg.text: UTF-8 text typed at once and predicted once (a paste,
                           or a burst of keys); arg.n: characters of it the screen
                           already left out at its start (0 normally) */
    /* reading it from the back row */
    CMD_PROJECTOR,      /* z: arg.n 1 projector mode on, 0 off, -1 toggles */
    /* a sampler setting with no slider */
    CMD_SETTING_SET,    /* sampler setting arg.n (a SamplerSettingId) to arg.x, clamped to
                         * the table's range (NaN: its off value); `set NAME` of a
                         * setting with no slider (the repetition penalty) */
    /* a student's program beside the built-in stage */
    CMD_STAGE,          /* `stage`: arg.n an ExerciseKind: arg.text, a student's program, does
                         * that stage beside the built-in; arg.n -1: every such program stops */
    /* the weights' precision */
    CMD_WEIGHTS,        /* W: arg.n a WeightPrec, or -1 for the next one (fp32, bf16, int8);
                           opens the weights panel */
    /* a second model beside the explorer's (app_compare.c) */
    CMD_COMPARE_MODEL,  /* `compare-model`: arg.text a model file or a precision (fp32, bf16,
                         * int8) read beside the explorer's model; NULL closes it */
    /* letters typed outside pinyin mode */
    CMD_UNDO_LETTERS,   /* Ctrl-Z: the settings before the last run of letter keys back */
    CMD_COUNT
} Command;

typedef struct {
    long n;           /* a code point, a candidate number, a slider id, a line length, ... */
    double x;         /* a slider value */
    const char *text; /* CMD_QUIZ's question (copied; the caller keeps its own), CMD_PASTE's
                       * text (read during the call only) */
} CmdArg;

/* What needs drawing again. */
enum {
    REDRAW_NONE = 0,
    REDRAW_PROMPT = 1 << 0,
    REDRAW_PROBS = 1 << 1,
    REDRAW_SLIDERS = 1 << 2,
    REDRAW_TIMING = 1 << 3,
    REDRAW_STATUS = 1 << 4,
    REDRAW_ALL = (1 << 5) - 1 /* also: the help screen opened or closed, the language changed */
};

/* Carry out one command. Returns the REDRAW_ flags of the panels it changed. */
unsigned app_apply(AppState *s, Command c, CmdArg arg);

/* The part of the AppState a command's handler changes, as commands.c's
 * table says: the step view (AppStepView: the sliders and settings, the
 * open views' scrolling, the lesson's question, the language), what comes
 * in from the keyboard (AppInput), where the lesson and its picker stand
 * (AppCourse), the screen's preferences (AppPrefs); CMD_ROOM_WHOLE for a
 * command that changes several at once (the text with the prediction and
 * the record, a job, a lesson's step). Whatever the room, the status line
 * may say what happened. */
typedef enum {
    CMD_ROOM_NONE, /* no handler */
    CMD_ROOM_STEP,
    CMD_ROOM_INPUT,
    CMD_ROOM_COURSE,
    CMD_ROOM_PREFS,
    CMD_ROOM_WHOLE,
    CMD_ROOM_COUNT
} CmdRoom;
/* Command c's room, and (name, if not NULL) the command's name as the table
 * writes it ("CMD_SLIDER_UP"): CMD_ROOM_NONE and NULL when c has no handler. */
CmdRoom app_command_room(Command c, const char **name);

/* Letters typed outside pinyin mode (app_letters.c), around each command
 * app_apply runs: _before notes a letter key (s->input.key_time, s->input.key_char) and
 * keeps the state before a run's first; _after puts the hint in the status
 * line from a run's second letter; _undo (Ctrl-Z) puts that state back. */
void app_letters_before(AppState *s, Command c);
unsigned app_letters_after(AppState *s, Command c);
unsigned app_letters_undo(AppState *s);

/* pinyin (app_pinyin.c). While the input method is on, app_apply hands each
 * command to app_pinyin_key first: it returns 1 and sets *redraw when the
 * command was the input method's (a letter, Backspace on the syllable, 1..9,
 * Space or Enter choosing, a page, a tone, Esc), 0 to let app_apply carry it
 * out as ever. (CMD_PINYIN_SHOW and CMD_PINYIN_INPUT have their handlers in
 * commands.c's table.) */
int app_pinyin_key(AppState *s, Command c, CmdArg a, unsigned *redraw);

/* pasted text as keys: each character of UTF-8 `text` through app_apply as
 * CMD_TYPE, as if typed one by one (where a paste is no single edit: the
 * command line, the pinyin input method). Returns the REDRAW_ flags of all. */
unsigned app_apply_keys(AppState *s, const char *text);

/* A CmdArg with just n set. */
static inline CmdArg cmd_arg(long n)
{
    CmdArg a = {n, 0.0, NULL};
    return a;
}

#endif
