/* commands.c - app_apply: one small handler per Command, found through a
 * table that says which part of the AppState each one changes.
 *
 * A handler that changes one room takes that room, what it only reads as
 * const pointers, and an Effect: there it leaves what the change asks of
 * the rest of the state (predict again, stop the running job, ...) and its
 * status message, and apply_one carries those out on the whole state, in
 * one place, after the handler. A command that changes several rooms at once
 * (typing, sampling, writing, a lesson's step, loading a model) keeps the
 * whole AppState and does its own follow-ups: its row in the table says
 * WHOLE, with why. To add a command: its Command (commands.h), its handler
 * here with the narrowest signature it can take, and its row in HANDLERS
 * (test_commands fails naming a command without one).
 */
#include "app/commands.h"

#include <stdarg.h>
#include <stdio.h>
#include <string.h>

#include "app/errtext.h"
#include "app/labels.h"
#include "app/lesson.h"
#include "app/script.h"
#include "app/session.h"

/* What a narrowed handler leaves for apply_one to do on the whole state, in
 * this order, after it. */
enum {
    AFTER_STOP_JOB = 1 << 0, /* stop the running job (app_job_stop) */
    AFTER_RESEEDED = 1 << 1, /* view.rng was seeded again: the record counts its draws from 0 */
    AFTER_LANGUAGE = 1 << 2, /* the engine's messages follow view.lang (errtext_use) */
    AFTER_PREDICT = 1 << 3,  /* predict again (app_predict) */
};

typedef struct {
    AppLang lang;            /* (read) the language of the labels in its message */
    const AppSymbols *sym;   /* (read) the symbols those labels take (AppPrefs) */
    unsigned after;          /* AFTER_ flags */
    int said, is_error;      /* a status message, written last, once the rest is done */
    char msg[APP_MSG_MAX];
} Effect;

/* The status message a narrowed handler leaves (the last one said counts). */
static void say(Effect *e, int is_error, const char *fmt, ...)
#if defined(__GNUC__)
    __attribute__((format(printf, 3, 4)))
#endif
    ;
static void say(Effect *e, int is_error, const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(e->msg, sizeof e->msg, fmt, ap);
    va_end(ap);
    e->said = 1;
    e->is_error = is_error;
}

/* The handlers, one type per room they change (the table's CmdRoom). */
typedef unsigned (*StepHandler)(AppStepView *v, const AppText *t, Effect *e, CmdArg a);
typedef unsigned (*InputHandler)(AppInput *in, const AppCourse *c, const AppText *t, Effect *e,
                                 CmdArg a);
typedef unsigned (*CourseHandler)(AppCourse *c, CmdArg a);
typedef unsigned (*PrefsHandler)(AppPrefs *p, const AppText *t, Effect *e, CmdArg a);
typedef unsigned (*WholeHandler)(AppState *s, CmdArg a);

/* Command c's handler on s, and what it left to do (HANDLERS, below). */
static unsigned run_handler(AppState *s, Command c, CmdArg a);

/* What a change to the text or the settings makes stale. */
#define REDRAW_TEXT (REDRAW_PROMPT | REDRAW_PROBS | REDRAW_SLIDERS | REDRAW_TIMING | REDRAW_STATUS)
#define REDRAW_SETTINGS (REDRAW_PROBS | REDRAW_SLIDERS | REDRAW_STATUS)

/* A character for a message on the screen (vocab_show: ⏎, ␛ ...). */
static void char_text(uint32_t cp, char out[8]) { vocab_show(cp, out); }

/* A written character for the status line: the newline by name, since the
 * line cannot hold a line break. */
static void status_char(const AppState *s, uint32_t cp, char *out, size_t size)
{
    if (cp == '\n')
        snprintf(out, size, "%s", app_label(s, LBL_NEWLINE));
    else
        vocab_show(cp, out); /* size >= 8 */
}

/* Leave the explorer, the running job stopped. */
static unsigned leave(AppInput *in, Effect *e)
{
    in->quit = 1;
    e->after |= AFTER_STOP_JOB;
    return REDRAW_NONE;
}

/* q (a.n 1) in a lesson asks first (quit_question): a class that leaves by
 * accident would start again at step 1. Ctrl-C and F10 quit at once. */
static unsigned do_quit(AppInput *in, const AppCourse *c, const AppText *t, Effect *e, CmdArg a)
{
    (void)t;
    if (a.n == 1 && c->lesson && !c->picking) {
        in->quit_ask = 1;
        say(e, 0, "%s", app_label_in(e->lang, LBL_ST_QUIT_ASK));
        return REDRAW_STATUS;
    }
    return leave(in, e);
}

/* Where does cp stand? (the query line under the bars) */
static unsigned look_up(AppState *s, uint32_t cp)
{
    s->input.query_input = 0;
    cp = app_convert_char(s, cp); /* 風 looks up 风 */
    s->pred.query.cp = cp;
    s->view.query_text = app_text_mark(s); /* it follows the text until that is gone */
    app_predict(s);
    char ch[8];
    char_text(cp, ch);
    if (s->pred.query.id < 0)
        app_status(s, 1, app_label(s, LBL_ST_QUERY_UNKNOWN), ch);
    else
        app_status(s, 0, app_label(s, LBL_ST_QUERY_SET), ch);
    return REDRAW_PROMPT | REDRAW_PROBS | REDRAW_STATUS;
}

static unsigned do_type(AppState *s, CmdArg a)
{
    if (s->input.query_input) /* `/` asked for a character to look up */
        return look_up(s, (uint32_t)a.n);
    app_type_char(s, (uint32_t)a.n); /* 風 becomes 风, ? becomes 。, and the status says so */
    app_predict(s);
    return REDRAW_TEXT;
}

