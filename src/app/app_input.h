/* app_input.h - what comes in from the keyboard: the AppState's part
 * `input`: the command line, the questions the status line asks, the pinyin
 * input method and the letters typed as commands.
 */
#ifndef TS_APP_INPUT_H
#define TS_APP_INPUT_H

#include <stddef.h>

#include "engine/pinyin.h"
#include "app/app_step.h"
#include "app/lang.h"

#define APP_CMDLINE_MAX 512    /* bytes of a command typed after `:` */
#define APP_IME_MAX 24         /* bytes of a pinyin syllable being typed */
#define APP_IME_PAGE 9         /* candidates of the pinyin input on one page (1..9) */

/* The pinyin input method (app_pinyin.c): `i` switches the keys from
 * commands to pinyin. The letters typed so far form one syllable; every
 * character of the vocabulary that reads it is listed, ranked by the model's
 * probability for the next character, and 1..9 (or Space) choose one of the
 * page shown. */
typedef struct {
    int on;                    /* letters spell a syllable, they are no commands */
    char typed[APP_IME_MAX];   /* the syllable so far, UTF-8 as typed: "chun", "chun1", "chūn", "lu:" */
    int valid;                 /* typed is a syllable (pinyin_syllable_parse); 0 when empty */
    PinyinSyllable q;          /* ... and what it reads as, when valid */
    PinyinCandidate *cand;     /* [vocab size] the characters that read it, most probable first; owned */
    int n;                     /* how many read it (0 when typed is empty or not a syllable) */
    double together;           /* their model probabilities summed */
    int page;                  /* the page shown: cand[page * APP_IME_PAGE ...] */
} AppIme;

/* Letter keys typed outside pinyin mode in quick succession (`chun`: c, h
 * and n are commands): what they changed, to put back with one key
 * (app_letters.c). */
#define APP_LETTERS_GAP 0.8 /* seconds between two letters of one run */
typedef struct {
    double last;           /* when the run's last letter came (AppState.input.key_time) */
    int run;               /* letters in the run so far; 0: none under way */
    int saved;             /* 1: the fields below hold the state before the run */
    char keys[16];         /* the run's letters, for the status line */
    double slider[SL_COUNT];
    int use_cache, mid_text, show_pinyin, projector;
    AppLang lang;
    AppViews views;
    size_t n_chars;
} AppLetters;

typedef struct {
    /* the command line: `:` opens it, Enter runs what was typed (script.h) */
    int cmdline_open;
    char cmdline[APP_CMDLINE_MAX];
    int query_input;         /* 1: the next typed character is the query, not text */
    int quit;
    int quit_ask;            /* 1: the status line asks whether to leave the lesson (q) */
    int export_ask;          /* 1: it asks whether to save an empty text (x) */
    AppIme ime;              /* i: the model as an input method */
    /* the key being applied, as the terminal gave it: key_time its ts_now()
     * (0: not from the keyboard, as a lesson's or a script's commands),
     * key_char the character (0 for a function key) */
    double key_time;
    long key_char;
    AppLetters letters;
} AppInput;

#endif
