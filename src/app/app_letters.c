/* app_letters.c - letters typed outside pinyin mode. Someone without a
 * Chinese keyboard types `chun` before pressing i: c turns the cache off, h
 * opens the histogram, u lands in the text, n reads it as mid-text. Two or
 * more letter keys in quick succession (APP_LETTERS_GAP apart) make the
 * status line say "press i first", and Ctrl-Z (CMD_UNDO_LETTERS) puts back
 * what the run changed: the cache, the reading, the sliders and seed, the
 * views, the language, pinyin, projector mode and the letters it typed. */
#include <string.h>

#include "app/app.h"
#include "app/commands.h"
#include "app/labels.h"

/* A key that counts: a Latin letter from the keyboard, outside pinyin mode,
 * questions, the command line, the picker and lessons (whose n steps on). */
static int is_letter_key(const AppState *s, Command c)
{
    long k = s->input.key_char;
    if (s->input.key_time <= 0 || !((k >= 'a' && k <= 'z') || (k >= 'A' && k <= 'Z')))
        return 0;
    if (s->input.ime.on || s->input.cmdline_open || s->progs.ask || s->input.quit_ask ||
        s->input.export_ask || s->course.picking || s->course.lesson)
        return 0;
    return c != CMD_QUIT && c != CMD_PINYIN_INPUT && c != CMD_EXPORT;
}

static void letters_save(AppState *s)
{
    AppLetters *l = &s->input.letters;
    for (int i = 0; i < SL_COUNT; i++)
        l->slider[i] = app_slider_value(s, (SliderId)i);
    l->use_cache = s->text.g.use_cache != 0;
    l->mid_text = s->view.mid_text;
    l->show_pinyin = s->prefs.show_pinyin;
    l->projector = s->prefs.projector;
    l->lang = s->view.lang;
    l->views = s->view.views;
    l->n_chars = s->text.n_chars;
    l->keys[0] = 0;
    l->saved = 1;
}

void app_letters_before(AppState *s, Command c)
{
    AppLetters *l = &s->input.letters;
    if (c == CMD_TICK || c == CMD_UNDO_LETTERS || s->input.key_time <= 0)
        return;
    if (!is_letter_key(s, c)) {
        l->run = 0;
        l->saved = 0; /* another key: the run is over, and so is its undo */
        return;
    }
    if (l->run == 0 || s->input.key_time - l->last > APP_LETTERS_GAP) {
        l->run = 0;
        letters_save(s);
    }
    size_t n = strlen(l->keys);
    if (n + 2 < sizeof l->keys) {
        l->keys[n] = (char)s->input.key_char;
        l->keys[n + 1] = 0;
    }
    l->run++;
    l->last = s->input.key_time;
}

unsigned app_letters_after(AppState *s, Command c)
{
    if (!is_letter_key(s, c) || s->input.letters.run < 2)
        return REDRAW_NONE;
    app_status(s, 0, app_label(s, LBL_ST_LETTERS_HINT), s->input.letters.keys);
    return REDRAW_STATUS;
}

unsigned app_letters_undo(AppState *s)
{
    AppLetters *l = &s->input.letters;
    if (!l->saved) {
        app_status(s, 0, "%s", app_label(s, LBL_ST_LETTERS_NONE));
        return REDRAW_STATUS;
    }
    double t = s->input.key_time;
    s->input.key_time = 0; /* the commands below are no keys of a run */
    unsigned redraw = REDRAW_ALL;
    while (s->text.n_chars > l->n_chars)
        app_apply(s, CMD_BACKSPACE, cmd_arg(0));
    if (l->use_cache != (s->text.g.use_cache != 0))
        app_apply(s, CMD_CACHE_SET, cmd_arg(l->use_cache));
    if (l->mid_text != s->view.mid_text)
        app_apply(s, CMD_MID_TEXT, cmd_arg(l->mid_text));
    if (l->lang != s->view.lang)
        app_apply(s, CMD_LANGUAGE, cmd_arg((long)l->lang));
    if (l->show_pinyin != s->prefs.show_pinyin)
        app_apply(s, CMD_PINYIN_SHOW, cmd_arg(l->show_pinyin));
    if (l->projector != s->prefs.projector)
        app_apply(s, CMD_PROJECTOR, cmd_arg(l->projector));
    for (int i = 0; i < SL_COUNT; i++)
        app_slider_set(s, (SliderId)i, l->slider[i]);
    s->view.views = l->views;
    app_predict(s);
    s->input.key_time = t;
    app_status(s, 0, app_label(s, LBL_ST_LETTERS_UNDONE), l->keys);
    l->saved = 0;
    l->run = 0;
    return redraw;
}