/* A paste (or a burst of keys) is one edit: every character typed, then one
 * prediction, not one per character. The text holds cap_chars characters: of
 * a longer paste the end is kept, the part the model reads, and the status
 * says how much was left out. */
static unsigned do_paste(AppState *s, CmdArg a)
{
    const char *text = a.text ? a.text : "";
    size_t len = strlen(text), pos = 0, count = 0;
    uint32_t cp;
    while (pos < len && utf8_decode(text, len, &pos, &cp) == 0)
        count++;
    if (count == 0)
        return REDRAW_NONE;
    pos = 0;
    if (s->input.query_input) { /* `/` asked for one character: the first; the rest is typed */
        utf8_decode(text, len, &pos, &cp);
        look_up(s, cp);
        count--;
    }
    size_t room = s->text.cap_chars - s->text.n_chars, pasted = count + (size_t)(a.n > 0 ? a.n : 0);
    size_t skip = count > room ? count - room : 0;
    for (size_t i = 0; i < skip; i++)
        utf8_decode(text, len, &pos, &cp);
    app_type_text(s, text + pos); /* converts, names what it must, predicts once */
    if (pasted > count - skip && count - skip > 0)
    {
        char all[32], max[32], kept[32];
        app_status(s, 1, app_label(s, LBL_ST_PASTE_KEPT),
                   app_format_count(s->view.lang, (long)pasted, all, sizeof all),
                   app_format_count(s->view.lang, APP_MAX_CHARS, max, sizeof max),
                   app_format_count(s->view.lang, (long)(count - skip), kept, sizeof kept));
    }
    return REDRAW_TEXT;
}

static unsigned do_backspace(AppState *s, CmdArg a)
{
    (void)a;
    if (s->input.query_input) { /* Backspace at the query forgets it */
        s->input.query_input = 0;
        s->pred.query.cp = 0;
        app_status(s, 0, "%s", app_label(s, LBL_ST_QUERY_CLEARED));
        return REDRAW_PROMPT | REDRAW_PROBS | REDRAW_STATUS;
    }
    app_recipe_step(s, SESSION_STEP_BACK, 0);
    app_pop_char(s);
    app_predict(s);
    app_recipe_stepped(s);
    return REDRAW_TEXT;
}

static unsigned do_clear(AppState *s, CmdArg a)
{
    (void)a;
    app_job_stop(s);
    app_clear_text(s);
    app_forget_stale(s, 1); /* an empty text again: nothing timed or looked up stays */
    app_predict(s);
    app_status(s, 0, "%s", app_label(s, LBL_ST_CLEARED));
    return REDRAW_TEXT;
}

static unsigned do_sample(AppState *s, CmdArg a)
{
    (void)a;
    app_recipe_step(s, SESSION_STEP_DRAW, 0);
    int tok = app_sample_one(s);
    if (tok >= 0) {
        char ch[64], p[48];
        status_char(s, vocab_cp(&s->text.m->vocab, tok), ch, sizeof ch);
        app_prob_text(s, (double)s->pred.ss.final[tok], 1, p, sizeof p); /* never "0.0%" */
        app_status(s, 0, app_label(s, LBL_ST_SAMPLED), ch, p, (unsigned long long)s->view.seed);
    }
    app_predict(s);
    app_recipe_stepped(s);
    return REDRAW_TEXT;
}

static unsigned do_pick(AppState *s, CmdArg a)
{
    if (a.n < 1 || a.n > s->pred.n_top) {
        app_status(s, 1, app_label(s, LBL_ST_NO_CANDIDATE), (int)a.n);
        return REDRAW_STATUS;
    }
    app_recipe_step(s, SESSION_STEP_PICK, (int)a.n);
    const Candidate *c = &s->pred.top[a.n - 1];
    app_session_record(s, c->id, s->pred.probs, s->pred.ss.final); /* kept if it is appended */
    char ch[64], p[48];
    app_prob_text(s, (double)c->p, 1, p, sizeof p);
    status_char(s, vocab_cp(&s->text.m->vocab, c->id), ch, sizeof ch);
    if (app_push_char(s, vocab_cp(&s->text.m->vocab, c->id), ORIGIN_PICKED) == 0)
        app_status(s, 0, app_label(s, LBL_ST_PICKED), ch, p);
    app_predict(s);
    app_recipe_stepped(s);
    return REDRAW_TEXT;
}

static unsigned do_write(AppState *s, CmdArg a)
{
    (void)a;
    app_recipe_step(s, SESSION_STEP_ENTER, 0);
    app_job_start_write(s);
    if (s->job.kind != JOB_WRITE) /* the poem was done: nothing written, nothing drawn */
        app_recipe_enter_ended(s, 1, 0);
    return REDRAW_STATUS;
}

static unsigned do_stop(AppState *s, CmdArg a)
{
    (void)a;
    if (s->input.query_input) {
        s->input.query_input = 0;
        app_status(s, 0, "%s", app_label(s, LBL_ST_QUERY_CANCELLED));
    } else if (s->job.kind == JOB_LESSON) {
        app_job_stop(s); /* the class stays on the step it is on */
        app_status(s, 0, "%s", "");
    } else if (s->job.kind != JOB_NONE) {
        int written = s->job.written, compare = s->job.kind == JOB_COMPARE;
        app_job_stop(s);
        if (compare)
            app_status(s, 0, app_label_n(s, LBL_ST_COMPARE_STOPPED, s->view.cmp.n), s->view.cmp.n);
        else
            app_status(s, 0, app_label_n(s, LBL_ST_STOPPED, written), written);
    }
    return REDRAW_ALL;
}

static unsigned do_compare(AppState *s, CmdArg a)
{
    (void)a;
    app_job_start_compare(s);
    return REDRAW_TIMING | REDRAW_STATUS;
}

static unsigned do_cache(AppState *s, CmdArg a)
{
    (void)a;
    gen_set_cache(&s->text.g, !s->text.g.use_cache); /* the next prediction uses the other path */
    app_predict(s);
    if (s->text.g.use_cache)
        app_status(s, 0, app_label_n(s, LBL_ST_CACHE_ON, s->pred.predict_rows), s->pred.predict_rows);
    else
        app_status(s, 0, app_label_n(s, LBL_ST_CACHE_OFF, s->pred.predict_rows), s->pred.predict_rows);
    return REDRAW_ALL;
}

static unsigned do_undo_letters(AppState *s, CmdArg a)
{
    (void)a;
    return app_letters_undo(s);
}

static unsigned do_cache_set(AppState *s, CmdArg a)
{
    if ((a.n != 0) == (s->text.g.use_cache != 0)) { /* already so: nothing to recompute */
        app_status(s, 0,
                   app_label_n(s, s->text.g.use_cache ? LBL_ST_CACHE_ON : LBL_ST_CACHE_OFF,
                               s->pred.predict_rows),
                   s->pred.predict_rows);
        return REDRAW_STATUS;
    }
    return do_cache(s, a);
}

/* After a slider moved: recompute and say where it stands. */
static unsigned slider_moved(const AppStepView *v, SliderId id, int reseeded, Effect *e)
{
    char val[32];
    app_step_slider_format(v, id, val, sizeof val);
    e->after |= AFTER_PREDICT | (reseeded ? AFTER_RESEEDED : 0);
    if (id == SL_PENALTY && !app_step_slider_quiet(v, id)) /* it says what it spares */
        say(e, 0, app_label_in(e->lang, LBL_ST_PENALTY), val, e->sym->newline);
    else
        say(e, 0, "%s %s", app_slider_word(e->lang, id), val);
    return REDRAW_SETTINGS;
}

static unsigned do_slider_down(AppStepView *v, const AppText *t, Effect *e, CmdArg a)
{
    v->slider = (int)a.n;
    int reseeded = app_step_slider_step(v, t->m->cfg.vocab_size, (SliderId)a.n, -1);
    return slider_moved(v, (SliderId)a.n, reseeded, e);
}

static unsigned do_slider_up(AppStepView *v, const AppText *t, Effect *e, CmdArg a)
{
    v->slider = (int)a.n;
    int reseeded = app_step_slider_step(v, t->m->cfg.vocab_size, (SliderId)a.n, +1);
    return slider_moved(v, (SliderId)a.n, reseeded, e);
}

static unsigned do_slider_next(AppStepView *v, const AppText *t, Effect *e, CmdArg a)
{
    (void)t, (void)e, (void)a;
    v->slider = (v->slider + 1) % SL_COUNT;
    return REDRAW_SLIDERS;
}

static unsigned do_slider_prev(AppStepView *v, const AppText *t, Effect *e, CmdArg a)
{
    (void)t, (void)e, (void)a;
    v->slider = (v->slider + SL_COUNT - 1) % SL_COUNT;
    return REDRAW_SLIDERS;
}

static unsigned do_selected_down(AppStepView *v, const AppText *t, Effect *e, CmdArg a)
{
    return do_slider_down(v, t, e, (CmdArg){.n = v->slider, .x = a.x});
}

static unsigned do_selected_up(AppStepView *v, const AppText *t, Effect *e, CmdArg a)
{
    return do_slider_up(v, t, e, (CmdArg){.n = v->slider, .x = a.x});
}

static unsigned do_slider_set(AppStepView *v, const AppText *t, Effect *e, CmdArg a)
{
    if (a.n < 0 || a.n >= SL_COUNT)
        return REDRAW_NONE;
    v->slider = (int)a.n;
    int reseeded = app_step_slider_set(v, t->m->cfg.vocab_size, (SliderId)a.n, a.x);
    return slider_moved(v, (SliderId)a.n, reseeded, e);
}

static unsigned do_slider_select(AppStepView *v, const AppText *t, Effect *e, CmdArg a)
{
    (void)t, (void)e;
    if (a.n >= 0 && a.n < SL_COUNT)
        v->slider = (int)a.n;
    return REDRAW_SLIDERS;
}

static unsigned do_new_seed(AppStepView *v, const AppText *t, Effect *e, CmdArg a)
{
    (void)a;
    double next = app_step_slider_value(v, SL_SEED) + 1;
    int reseeded = app_step_slider_set(v, t->m->cfg.vocab_size, SL_SEED,
                                       next > app_slider_spec(SL_SEED).max ? 1 : next);
    return slider_moved(v, SL_SEED, reseeded, e);
}

/* A key switches to the form (again: the other line length); arg.n 5 or 7
 * asks for that length. */
static unsigned mode_changed(AppState *s, FormKind kind, long line_len)
{
    app_job_stop(s);
    if (line_len == 5 || line_len == 7)
        app_mode_set_length(s, kind, (int)line_len);
    else
        app_mode_set(s, kind);
    app_predict(s);
    return REDRAW_ALL;
}

static unsigned do_mode_free(AppState *s, CmdArg a) { return mode_changed(s, FORM_FREE, a.n); }
static unsigned do_mode_acrostic(AppState *s, CmdArg a) { return mode_changed(s, FORM_ACROSTIC, a.n); }
static unsigned do_mode_jueju(AppState *s, CmdArg a) { return mode_changed(s, FORM_JUEJU, a.n); }

static unsigned do_language(AppStepView *v, const AppText *t, Effect *e, CmdArg a)
{
    (void)t;
    v->lang = a.n >= 0 && a.n < LANG_COUNT ? (AppLang)a.n : (AppLang)((v->lang + 1) % LANG_COUNT);
    e->after |= AFTER_LANGUAGE; /* the engine's messages (a file that fails to load) too */
    e->lang = v->lang;          /* and this one */
    say(e, 0, "%s", app_label_in(e->lang, LBL_ST_LANGUAGE));
    return REDRAW_ALL;
}

static unsigned do_mid_text(AppState *s, CmdArg a)
{
    app_set_mid_text(s, a.n < 0 ? !s->view.mid_text : a.n != 0, a.n < 0); /* < 0: the key n */
    return REDRAW_TEXT;
}

static unsigned do_query(AppInput *in, const AppCourse *c, const AppText *t, Effect *e, CmdArg a)
{
    (void)c, (void)t, (void)a;
    in->query_input = 1;
    say(e, 0, "%s", app_label_in(e->lang, LBL_ST_QUERY_ASK));
    return REDRAW_PROMPT | REDRAW_PROBS | REDRAW_STATUS;
}

/* `lookup C`; `lookup off` (0) takes the look-up line away */
static unsigned do_lookup(AppState *s, CmdArg a)
{
    if (a.n != 0)
        return look_up(s, (uint32_t)a.n);
    s->input.query_input = 0;
    s->pred.query.cp = 0;
    app_status(s, 0, "%s", app_label(s, LBL_ST_QUERY_CLEARED));
    return REDRAW_PROMPT | REDRAW_PROBS | REDRAW_STATUS;
}

/* A view opened (`show`) or switched (a key: open, or closed when open),
 * saying which in the status line: app_view.c's table keeps what each view
 * takes the place of and what is said of it. */
static unsigned view_changed(AppState *s, CmdArg a, int toggle)
{
    if (a.n < 0 || a.n >= VIEW_COUNT)
        return REDRAW_NONE;
    AppView v = (AppView)a.n;
    /* the weights' panel: the other precisions made and timed first */
    if (v == VIEW_WEIGHTS && app_set_weights(s, s->text.weights) != 0)
        return REDRAW_STATUS;
    if (toggle)
        app_view_toggle(&s->view.views, v);
    else
        app_view_open(&s->view.views, v);
    app_view_say(s, v);
    app_predict(s); /* the histogram is drawn from the prediction */
    return REDRAW_ALL;
}

static unsigned do_show(AppState *s, CmdArg a) { return view_changed(s, a, 0); }
static unsigned do_view(AppState *s, CmdArg a) { return view_changed(s, a, 1); }

static unsigned do_quiz(AppStepView *v, const AppText *t, Effect *e, CmdArg a)
{
    (void)t;
    snprintf(v->quiz, sizeof v->quiz, "%s", a.text ? a.text : "");
    v->quiz_answer[0] = 0; /* a new question: its answer follows it, if it has one */
    v->quiz_hidden = v->quiz[0] != 0;
    say(e, 0, "%s", v->quiz_hidden ? app_label_in(e->lang, LBL_ST_QUIZ) : "");
    return REDRAW_ALL;
}

static unsigned do_answer(AppStepView *v, const AppText *t, Effect *e, CmdArg a)
{
    (void)t;
    if (!v->quiz[0]) {
        say(e, 1, "%s", app_label_in(e->lang, LBL_ST_ANSWER_NO_QUIZ));
        return REDRAW_STATUS;
    }
    snprintf(v->quiz_answer, sizeof v->quiz_answer, "%s", a.text ? a.text : "");
    if (v->quiz_hidden)
        say(e, 0, "%s", app_label_in(e->lang, v->quiz_answer[0] ? LBL_ST_QUIZ_ANSWER : LBL_ST_QUIZ));
    return REDRAW_ALL;
}

static unsigned do_reveal(AppStepView *v, const AppText *t, Effect *e, CmdArg a)
{
    (void)t, (void)a;
    if (!v->quiz_hidden)
        return REDRAW_NONE;
    v->quiz_hidden = 0; /* the question stays on screen beside the answer */
    say(e, 0, "%s", app_label_in(e->lang, LBL_ST_REVEALED));
    return REDRAW_ALL;
}

static unsigned do_point(AppStepView *v, const AppText *t, Effect *e, CmdArg a)
{
    (void)t, (void)e;
    v->point = a.n > PANEL_NONE && a.n < PANEL_COUNT ? (AppPanel)a.n : PANEL_NONE;
    return REDRAW_ALL;
}

static unsigned do_lesson_next(AppState *s, CmdArg a)
{
    (void)a;
    if (!s->course.lesson)
        return REDRAW_NONE;
    if (s->course.step >= lesson_last_step(s->course.lesson)) {
        app_status(s, 0, "%s", app_label(s, LBL_LESSON_END));
        return REDRAW_STATUS;
    }
    app_lesson_go(s, s->course.step + 1);
    return REDRAW_ALL;
}

static unsigned do_lesson_prev(AppState *s, CmdArg a)
{
    (void)a;
    if (!s->course.lesson || s->course.step == 0)
        return REDRAW_NONE;
    app_lesson_go(s, s->course.step - 1);
    return REDRAW_ALL;
}

static unsigned do_narration_scroll(AppCourse *c, CmdArg a)
{
    int most = c->narration_lines - c->narration_rows;
    int top = c->narration_top + (int)a.n;
    top = top > most ? most : top;
    top = top < 0 ? 0 : top;
    if (!c->lesson || top == c->narration_top)
        return REDRAW_NONE;
    c->narration_top = top;
    return REDRAW_ALL;
}

/* The text read (Y) or the messages (!), whichever is open (the text read
 * stands over the messages' place), arg.n rows on, within what the screen
 * said it holds (views.top_max, screen_fit). */
static unsigned do_view_scroll(AppStepView *v, const AppText *t, Effect *e, CmdArg a)
{
    (void)t, (void)e;
    AppViews *o = &v->views;
    if (!app_view_is_open(o, VIEW_READING) && !app_view_is_open(o, VIEW_MESSAGES))
        return REDRAW_NONE;
    long top = o->top + a.n;
    top = top > o->top_max ? o->top_max : top;
    top = top < 0 ? 0 : top;
    if (top == o->top)
        return REDRAW_NONE;
    o->top = (int)top;
    return REDRAW_ALL;
}

static unsigned do_picker_move(AppCourse *c, CmdArg a)
{
    if (!c->picking)
        return REDRAW_NONE;
    c->shelf_sel = (int)((c->shelf_sel + a.n % c->n_shelf + c->n_shelf) % c->n_shelf);
    return REDRAW_ALL;
}

static unsigned do_picker_open(AppState *s, CmdArg a)
{
    (void)a;
    if (!s->course.picking)
        return REDRAW_NONE;
    app_lesson_open(s, &s->course.shelf[s->course.shelf_sel], s->view.lang);
    return REDRAW_ALL;
}

static unsigned do_cmdline(AppInput *in, const AppCourse *c, const AppText *t, Effect *e, CmdArg a)
{
    (void)c, (void)t, (void)e, (void)a;
    in->cmdline_open = 1;
    in->cmdline[0] = 0;
    return REDRAW_STATUS;
}

/* While the command line is open, keys edit it: the input alone. Returns
 * 0 for a key that is no edit (cmdline_key). */
static int cmdline_edit(AppInput *in, Command c, CmdArg a)
{
    size_t len = strlen(in->cmdline);
    switch (c) {
    case CMD_TYPE:
        if (a.n >= 0x20 && len + 4 < sizeof in->cmdline) { /* a pasted newline is no text */
            len += (size_t)utf8_encode((uint32_t)a.n, in->cmdline + len);
            in->cmdline[len] = 0;
        }
        return 1;
    case CMD_BACKSPACE:
        if (len == 0) /* nothing left to take back: the line closes, as in a shell's vi mode */
            in->cmdline_open = 0;
        else
            in->cmdline[utf8_back(in->cmdline, len)] = 0;
        return 1;
    case CMD_CLEAR:
        in->cmdline[0] = 0;
        return 1;
    case CMD_STOP:
        in->cmdline_open = 0;
        return 1;
    default:
        return 0;
    }
}

/* ... and Enter runs it (a script's command may change anything); a paste
 * is its characters typed, quitting and the clock go on. */
static unsigned cmdline_key(AppState *s, Command c, CmdArg a)
{
    if (cmdline_edit(&s->input, c, a))
        return REDRAW_STATUS;
    switch (c) {
    case CMD_PASTE: /* character by character */
        return app_apply_keys(s, a.text) | REDRAW_STATUS;
    case CMD_WRITE: {
        s->input.cmdline_open = 0;
        char line[APP_CMDLINE_MAX];
        snprintf(line, sizeof line, "%s", s->input.cmdline);
        ScriptOut out = {.sync_jobs = 0}; /* write and compare run on screen, as Enter and b do */
        int rc = script_run(s, line, &out);
        if (rc != SCRIPT_OK) /* a claim the machine cannot decide is no error */
            app_status(s, rc != SCRIPT_SKIPPED, "%s", out.msg);
        return REDRAW_ALL | out.redraw;
    }
    case CMD_QUIT:
        return run_handler(s, CMD_QUIT, a);
    case CMD_TICK:
        return app_job_tick(s);
    default:
        return REDRAW_NONE;
    }
}

/* `stage`: a student's program beside the built-in stage (app_stage.c) */
static unsigned do_stage(AppState *s, CmdArg a)
{
    if (a.n < 0) {
        app_stage_stop(s, -1);
        app_predict(s);
        app_status(s, 0, "%s", app_label(s, LBL_ST_STAGE_OFF));
    } else if (!s->progs.may_start) { /* a test's or a fuzzer's state runs nothing */
        app_status(s, 1, "%s", app_label(s, LBL_ST_STAGE_NO_SCREEN));
    } else if (a.text) {
        app_stage_start(s, (ExerciseKind)a.n, a.text);
    }
    return REDRAW_ALL;
}

static unsigned do_tick(AppState *s, CmdArg a)
{
    (void)a;
    return app_job_tick(s);
}

/* ---- the session to take home and the KV cache's cost ---- */

static unsigned export_now(AppState *s)
{
    char name[128];
    TsErr err;
    if (app_export(s, ".", name, sizeof name, &err) == 0) {
        char both[160]; /* the JSON, and beside it the document to hand in */
        snprintf(both, sizeof both, "%s (+ .md)", name);
        app_status(s, 0, app_label(s, LBL_ST_EXPORTED), both);
    }
    else
        app_status(s, 1, app_label(s, LBL_ST_EXPORT_FAILED), err.msg);
    return REDRAW_STATUS;
}

/* x: an empty text is a hand-in nobody means to give: the status line
 * asks first (export_question answers). */
static unsigned do_export(AppState *s, CmdArg a)
{
    (void)a;
    if (s->text.n_chars == 0) {
        s->input.export_ask = 1;
        app_status(s, 0, "%s", app_label(s, LBL_ST_EXPORT_EMPTY_ASK));
        return REDRAW_STATUS;
    }
    return export_now(s);
}

/* The bars from the weights in another precision, and the panel that
 * compares them with float32's. */
static unsigned do_weights(AppState *s, CmdArg a)
{
    long p = a.n < 0 ? ((long)s->text.weights + 1) % WPREC_COUNT : a.n;
    if (p < 0 || p >= WPREC_COUNT)
        return REDRAW_NONE;
    if (app_set_weights(s, (WeightPrec)p) != 0)
        return REDRAW_STATUS;
    app_view_open(&s->view.views, VIEW_WEIGHTS);
    app_predict(s);
    app_view_say(s, VIEW_WEIGHTS);
    return REDRAW_ALL;
}

/* The compare model: loaded (its panel opens) or closed; a file that is
 * not a model is said in the status line and nothing changes. */
static unsigned do_compare_model(AppState *s, CmdArg a)
{
    TsErr err;
    if (app_compare_model_set(s, a.text, &err) != 0) {
        app_status(s, 1, "%s", err.msg);
        return REDRAW_STATUS;
    }
    app_predict(s);
    if (s->text.cm) {
        TsQuoted q;
        app_status(s, 0, app_label(s, LBL_ST_CMP_ON), ts_quote(&q, s->text.cm->name));
    } else {
        app_status(s, 0, "%s", app_label(s, LBL_ST_CMP_OFF));
    }
    return REDRAW_ALL;
}

/* Projector mode: the screen draws fewer, larger panels in high contrast. */
static unsigned do_projector(AppPrefs *p, const AppText *t, Effect *e, CmdArg a)
{
    (void)t;
    p->projector = a.n < 0 ? !p->projector : a.n != 0;
    say(e, 0, "%s", app_label_in(e->lang, p->projector ? LBL_ST_PROJECTOR_ON : LBL_ST_PROJECTOR_OFF));
    return REDRAW_ALL;
}

/* y: the readings and glosses; without the table there is nothing to show */
static unsigned do_pinyin_show(AppPrefs *p, const AppText *t, Effect *e, CmdArg a)
{
    int on = a.n < 0 ? !p->show_pinyin : a.n != 0;
    if (on && !t->pinyin) {
        say(e, 1, "%s", app_label_in(e->lang, LBL_ST_PINYIN_NONE));
        return REDRAW_STATUS;
    }
    p->show_pinyin = on;
    say(e, 0, "%s", app_label_in(e->lang, on ? LBL_ST_PINYIN_ON : LBL_ST_PINYIN_OFF));
    return REDRAW_ALL; /* the text takes one more row, or gives it back */
}

/* i: the model as an input method, nothing typed yet */
static unsigned do_pinyin_input(AppInput *in, const AppCourse *c, const AppText *t, Effect *e,
                                CmdArg a)
{
    (void)c;
    int on = a.n < 0 ? !in->ime.on : a.n != 0;
    if (on && !t->pinyin) {
        say(e, 1, "%s", app_label_in(e->lang, LBL_ST_PINYIN_NONE));
        return REDRAW_STATUS;
    }
    in->ime.on = on;
    app_ime_clear(&in->ime);
    say(e, 0, "%s", app_label_in(e->lang, on ? LBL_ST_IME_ON : LBL_ST_IME_OFF));
    return REDRAW_PROMPT | REDRAW_PROBS | REDRAW_STATUS;
}

/* a page or a tone of the input method while it is off: nothing to do */
static unsigned do_ime_idle(AppInput *in, const AppCourse *c, const AppText *t, Effect *e, CmdArg a)
{
    (void)in, (void)c, (void)t, (void)e, (void)a;
    return REDRAW_NONE;
}

static unsigned do_setting_set(AppStepView *v, const AppText *t, Effect *e, CmdArg a)
{
    (void)t;
    if (a.n < 0 || a.n >= SET_COUNT)
        return REDRAW_NONE;
    /* the commands' range (the settings table); NaN becomes off */
    SamplerSettingId id = (SamplerSettingId)a.n;
    const SamplerSetting *st = &SAMPLER_SETTINGS[id];
    double x = (st->lo_open ? a.x > st->lo : a.x >= st->lo) ? a.x : st->off;
    sampler_setting_set(&v->set, id, x <= st->hi ? x : st->hi);
    e->after |= AFTER_PREDICT;
    char val[32];
    app_num(e->lang, sampler_setting_get(&v->set, id), 2, val, sizeof val);
    if (id == SET_REPETITION_PENALTY) /* it says what it spares */
        say(e, 0, app_label_in(e->lang, LBL_ST_PENALTY), val, e->sym->newline);
    else
        say(e, 0, app_label_in(e->lang, LBL_ST_SETTING), app_setting_word(e->lang, id), val);
    return REDRAW_PROBS | REDRAW_STATUS;
}

/* One row per Command: the room its handler changes, the command's name
 * (for test_commands), the handler. */
typedef struct {
    CmdRoom room;
    const char *name;
    union {
        StepHandler step;
        InputHandler input;
        CourseHandler course;
        PrefsHandler prefs;
        WholeHandler whole;
    } fn;
} HandlerRow;

#define STEP(cmd, f) [cmd] = {CMD_ROOM_STEP, #cmd, {.step = f}}
#define INPUT(cmd, f) [cmd] = {CMD_ROOM_INPUT, #cmd, {.input = f}}
#define COURSE(cmd, f) [cmd] = {CMD_ROOM_COURSE, #cmd, {.course = f}}
#define PREFS(cmd, f) [cmd] = {CMD_ROOM_PREFS, #cmd, {.prefs = f}}
#define WHOLE(cmd, f) [cmd] = {CMD_ROOM_WHOLE, #cmd, {.whole = f}}

static const HandlerRow HANDLERS[CMD_COUNT] = {
    /* the step view (AppStepView): the sliders and the sampler's settings */
    STEP(CMD_SLIDER_DOWN, do_slider_down),
    STEP(CMD_SLIDER_UP, do_slider_up),
    STEP(CMD_SLIDER_NEXT, do_slider_next),
    STEP(CMD_SLIDER_PREV, do_slider_prev),
    STEP(CMD_SELECTED_DOWN, do_selected_down),
    STEP(CMD_SELECTED_UP, do_selected_up),
    STEP(CMD_SLIDER_SET, do_slider_set),
    STEP(CMD_SLIDER_SELECT, do_slider_select),
    STEP(CMD_NEW_SEED, do_new_seed),
    STEP(CMD_SETTING_SET, do_setting_set),
    /* ... the open views' scrolling, what a lesson adds, the language */
    STEP(CMD_VIEW_SCROLL, do_view_scroll),
    STEP(CMD_QUIZ, do_quiz),
    STEP(CMD_REVEAL, do_reveal),
    STEP(CMD_ANSWER, do_answer),
    STEP(CMD_POINT, do_point),
    STEP(CMD_LANGUAGE, do_language),
    /* what comes in from the keyboard (AppInput) */
    INPUT(CMD_QUIT, do_quit),
    INPUT(CMD_QUERY, do_query),
    INPUT(CMD_CMDLINE, do_cmdline),
    INPUT(CMD_PINYIN_INPUT, do_pinyin_input),
    INPUT(CMD_PINYIN_PAGE, do_ime_idle),
    INPUT(CMD_PINYIN_TONE, do_ime_idle),
    /* where the lesson and its picker stand (AppCourse) */
    COURSE(CMD_NARRATION_SCROLL, do_narration_scroll),
    COURSE(CMD_PICKER_MOVE, do_picker_move),
    /* the screen's preferences (AppPrefs) */
    PREFS(CMD_PROJECTOR, do_projector),
    PREFS(CMD_PINYIN_SHOW, do_pinyin_show),
    /* WHOLE: several rooms at once. The text, the prediction and the
     * session's record change together (typing, taking back, sampling,
     * picking, clearing; `/`'s look-up follows the text) */
    WHOLE(CMD_TYPE, do_type),
    WHOLE(CMD_PASTE, do_paste),
    WHOLE(CMD_BACKSPACE, do_backspace),
    WHOLE(CMD_CLEAR, do_clear),
    WHOLE(CMD_SAMPLE, do_sample),
    WHOLE(CMD_PICK, do_pick),
    WHOLE(CMD_LOOKUP, do_lookup),
    /* ... a job that writes or compares over ticks, and stopping it */
    WHOLE(CMD_WRITE, do_write),
    WHOLE(CMD_COMPARE, do_compare),
    WHOLE(CMD_STOP, do_stop),
    WHOLE(CMD_TICK, do_tick),
    /* ... the text read again: the cache's path, the form over the text,
     * a fragment or a poem's start */
    WHOLE(CMD_CACHE, do_cache),
    WHOLE(CMD_CACHE_SET, do_cache_set),
    WHOLE(CMD_MODE_FREE, do_mode_free),
    WHOLE(CMD_MODE_ACROSTIC, do_mode_acrostic),
    WHOLE(CMD_MODE_JUEJU, do_mode_jueju),
    WHOLE(CMD_MID_TEXT, do_mid_text),
    /* ... a model made or loaded (the weights' view makes the other
     * precisions first), and the views the prediction is drawn into */
    WHOLE(CMD_SHOW, do_show),
    WHOLE(CMD_VIEW, do_view),
    WHOLE(CMD_WEIGHTS, do_weights),
    WHOLE(CMD_COMPARE_MODEL, do_compare_model),
    /* ... a lesson's step replays the state up to it; opening one resets it */
    WHOLE(CMD_LESSON_NEXT, do_lesson_next),
    WHOLE(CMD_LESSON_PREV, do_lesson_prev),
    WHOLE(CMD_PICKER_OPEN, do_picker_open),
    /* ... a student's program in the sampler; the hand-in written from the
     * text and the record; the settings before a run of letters put back */
    WHOLE(CMD_STAGE, do_stage),
    WHOLE(CMD_EXPORT, do_export),
    WHOLE(CMD_UNDO_LETTERS, do_undo_letters),
};

CmdRoom app_command_room(Command c, const char **name)
{
    int has = c > CMD_NONE && c < CMD_COUNT && HANDLERS[c].room != CMD_ROOM_NONE;
    if (name)
        *name = has ? HANDLERS[c].name : NULL;
    return has ? HANDLERS[c].room : CMD_ROOM_NONE;
}

/* What a narrowed handler left, on the whole state: the follow-ups, then
 * its message; what that redraws. */
static unsigned carry_out(AppState *s, const Effect *e)
{
    unsigned redraw = REDRAW_NONE;
    if (e->after & AFTER_STOP_JOB)
        app_job_stop(s);
    if (e->after & AFTER_RESEEDED)
        s->record.rng_draws = 0;
    if (e->after & AFTER_LANGUAGE)
        errtext_use(s->view.lang);
    if (e->after & AFTER_PREDICT) {
        app_predict(s);
        redraw |= REDRAW_PROBS;
    }
    if (e->said) {
        AppStatusLine st = app_status_line(s);
        status_line_say(&st, e->is_error, "%s", e->msg);
        redraw |= REDRAW_STATUS;
    }
    return redraw;
}

/* An Effect with nothing to do yet, its message in s's language. */
static Effect effect_on(const AppState *s)
{
    return (Effect){.lang = s->view.lang, .sym = &s->prefs.sym};
}

static unsigned run_handler(AppState *s, Command c, CmdArg a)
{
    const HandlerRow *h = &HANDLERS[c];
    Effect e = effect_on(s);
    unsigned redraw = REDRAW_NONE;
    switch (h->room) {
    case CMD_ROOM_WHOLE:
        return h->fn.whole(s, a);
    case CMD_ROOM_STEP:
        redraw = h->fn.step(&s->view, &s->text, &e, a);
        break;
    case CMD_ROOM_INPUT:
        redraw = h->fn.input(&s->input, &s->course, &s->text, &e, a);
        break;
    case CMD_ROOM_COURSE:
        redraw = h->fn.course(&s->course, a);
        break;
    case CMD_ROOM_PREFS:
        redraw = h->fn.prefs(&s->prefs, &s->text, &e, a);
        break;
    default:
        return REDRAW_NONE;
    }
    return redraw | carry_out(s, &e);
}

/* A yes to a question in the status line: Enter, or y (j, o: the answer's
 * first letter in German and French). */
static int is_yes(Command c, CmdArg arg)
{
    long k = arg.n;
    return c == CMD_WRITE ||
           (c == CMD_TYPE && (k == 'y' || k == 'Y' || k == 'j' || k == 'J' || k == 'o' || k == 'O'));
}

/* The question whether to start a lesson's program: Enter (or y) starts it,
 * Esc does not; the other keys wait, n included (it is the lesson's next
 * step: a class stepping on must not decline unawares), but quit and the
 * clock. */
static int stage_question(AppState *s, Command c, CmdArg arg, unsigned *redraw)
{
    if (!s->progs.ask || c == CMD_QUIT || c == CMD_TICK)
        return 0;
    if (is_yes(c, arg))
        *redraw = app_stage_answer(s, 1);
    else if (c == CMD_STOP)
        *redraw = app_stage_answer(s, 0);
    else
        *redraw = REDRAW_NONE;
    return 1;
}

/* The question whether to leave the lesson (q): Enter or y leaves, any
 * other key goes back to it (and does nothing else); Ctrl-C and F10 quit.
 * The answer changes the input alone; 0: the key is no answer. */
static int quit_answer(AppInput *in, Effect *e, Command c, CmdArg arg, unsigned *redraw)
{
    if (!in->quit_ask || c == CMD_TICK || (c == CMD_QUIT && arg.n == 0))
        return 0;
    in->quit_ask = 0;
    if (is_yes(c, arg)) {
        *redraw = leave(in, e);
    } else {
        say(e, 0, "%s", "");
        *redraw = REDRAW_STATUS;
    }
    return 1;
}

static int quit_question(AppState *s, Command c, CmdArg arg, unsigned *redraw)
{
    Effect e = effect_on(s);
    if (!quit_answer(&s->input, &e, c, arg, redraw))
        return 0;
    *redraw |= carry_out(s, &e);
    return 1;
}

/* The question whether to save an empty text (x): Enter or y saves, any
 * other key does not (and does nothing else); Ctrl-C and F10 quit. */
static int export_question(AppState *s, Command c, CmdArg arg, unsigned *redraw)
{
    if (!s->input.export_ask || c == CMD_TICK || (c == CMD_QUIT && arg.n == 0))
        return 0;
    s->input.export_ask = 0;
    if (is_yes(c, arg))
        *redraw = export_now(s);
    else {
        app_status(s, 0, "%s", app_label(s, LBL_ST_EXPORT_NOT_SAVED));
        *redraw = REDRAW_STATUS;
    }
    return 1;
}

static unsigned apply_one(AppState *s, Command c, CmdArg arg);

unsigned app_apply(AppState *s, Command c, CmdArg arg)
{
    unsigned redraw;
    app_letters_before(s, c);
    if (!quit_question(s, c, arg, &redraw) && !stage_question(s, c, arg, &redraw) &&
        !export_question(s, c, arg, &redraw)) {
        redraw = apply_one(s, c, arg);
        redraw |= app_letters_after(s, c);
    }
    /* the explorer's screen follows what the lesson's step asks for */
    return redraw | app_stage_follow_lesson(s);
}

static unsigned apply_one(AppState *s, Command c, CmdArg arg)
{
    if (app_command_room(c, NULL) == CMD_ROOM_NONE)
        return REDRAW_NONE;
    if (s->input.cmdline_open)
        return cmdline_key(s, c, arg);
    /* a step being prepared: what the class typed meanwhile would land on the
     * step before it and be lost, or become a step of its own; stepping
     * (n again is the same step), scrolling, Esc and quitting go on */
    if (s->job.kind == JOB_LESSON && c != CMD_TICK && c != CMD_QUIT && c != CMD_STOP &&
        c != CMD_LESSON_NEXT && c != CMD_LESSON_PREV && c != CMD_NARRATION_SCROLL)
        return REDRAW_NONE;
    /* the help screen covers everything: any key just closes it, q too (it
     * says so); Ctrl-C and F10 quit (`show` says exactly which views are
     * open, help among them) */
    if (app_view_is_open(&s->view.views, VIEW_HELP) && (c != CMD_QUIT || arg.n == 1) &&
        c != CMD_TICK && c != CMD_SHOW) {
        app_view_close(&s->view.views, VIEW_HELP);
        return REDRAW_ALL;
    }
    /* pinyin input: letters spell a syllable, 1..9 and Space choose */
    unsigned ime_redraw;
    if (s->input.ime.on && app_pinyin_key(s, c, arg, &ime_redraw))
        return ime_redraw;
    /* a command other than typing, Esc or Backspace leaves the query prompt */
    if (s->input.query_input && c != CMD_TYPE && c != CMD_PASTE && c != CMD_STOP &&
        c != CMD_BACKSPACE && c != CMD_TICK)
        s->input.query_input = 0;
    return run_handler(s, c, arg);
}

/* pasted text as keys */
unsigned app_apply_keys(AppState *s, const char *text)
{
    size_t len = text ? strlen(text) : 0, pos = 0;
    uint32_t cp;
    unsigned redraw = REDRAW_NONE;
    while (pos < len && utf8_decode(text, len, &pos, &cp) == 0)
        redraw |= app_apply(s, CMD_TYPE, cmd_arg((long)cp));
    return redraw;
}
