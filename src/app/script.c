/* script.c - the command language: the table of verbs, the parser, and one
 * small function per verb that turns it into Commands (see script.h); the
 * checker of `expect` is script_expect.c. */
#include "app/script.h"
#include "app/session.h"
#include "app/labels.h"

#include <math.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "app/commands.h"
#include "app/po.h"
#include "app/errtext.h"
#include "app/script_expect.h"

/* ---- words ---- */

static int is_space(char c) { return c == ' ' || c == '\t' || c == '\r' || c == '\n'; }

static const char *skip_space(const char *p)
{
    while (*p && is_space(*p))
        p++;
    return p;
}

/* The next word of *p into out (cropped to size); advances *p past it.
 * Returns 0 when there is none. */
static int next_word(const char **p, char *out, size_t size)
{
    const char *a = skip_space(*p), *b = a;
    while (*b && !is_space(*b))
        b++;
    size_t n = (size_t)(b - a);
    if (n == 0)
        return 0;
    if (n >= size)
        n = size - 1;
    memcpy(out, a, n);
    out[n] = 0;
    *p = b;
    return 1;
}

/* s without the white space at its ends, into out. */
static void trim_into(const char *s, char *out, size_t size)
{
    s = skip_space(s);
    size_t n = strlen(s);
    while (n > 0 && is_space(s[n - 1]))
        n--;
    if (n >= size)
        n = size - 1;
    memcpy(out, s, n);
    out[n] = 0;
}

int script_fail(char *msg, size_t size, const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(msg, size, ts_text(fmt), ap); /* in the interface language (errtext.c) */
    va_end(ap);
    errtext_typeset(msg, size);
    return SCRIPT_FAILED;
}

void script_char_name(uint32_t cp, char out[16])
{
    if (cp == '\n') { /* as an expect line names it, and the screen shows it */
        snprintf(out, 16, "\u23CE");
        return;
    }
    if (cp == 0x20 || cp == 0xA0 || cp == 0x3000 || ts_cp_unsafe(cp))
        snprintf(out, 16, "U+%04X", (unsigned)cp);
    else
        out[utf8_encode(cp, out)] = 0;
}

long script_decode(const char *text, uint32_t *cps, size_t max)
{
    size_t len = strlen(text), pos = 0, n = 0;
    while (pos < len) {
        uint32_t cp;
        if (utf8_decode(text, len, &pos, &cp) != 0)
            return -1;
        if (n < max)
            cps[n] = cp;
        n++;
    }
    return (long)n;
}

/* "characters not in the model: 𠀀 z" for a text with any; 0 if there are none. */
/* The most characters a text holds, as the language writes the number. */
static const char *max_chars(const AppState *s, char text[32])
{
    app_format_count(s->view.lang, APP_MAX_CHARS, text, 32);
    return text;
}

static int unknown_chars(const AppState *s, const char *verb, const char *text, char *msg,
                         size_t size)
{
    uint32_t cps[APP_MAX_CHARS + 1];
    char cap[32];
    long n = script_decode(text, cps, APP_MAX_CHARS + 1);
    if (n < 0)
        return script_fail(msg, size, app_label(s, LBL_SC_NOT_UTF8), verb);
    if (n > APP_MAX_CHARS)
        return script_fail(msg, size, app_label(s, LBL_SC_LONGER), verb, max_chars(s, cap));
    int shown = 0, len = snprintf(msg, size, app_label(s, LBL_SC_NOT_IN_MODEL), verb);
    for (long i = 0; i < n; i++) {
        if (vocab_id(&s->text.m->vocab, cps[i]) >= 0)
            continue;
        int seen = 0; /* each unknown character once */
        for (long j = 0; j < i && !seen; j++)
            seen = cps[j] == cps[i];
        if (seen)
            continue;
        char name[16];
        script_char_name(cps[i], name);
        if (shown < 8 && len > 0 && (size_t)len < size)
            len += snprintf(msg + len, size - (size_t)len, " %s", name);
        shown++;
    }
    return shown ? SCRIPT_FAILED : SCRIPT_OK;
}

/* What the model reads of a command's characters, read once, as `probs`
 * reads a prompt (convert.h: 風 as 风, ? as 。, the whole text in one piece):
 * text becomes what the command will use, and c->conv lists each change
 * once (`lesson --check` notes them). A text whose conversion would not fit
 * stays as it is (the check of its characters then names what is unknown). */
static int read_converted(const AppState *s, const char *verb, char *text, size_t size,
                          ScriptCmd *c, char *msg, size_t msize)
{
    Converter cv;
    convert_init(&cv, s->text.conv.config);
    Converted conv;
    TsErr err;
    int rc = SCRIPT_OK;
    if (convert_text(&cv, &s->text.m->vocab, text, strlen(text), &conv, &err) != 0) {
        rc = script_fail(msg, msize, "%s: %s", verb, err.msg);
    } else {
        if (conv.changed && conv.len < size)
            memcpy(text, conv.text, conv.len + 1);
        for (int i = 0; conv.changed && conv.len < size && i < conv.n_pairs; i++) {
            int seen = 0;
            for (int j = 0; j < c->n_conv && !seen; j++)
                seen = c->conv[j].from == conv.pairs[i].from;
            if (!seen && c->n_conv < SCRIPT_CONV_MAX)
                c->conv[c->n_conv++] = conv.pairs[i];
        }
        converted_free(&conv);
    }
    convert_close(&cv);
    return rc;
}

/* Exactly one character, into *cp. */
static int one_char(const AppState *s, const char *verb, const char *word, uint32_t *cp, char *msg,
                    size_t size)
{
    TsQuoted q; /* what the user typed, echoed safely */
    uint32_t cps[2];
    if (script_decode(word, cps, 2) != 1)
        return script_fail(msg, size, app_label(s, LBL_SC_ONE_CHAR), verb, ts_quote(&q, word));
    *cp = cps[0];
    return SCRIPT_OK;
}

/* A decimal number in a claim, as the lesson files write them: the C form
 * (probfmt_read with no style: 0.5, 1e0). What a person types at `set` is
 * read in the interface language's form too (parse_range). */
static int parse_number(const char *w, double *x)
{
    return probfmt_read(w, NULL, x);
}

/* ---- the table ---- */

static int run_prompt(AppState *s, const ScriptCmd *c, ScriptOut *o);
static int run_type(AppState *s, const ScriptCmd *c, ScriptOut *o);
static int run_backspace(AppState *s, const ScriptCmd *c, ScriptOut *o);
static int run_clear(AppState *s, const ScriptCmd *c, ScriptOut *o);
static int run_set(AppState *s, const ScriptCmd *c, ScriptOut *o);
static int run_setting(AppState *s, const ScriptCmd *c, ScriptOut *o);
static int run_mid_text(AppState *s, const ScriptCmd *c, ScriptOut *o);
static int run_cache(AppState *s, const ScriptCmd *c, ScriptOut *o);
static int run_step(AppState *s, const ScriptCmd *c, ScriptOut *o);
static int run_pick(AppState *s, const ScriptCmd *c, ScriptOut *o);
static int run_write(AppState *s, const ScriptCmd *c, ScriptOut *o);
static int run_compare(AppState *s, const ScriptCmd *c, ScriptOut *o);
static int run_form(AppState *s, const ScriptCmd *c, ScriptOut *o);
static int run_show(AppState *s, const ScriptCmd *c, ScriptOut *o);
static int run_lookup(AppState *s, const ScriptCmd *c, ScriptOut *o);
static int run_lang(AppState *s, const ScriptCmd *c, ScriptOut *o);
static int run_quiz(AppState *s, const ScriptCmd *c, ScriptOut *o);
static int run_point(AppState *s, const ScriptCmd *c, ScriptOut *o);
static int run_answer(AppState *s, const ScriptCmd *c, ScriptOut *o);
static int run_model(AppState *s, const ScriptCmd *c, ScriptOut *o);
static int run_weights(AppState *s, const ScriptCmd *c, ScriptOut *o);
static int run_stage(AppState *s, const ScriptCmd *c, ScriptOut *o);
static int run_code(AppState *s, const ScriptCmd *c, ScriptOut *o);
static int run_compare_model(AppState *s, const ScriptCmd *c, ScriptOut *o);

static const char *const ON_OFF[] = {"on", "off", NULL};
static const char *const VIEWS[] = {"histogram", "attention", "help",     "none",
                                    "mask",      "memory",    "weights",  "written",
                                    "entropy",   "reading",   "messages", NULL};
static const AppView VIEW_OF[] = {VIEW_HISTOGRAM, VIEW_ATTENTION, VIEW_HELP,     VIEW_NONE,
                                  VIEW_MASK,      VIEW_MEMORY,    VIEW_WEIGHTS,  VIEW_WRITTEN,
                                  VIEW_ENTROPY,   VIEW_READING,   VIEW_MESSAGES};
_Static_assert(sizeof VIEW_OF / sizeof VIEW_OF[0] == sizeof VIEWS / sizeof VIEWS[0] - 1,
               "a view for every word of `show`");
static const char *const PANELS[] = {"bars", "sliders", "timing", "text", "corpus", "none", NULL};
static const AppPanel PANEL_OF[] = {PANEL_BARS, PANEL_SLIDERS, PANEL_TIMING,
                                    PANEL_TEXT, PANEL_CORPUS, PANEL_NONE};
static const char *const FORMS[] = {"free", "acrostic", "jueju", NULL};
static const char *const MODELS[] = {"bundled", NULL};
static const FormKind FORM_OF[] = {FORM_FREE, FORM_ACROSTIC, FORM_JUEJU};
static const char *const CLAIMS[] = {"top1",  "top8",  "rank",    "prob", "identical", "corpus",
                                     "lines", "grows", "shrinks", "kl",   "size",      "speedup",
                                     "mask",  "sampler", "kept", "removed", "entropy", "text",
                                     "contains", "count", NULL};
_Static_assert(sizeof CLAIMS / sizeof CLAIMS[0] == CLAIM_COUNT + 2, "a word for every claim");
static const char *const WEIGHTS[] = {"fp32", "bf16", "int8", NULL};
_Static_assert(sizeof WEIGHTS / sizeof WEIGHTS[0] == WPREC_COUNT + 1, "a word for every precision");
static const char *const OPS[] = {">", ">=", "<", "<=", "=", NULL};

#define NO_SLIDER (-1)

/* The verbs before the sampler's settings; `set NAME` for each setting
 * (setting_verb) follows them, then VERBS_TAIL. */
static const ScriptVerb VERBS_HEAD[] = {
    {.name = "prompt", .usage = "TEXT", .arg = ARG_TEXT, .slider = NO_SLIDER, .run = run_prompt},
    {.name = "type", .usage = "TEXT", .arg = ARG_TEXT, .slider = NO_SLIDER, .run = run_type},
    {.name = "backspace", .usage = "[N]", .arg = ARG_COUNT, .slider = NO_SLIDER, .min = 1,
     .max = APP_MAX_CHARS, .run = run_backspace},
    {.name = "clear", .usage = "", .arg = ARG_NONE, .slider = NO_SLIDER, .run = run_clear},
};

static const ScriptVerb VERBS_TAIL[] = {
    {.name = "set seed", .usage = "N", .arg = ARG_INTEGER, .slider = SL_SEED, .run = run_set},
    {.name = "seed", .usage = "N", .arg = ARG_INTEGER, .slider = SL_SEED, .run = run_set},
    {.name = "mid-text", .usage = "on|off", .arg = ARG_WORD, .slider = NO_SLIDER, .words = ON_OFF,
     .run = run_mid_text},
    {.name = "cache", .usage = "on|off", .arg = ARG_WORD, .slider = NO_SLIDER, .words = ON_OFF,
     .run = run_cache},
    {.name = "step", .usage = "[N]", .arg = ARG_COUNT, .slider = NO_SLIDER, .min = 1,
     .max = APP_MAX_CHARS, .run = run_step},
    {.name = "pick", .usage = "N", .arg = ARG_INTEGER, .slider = NO_SLIDER, .min = 1,
     .max = APP_TOP, .range_fmt = "candidate", .run = run_pick},
    {.name = "write", .usage = "", .arg = ARG_NONE, .slider = NO_SLIDER, .run = run_write},
    {.name = "compare", .usage = "", .arg = ARG_NONE, .slider = NO_SLIDER, .run = run_compare},
    {.name = "form", .usage = "free|acrostic 5|7|jueju 5|7", .arg = ARG_FORM, .slider = NO_SLIDER,
     .words = FORMS, .run = run_form},
    {.name = "show",
     .usage = "histogram|attention|help|none|mask|memory|weights|written|entropy|reading|messages",
     .arg = ARG_WORD, .slider = NO_SLIDER, .words = VIEWS, .run = run_show},
    {.name = "lookup", .usage = "C|off", .arg = ARG_CHAR, .slider = NO_SLIDER, .run = run_lookup},
    {.name = "lang", .usage = "CODE", .arg = ARG_WORD, .slider = NO_SLIDER, .words = APP_LANG_CODES,
     .run = run_lang},
    {.name = "quiz", .usage = "QUESTION", .arg = ARG_FREE, .slider = NO_SLIDER, .lesson = 1,
     .needs = LBL_SC_A_QUESTION, .run = run_quiz},
    {.name = "answer", .usage = "TEXT", .arg = ARG_FREE, .slider = NO_SLIDER, .lesson = 1,
     .needs = LBL_SC_AN_ANSWER, .run = run_answer},
    {.name = "point", .usage = "bars|sliders|timing|text|corpus|none", .arg = ARG_WORD,
     .slider = NO_SLIDER, .words = PANELS, .lesson = 1, .run = run_point},
    {.name = "expect",
     .usage = "top1 C|top8 C|rank C OP N|prob C OP X|identical|corpus CONTEXT C N|lines OP N|"
              "grows C|shrinks C|kl OP X|size OP N|speedup OP X|mask T TOTAL|sampler C OP X|"
              "kept OP N|removed OP X|entropy OP X|text TEXT|contains TEXT|count C OP N",
     .arg = ARG_CLAIM, .slider = NO_SLIDER, .words = CLAIMS, .lesson = 1, .run = script_expect},
    {.name = "model", .usage = "bundled", .arg = ARG_WORD, .slider = NO_SLIDER, .words = MODELS,
     .lesson = 1, .run = run_model},
    /* the weights' precision */
    {.name = "set weights", .usage = "fp32|bf16|int8", .arg = ARG_WORD, .slider = NO_SLIDER,
     .words = WEIGHTS, .run = run_weights},
    /* the course's exercises as programs (docs/exercises.md) */
    /* a session code (sesscode.h), as --code opens one */
    {.name = "code", .usage = "CODE [+ Enter]", .arg = ARG_FREE, .slider = NO_SLIDER,
     .needs = LBL_SC_A_CODE, .run = run_code},
    {.name = "stage", .usage = "[top-p|jueju] [--timeout SECONDS] PROGRAM [ARGS]|off", .arg = ARG_FREE,
     .slider = NO_SLIDER, .needs = LBL_SC_A_PROGRAM, .run = run_stage},
    /* a second model beside the explorer's (app_compare.c) */
    {.name = "compare-model", .usage = "FILE|fp32|bf16|int8|off", .arg = ARG_FREE,
     .slider = NO_SLIDER, .run = run_compare_model},
};

enum {
    N_HEAD = (int)(sizeof VERBS_HEAD / sizeof VERBS_HEAD[0]),
    N_TAIL = (int)(sizeof VERBS_TAIL / sizeof VERBS_TAIL[0]),
    N_VERBS = N_HEAD + SET_COUNT + N_TAIL
};

/* The slider that moves setting id, or NO_SLIDER. */
static int slider_of(SamplerSettingId id)
{
    for (int i = 0; i < SL_COUNT; i++)
        if (app_slider_setting((SliderId)i) == (int)id)
            return i;
    return NO_SLIDER;
}

void script_setting_help(AppLang lang, const ScriptVerb *v, char *out, size_t size)
{
    const SamplerSetting *t = v->setting;
    if (!t) {
        const char *line = po_verb(lang, v->name);
        snprintf(out, size, "%s", line ? line : "");
        return;
    }
    SamplerSettingId id = (SamplerSettingId)(t - SAMPLER_SETTINGS);
    char lo[32], hi[64], range[128], off[32];
    int slider = slider_of(id);
    app_num_g(lang, slider != NO_SLIDER ? t->bar_lo : t->lo, 6, lo, sizeof lo);
    if (t->to_vocab)
        snprintf(hi, sizeof hi, "%s", app_label_in(lang, LBL_SET_HELP_VOCAB));
    else
        app_num_g(lang, slider != NO_SLIDER && !t->past_bar ? t->bar_hi : t->hi, 6, hi, sizeof hi);
    snprintf(range, sizeof range, app_label_in(lang, LBL_SET_HELP_RANGE), lo, hi);
    app_num_g(lang, t->off, 6, off, sizeof off);
    snprintf(out, size, app_label_in(lang, LBL_SET_HELP_OFF),
             app_setting_help(lang, id), range, off);
}

/* `set NAME X` for row id of the settings table: its slider's range (and
 * command), or the table's range and CMD_SETTING_SET when it has none. */
static ScriptVerb setting_verb(SamplerSettingId id, char *name, size_t nsize)
{
    const SamplerSetting *t = &SAMPLER_SETTINGS[id];
    snprintf(name, nsize, "set %s", t->name);
    ScriptVerb v = {.name = name, .usage = t->arg, .arg = t->integer ? ARG_INTEGER : ARG_NUMBER,
                    .slider = slider_of(id), .min = t->lo, .max = t->hi, .run = run_setting,
                    .setting = t};
    return v;
}

const ScriptVerb *script_verbs(int *count)
{
    static ScriptVerb all[N_VERBS];
    static char names[SET_COUNT][48];
    if (!all[0].name) {
        int n = 0;
        for (int i = 0; i < N_HEAD; i++)
            all[n++] = VERBS_HEAD[i];
        for (int i = 0; i < SET_COUNT; i++)
            all[n++] = setting_verb((SamplerSettingId)i, names[i], sizeof names[i]);
        for (int i = 0; i < N_TAIL; i++)
            all[n++] = VERBS_TAIL[i];
    }
    *count = N_VERBS;
    return all;
}

void script_verb_usage(const ScriptVerb *v, char *out, size_t size)
{
    snprintf(out, size, "%s%s%s", v->name, v->usage[0] ? " " : "", v->usage);
}

int script_is_blank(const char *line)
{
    const char *p = skip_space(line);
    return *p == 0 || *p == '#';
}

/* "a, b, c" */
static void list_words(const char *const *words, const char *sep, char *out, size_t size)
{
    size_t n = 0;
    out[0] = 0;
    for (int i = 0; words[i] && n < size; i++)
        n += (size_t)snprintf(out + n, size - n, "%s%s", i ? sep : "", words[i]);
}

static int word_index(const char *const *words, const char *w)
{
    for (int i = 0; words[i]; i++)
        if (strcmp(words[i], w) == 0)
            return i;
    return -1;
}

/* Edit distance of two short words, for "did you mean". */
static int distance(const char *a, const char *b)
{
    size_t la = strlen(a), lb = strlen(b);
    if (la > 31 || lb > 31)
        return 99;
    int d[32][32];
    for (size_t i = 0; i <= la; i++)
        d[i][0] = (int)i;
    for (size_t j = 0; j <= lb; j++)
        d[0][j] = (int)j;
    for (size_t i = 1; i <= la; i++) {
        for (size_t j = 1; j <= lb; j++) {
            int sub = d[i - 1][j - 1] + (a[i - 1] != b[j - 1]);
            int del = d[i - 1][j] + 1, ins = d[i][j - 1] + 1;
            d[i][j] = sub < del ? (sub < ins ? sub : ins) : (del < ins ? del : ins);
        }
    }
    return d[la][lb];
}

/* The verb a line starts with; *rest points after its name. For `set`,
 * *set_word gets the setting's word if it names none. */
static const ScriptVerb *find_verb(const char *line, const char **rest, char *first, size_t fsize,
                                   char *second, size_t ssize)
{
    const char *p = line;
    first[0] = second[0] = 0;
    if (!next_word(&p, first, fsize))
        return NULL;
    const char *after_first = p;
    next_word(&p, second, ssize);
    char two[96];
    snprintf(two, sizeof two, "%s %s", first, second);
    int n_verbs;
    const ScriptVerb *all = script_verbs(&n_verbs);
    for (int i = 0; i < N_VERBS; i++) {
        if (strcmp(all[i].name, two) == 0) {
            *rest = p;
            return &all[i];
        }
    }
    for (int i = 0; i < N_VERBS; i++) {
        if (strcmp(all[i].name, first) == 0) {
            *rest = after_first;
            return &all[i];
        }
    }
    return NULL;
}

const ScriptVerb *script_verb_of(const char *line)
{
    char first[64], second[64];
    const char *rest;
    return find_verb(line, &rest, first, sizeof first, second, sizeof second);
}

static int unknown_verb(const AppState *s, const char *first, const char *second, char *msg,
                        size_t size)
{
    TsQuoted q; /* what the user typed, echoed safely */
    int n_verbs;
    const ScriptVerb *all = script_verbs(&n_verbs);
    if (strcmp(first, "set") == 0) {
        /* the `set` verbs of the table, in its order */
        const char *names[N_VERBS + 1];
        int n = 0;
        for (int i = 0; i < N_VERBS; i++)
            if (strncmp(all[i].name, "set ", 4) == 0)
                names[n++] = all[i].name + 4;
        names[n] = NULL;
        char list[160];
        list_words(names, ", ", list, sizeof list);
        if (!second[0])
            return script_fail(msg, size, app_label(s, LBL_SC_WHICH_SETTING), list);
        return script_fail(msg, size, app_label(s, LBL_SC_UNKNOWN_SETTING), ts_quote(&q, second), list);
    }
    const char *best = NULL;
    int best_d = 3; /* suggest only a near miss */
    for (int i = 0; i < N_VERBS; i++) {
        char name[32];
        snprintf(name, sizeof name, "%s", all[i].name);
        name[strcspn(name, " ")] = 0;
        int d = distance(first, name);
        if (d < best_d && d < (int)strlen(name)) {
            best_d = d;
            best = all[i].name;
        }
    }
    if (best) {
        char word[32];
        snprintf(word, sizeof word, "%s", best);
        word[strcspn(word, " ")] = 0;
        return script_fail(msg, size, app_label(s, LBL_SC_UNKNOWN_VERB_HINT), ts_quote(&q, first), word);
    }
    return script_fail(msg, size, app_label(s, LBL_SC_UNKNOWN_VERB), ts_quote(&q, first));
}

/* ---- parsing the argument ---- */

static int parse_range(const AppState *s, const ScriptVerb *v, const char *word, double *x,
                       char *msg, size_t size)
{
    TsQuoted q; /* what the user typed, echoed safely */
    double lo = v->min, hi = v->max;
    if (v->slider != NO_SLIDER)
        app_slider_range(s, (SliderId)v->slider, &lo, &hi);
    if (probfmt_read(word, app_num_style(s->view.lang), x) != 0)
        return script_fail(msg, size, app_label(s, LBL_SC_NOT_NUMBER), v->name, ts_quote(&q, word));
    /* floor, not a cast: a number past any integer type (1e30) is whole, and
     * the range below refuses it */
    if (v->arg != ARG_NUMBER && *x != floor(*x))
        return script_fail(msg, size, app_label(s, LBL_SC_NOT_WHOLE), v->name, word);
    if (*x < lo || *x > hi) {
        char a[32], b[32]; /* the ends as they are typed */
        app_num_g(s->view.lang, lo, 6, a, sizeof a);
        app_num_g(s->view.lang, hi, 6, b, sizeof b);
        return script_fail(msg, size, app_label(s, v->range_fmt ? LBL_SC_NOT_CANDIDATE : LBL_SC_OUT_OF_RANGE),
                    v->name, word, a, b);
    }
    /* a slider's setting holds its resolution's steps (app_slider_set snaps):
     * min-p 0.005 would be 0.01, said rather than done silently */
    const SamplerSetting *st = v->setting;
    if (st && v->slider != NO_SLIDER && !st->integer && st->resolution > 0) {
        double held = round(*x / st->resolution) * st->resolution;
        if (fabs(held - *x) > 1e-9 * (fabs(*x) > 1 ? fabs(*x) : 1)) {
            char r[32], h[32];
            snprintf(r, sizeof r, "%g", st->resolution);
            snprintf(h, sizeof h, "%g", held);
            return script_fail(msg, size, app_label(s, LBL_SC_NOT_HELD), v->name, word, r, h);
        }
    }
    return SCRIPT_OK;
}

/* The rest of the line as one word: none is an error unless optional. */
static int single_word(const AppState *s, const ScriptVerb *v, const char *rest, char *word,
                       size_t wsize, const char *what, char *msg, size_t size)
{
    TsQuoted q; /* what the user typed, echoed safely */
    const char *p = rest;
    if (!next_word(&p, word, wsize))
        return script_fail(msg, size, app_label(s, LBL_SC_NEEDS), v->name, what);
    if (*skip_space(p))
        return script_fail(msg, size, app_label(s, LBL_SC_ONE_ARG), v->name, ts_quote(&q, skip_space(rest)));
    return SCRIPT_OK;
}

static int parse_word_arg(const AppState *s, const ScriptVerb *v, const char *rest, ScriptCmd *c,
                          char *msg, size_t size)
{
    TsQuoted q; /* what the user typed, echoed safely */
    char word[64], list[128];
    list_words(v->words, ", ", list, sizeof list);
    char what[160];
    snprintf(what, sizeof what, app_label(s, LBL_SC_ONE_OF), list);
    if (single_word(s, v, rest, word, sizeof word, what, msg, size) != SCRIPT_OK)
        return SCRIPT_FAILED;
    c->choice = word_index(v->words, word);
    if (c->choice < 0)
        return script_fail(msg, size, app_label(s, LBL_SC_NOT_ONE_OF), v->name, ts_quote(&q, word), list);
    return SCRIPT_OK;
}

static int parse_form(const ScriptVerb *v, const AppState *s, const char *rest, ScriptCmd *c,
                      char *msg, size_t size)
{
    TsQuoted q; /* what the user typed, echoed safely */
    const char *p = rest;
    char kind[64], len[64], list[64];
    list_words(FORMS, ", ", list, sizeof list);
    if (!next_word(&p, kind, sizeof kind))
    {
        char what[96];
        snprintf(what, sizeof what, app_label(s, LBL_SC_ONE_OF), list);
        return script_fail(msg, size, app_label(s, LBL_SC_NEEDS), "form", what);
    }
    int k = word_index(FORMS, kind);
    if (k < 0)
        return script_fail(msg, size, app_label(s, LBL_SC_NOT_ONE_OF), "form", ts_quote(&q, kind), list);
    c->choice = (int)FORM_OF[k];
    c->line_len = s->view.mode.line_len; /* left out: the length it has */
    if (next_word(&p, len, sizeof len)) {
        if (c->choice == FORM_FREE)
            return script_fail(msg, size, app_label(s, LBL_SC_FORM_FREE_LEN), ts_quote(&q, len));
        if (strcmp(len, "5") != 0 && strcmp(len, "7") != 0)
            return script_fail(msg, size, app_label(s, LBL_SC_FORM_LEN), kind, ts_quote(&q, len));
        c->line_len = len[0] - '0';
    }
    if (*skip_space(p))
        return script_fail(msg, size, app_label(s, LBL_SC_TOO_MANY), v->name, ts_quote(&q, skip_space(rest)));
    return SCRIPT_OK;
}

/* How many decimals a number is written with ("0.17": 2, "5": 0), or -1
 * with an exponent: a probability claim's `=` holds for the figures that
 * round to it there. */
static int written_decimals(const char *num)
{
    if (strpbrk(num, "eE"))
        return -1;
    const char *dot = strchr(num, '.');
    return dot ? (int)strspn(dot + 1, "0123456789") : 0;
}

/* A character of a claim, which the model must know (read as a prompt is:
 * 風 as 风). */
static int claim_char(const AppState *s, ScriptCmd *c, const char *what, char *word, size_t wsize,
                      uint32_t *cp, char *msg, size_t size)
{
    if (read_converted(s, what, word, wsize, c, msg, size) != SCRIPT_OK ||
        one_char(s, what, word, cp, msg, size) != SCRIPT_OK)
        return SCRIPT_FAILED;
    if (*cp == 0x23CE) { /* ⏎: the newline, as the screen shows it */
        *cp = '\n';
        return vocab_id(&s->text.m->vocab, '\n') >= 0 ? SCRIPT_OK
               : script_fail(msg, size, "%s: the model has no newline", what);
    }
    return unknown_chars(s, what, word, msg, size);
}

/* The TEXT of `expect text` or `contains`: characters the model knows,
 * ⏎ naming the newline (so that every character a message echoes is one
 * the model writes). */
static int text_claim_chars(const AppState *s, const char *what, const char *text, char *msg,
                            size_t size)
{
    char plain[SCRIPT_TEXT_MAX];
    size_t n = 0;
    for (const char *p = text; *p && n + 1 < sizeof plain;) {
        if (strncmp(p, "\xe2\x8f\x8e", 3) == 0) { /* ⏎ */
            plain[n++] = '\n';
            p += 3;
        } else {
            plain[n++] = *p++;
        }
    }
    plain[n] = 0;
    return unknown_chars(s, what, plain, msg, size);
}

/* The OP X of a claim about a count or a figure (lines, kl, size, speedup,
 * kept, removed, entropy); a share keeps the decimals X is written with. */
static int claim_op_number(ScriptCmd *c, const char *what, const char *op, char *num,
                           char *msg, size_t size)
{
    TsQuoted q;
    char list[64];
    size_t op_len = strlen(op);
    if (word_index(OPS, op) < 0 || op_len >= sizeof c->op) {
        list_words(OPS, " ", list, sizeof list);
        return script_fail(msg, size, "%s: %s is not one of %s", what, ts_quote(&q, op), list);
    }
    memcpy(c->op, op, op_len + 1);
    size_t num_len = strlen(num); /* a share may keep its sign: 47.8% */
    if (c->claim == CLAIM_REMOVED && num_len > 1 && num[num_len - 1] == '%')
        num[num_len - 1] = 0;
    int whole = c->claim == CLAIM_LINES || c->claim == CLAIM_SIZE || c->claim == CLAIM_KEPT;
    if (parse_number(num, &c->x) != 0 || c->x < 0 || c->x > 1e15 || (whole && c->x != floor(c->x)))
        return whole ? script_fail(msg, size, "%s: %s is not a count (a whole number)", what, ts_quote(&q, num))
                     : script_fail(msg, size, "%s: %s is not a number, 0 or more", what, ts_quote(&q, num));
    if (c->claim == CLAIM_REMOVED && c->x > 100)
        return script_fail(msg, size, "%s: %s is out of range 0..100 (percent)", what, ts_quote(&q, num));
    c->y = written_decimals(num);
    return SCRIPT_OK;
}

/* A claim's arguments w[1..] (their count already checked) into c. */
static int claim_args(const AppState *s, ScriptCmd *c, const char *what, char w[4][256], char *msg,
                      size_t size)
{
    TsQuoted q; /* what the user typed, echoed safely */
    char list[96];
    switch (c->claim) {
    case CLAIM_TOP1:
    case CLAIM_TOP8:
    case CLAIM_GROWS:
    case CLAIM_SHRINKS:
        return claim_char(s, c, what, w[1], sizeof w[1], &c->cp, msg, size);
    case CLAIM_LINES:
    case CLAIM_KL:
    case CLAIM_SIZE:
    case CLAIM_SPEEDUP:
    case CLAIM_KEPT:
    case CLAIM_REMOVED:
    case CLAIM_ENTROPY:
        return claim_op_number(c, what, w[1], w[2], msg, size);
    case CLAIM_RANK:
    case CLAIM_PROB:
    case CLAIM_SAMPLER:
    case CLAIM_COUNT:
        if (claim_char(s, c, what, w[1], sizeof w[1], &c->cp, msg, size) != SCRIPT_OK)
            return SCRIPT_FAILED;
        /* every word of OPS fits c->op; the length test says so to the
         * compiler too, at every optimisation level */
        size_t op_len = strlen(w[2]);
        if (word_index(OPS, w[2]) < 0 || op_len >= sizeof c->op) {
            list_words(OPS, " ", list, sizeof list);
            return script_fail(msg, size, "%s: %s is not one of %s", what, ts_quote(&q, w[2]), list);
        }
        memcpy(c->op, w[2], op_len + 1);
        size_t num_len = strlen(w[3]); /* a percentage may keep its sign: 0.17% */
        if ((c->claim == CLAIM_PROB || c->claim == CLAIM_SAMPLER) && num_len > 1 &&
            w[3][num_len - 1] == '%')
            w[3][num_len - 1] = 0;
        if (parse_number(w[3], &c->x) != 0)
            return script_fail(msg, size, "%s: %s is not a number", what, ts_quote(&q, w[3]));
        c->y = written_decimals(w[3]);
        if ((c->claim == CLAIM_PROB || c->claim == CLAIM_SAMPLER) && (c->x < 0 || c->x > 100))
            return script_fail(msg, size, "%s: %s is out of range 0..100 (percent)", what, w[3]);
        if ((c->claim == CLAIM_RANK || c->claim == CLAIM_COUNT) &&
            (c->x != floor(c->x) || c->x < 0 || c->x > 1e9))
            return c->claim == CLAIM_RANK
                       ? script_fail(msg, size, "%s: %s is not a rank (a whole number)", what, w[3])
                       : script_fail(msg, size, "%s: %s is not a count (a whole number)", what, w[3]);
        return SCRIPT_OK;
    case CLAIM_TEXT:
    case CLAIM_CONTAINS:
        return SCRIPT_OK; /* parse_claim took the rest of the line */
    case CLAIM_IDENTICAL:
        return SCRIPT_OK;
    case CLAIM_MASK:
        for (int i = 1; i <= 2; i++) {
            double v;
            if (parse_number(w[i], &v) != 0 || v < 1 || v != floor(v) || v > 1e6)
                return script_fail(msg, size, "%s: %s is not a count of positions (1 or more)", what,
                            ts_quote(&q, w[i]));
            *(i == 1 ? &c->x : &c->y) = v;
        }
        if (c->x > c->y)
            return script_fail(msg, size, "%s: T (%g) is more than TOTAL (%g)", what, c->x, c->y);
        return SCRIPT_OK;
    case CLAIM_CORPUS:
        if (strlen(w[1]) >= sizeof w[1] - 1)
            return script_fail(msg, size, "%s: the context is too long", what);
        if (read_converted(s, what, w[1], sizeof w[1], c, msg, size) != SCRIPT_OK ||
            read_converted(s, what, w[2], sizeof w[2], c, msg, size) != SCRIPT_OK ||
            script_decode(w[1], NULL, 0) < 0 || one_char(s, what, w[2], &c->cp, msg, size) != SCRIPT_OK)
            return SCRIPT_FAILED;
        snprintf(c->text, sizeof c->text, "%s", w[1]);
        if (parse_number(w[3], &c->x) != 0 || c->x < 0 || c->x != floor(c->x) || c->x > 1e15)
            return script_fail(msg, size, "%s: %s is not a count (a whole number)", what, ts_quote(&q, w[3]));
        return SCRIPT_OK;
    }
    return SCRIPT_FAILED;
}

static int parse_claim(const AppState *s, const char *rest, ScriptCmd *c, char *msg, size_t size)
{
    TsQuoted q; /* what the user typed, echoed safely */
    const char *p = rest;
    char w[4][256], list[160], what[96];
    int n = 0;
    while (n < 4 && next_word(&p, w[n], sizeof w[n]))
        n++;
    int extra = *skip_space(p) != 0;
    list_words(CLAIMS, ", ", list, sizeof list);
    if (n == 0)
        return script_fail(msg, size, "expect: needs one of %s", list);
    int k = word_index(CLAIMS, w[0]);
    if (k < 0)
        return script_fail(msg, size, "expect: %s is not one of %s", ts_quote(&q, w[0]), list);
    c->claim = (ClaimKind)k;
    snprintf(what, sizeof what, "expect %s", CLAIMS[k]);
    static const char *const FORMATS[] = {"C", "C", "C OP N (e.g. expect rank 流 > 8)",
                                          "C OP X, X in percent (e.g. expect prob 。 > 10)", "",
                                          "CONTEXT C N (e.g. expect corpus 春风 。 149)",
                                          "OP N (e.g. expect lines = 4)", "C", "C",
                                          "OP X, X in bits (e.g. expect kl < 0.01)",
                                          "OP N, N in bytes (e.g. expect size < 2000000)",
                                          "OP X (e.g. expect speedup > 1.3)",
                                          "T TOTAL (e.g. expect mask 1 7)",
                                          "C OP X, X in percent (e.g. expect sampler 明 < 0.2)",
                                          "OP N (e.g. expect kept = 71)",
                                          "OP X, X in percent (e.g. expect removed = 47.8)",
                                          "OP X, X in bits (e.g. expect entropy < 2)",
                                          "TEXT (e.g. expect text 春风吹。)",
                                          "TEXT (e.g. expect contains 月明)",
                                          "C OP N (e.g. expect count 月 = 3)"};
    static const int WORDS[] = {2, 2, 4, 4, 1, 4, 3, 2, 2, 3, 3, 3, 3, 4, 3, 3, 3, 2, 2, 4};
    _Static_assert(sizeof WORDS / sizeof WORDS[0] == sizeof CLAIMS / sizeof CLAIMS[0] - 1,
                   "the words of every claim");
    _Static_assert(sizeof FORMATS / sizeof FORMATS[0] == sizeof WORDS / sizeof WORDS[0],
                   "the form of every claim");
    if (c->claim == CLAIM_TEXT || c->claim == CLAIM_CONTAINS) { /* the rest of the line */
        const char *t = skip_space(rest);
        next_word(&t, w[0], sizeof w[0]);
        trim_into(t, c->text, sizeof c->text);
        if (!c->text[0])
            return script_fail(msg, size, "%s: needs %s", what, FORMATS[k]);
        if (strlen(skip_space(t)) >= sizeof c->text)
            return script_fail(msg, size, "%s: the text is too long", what);
        if (read_converted(s, what, c->text, sizeof c->text, c, msg, size) != SCRIPT_OK)
            return SCRIPT_FAILED;
        return text_claim_chars(s, what, c->text, msg, size);
    }
    if (n != WORDS[k] || extra)
        return WORDS[k] == 1 ? script_fail(msg, size, "%s: takes no argument", what)
                             : script_fail(msg, size, "%s: needs %s", what, FORMATS[k]);
    return claim_args(s, c, what, w, msg, size);
}

int script_parse(const AppState *s, const char *line, ScriptCmd *c, char *msg, size_t size)
{
    TsQuoted q; /* what the user typed, echoed safely */
    char first[64], second[64];
    const char *rest = NULL;
    memset(c, 0, sizeof *c);
    msg[0] = 0;
    const ScriptVerb *v = find_verb(line, &rest, first, sizeof first, second, sizeof second);
    if (!first[0])
        return script_fail(msg, size, "%s", app_label(s, LBL_SC_EMPTY));
    if (!v)
        return unknown_verb(s, first, second, msg, size);
    c->verb = v;
    char word[64], cap[32];
    const char *arg = skip_space(rest);
    switch (v->arg) {
    case ARG_NONE:
        if (*arg)
            return script_fail(msg, size, app_label(s, LBL_SC_NO_ARG), v->name, ts_quote(&q, arg));
        return SCRIPT_OK;
    case ARG_COUNT:
    case ARG_NUMBER:
    case ARG_INTEGER:
        if (v->arg == ARG_COUNT && !*arg) {
            c->x = 1;
            return SCRIPT_OK;
        }
        if (single_word(s, v, rest, word, sizeof word,
                        app_label(s, v->arg == ARG_NUMBER ? LBL_SC_A_NUMBER : LBL_SC_A_WHOLE), msg,
                        size) != SCRIPT_OK)
            return SCRIPT_FAILED;
        return parse_range(s, v, word, &c->x, msg, size);
    case ARG_TEXT:
    case ARG_FREE:
        trim_into(arg, c->text, sizeof c->text);
        if (!c->text[0])
            return script_fail(msg, size, app_label(s, LBL_SC_NEEDS), v->name,
                        app_label(s, v->arg == ARG_TEXT ? LBL_SC_A_TEXT : (LabelId)v->needs));
        if (strlen(arg) >= sizeof c->text)
            return script_fail(msg, size, app_label(s, LBL_SC_LONGER), v->name, max_chars(s, cap));
        if (v->arg == ARG_FREE)
            return strlen(c->text) < APP_QUIZ_MAX ? SCRIPT_OK
                   : script_fail(msg, size, "%s: longer than %d bytes", v->name, APP_QUIZ_MAX - 1);
        if (read_converted(s, v->name, c->text, sizeof c->text, c, msg, size) != SCRIPT_OK)
            return SCRIPT_FAILED;
        return unknown_chars(s, v->name, c->text, msg, size);
    case ARG_CHAR:
        trim_into(arg, word, sizeof word);
        if (v->run == run_lookup && strcmp(word, "off") == 0)
            return SCRIPT_OK; /* `lookup off`: cp 0, no look-up line */
        if (single_word(s, v, rest, word, sizeof word, app_label(s, LBL_SC_A_CHAR), msg, size) !=
                SCRIPT_OK ||
            read_converted(s, v->name, word, sizeof word, c, msg, size) != SCRIPT_OK ||
            one_char(s, v->name, word, &c->cp, msg, size) != SCRIPT_OK)
            return SCRIPT_FAILED;
        return unknown_chars(s, v->name, word, msg, size);
    case ARG_WORD:
        return parse_word_arg(s, v, rest, c, msg, size);
    case ARG_FORM:
        return parse_form(v, s, rest, c, msg, size);
    case ARG_CLAIM:
        return parse_claim(s, rest, c, msg, size);
    }
    return SCRIPT_FAILED;
}

/* ---- carrying it out ---- */

/* One Command through app_apply. A command that fails says so in the status
 * line (status_error), as it does on the screen: that becomes the message. */
static int apply(AppState *s, const ScriptCmd *c, ScriptOut *o, Command cmd, CmdArg a)
{
    s->view.status_error = 0;
    o->redraw |= app_apply(s, cmd, a);
    if (s->view.status_error)
        return script_fail(o->msg, sizeof o->msg, "%s: %s", c->verb->name, s->view.status);
    return SCRIPT_OK;
}

/* Run the job a command started to its end, a tick at a time, as the screen
 * would (a script waits for it). */
static int finish_job(AppState *s, const ScriptCmd *c, ScriptOut *o)
{
    if (!o->sync_jobs)
        return SCRIPT_OK;
    while (s->job.kind != JOB_NONE)
        if (apply(s, c, o, CMD_TICK, cmd_arg(0)) != SCRIPT_OK)
            return SCRIPT_FAILED;
    return SCRIPT_OK;
}

/* Type the command's text a character at a time. The KV cache line then
 * tells what the whole command cost (the positions read and the time, over
 * its characters), not the last character's: a new prompt reads every
 * position, a retyped last character one. rows and ms: what came before in
 * the same command (the clear of `prompt`). */
static int type_text(AppState *s, const ScriptCmd *c, ScriptOut *o, long rows, double ms)
{
    size_t len = strlen(c->text), pos = 0;
    uint32_t cp;
    while (pos < len && utf8_decode(c->text, len, &pos, &cp) == 0) {
        if (apply(s, c, o, CMD_TYPE, cmd_arg((long)cp)) != SCRIPT_OK)
            return SCRIPT_FAILED;
        rows += s->pred.predict_rows;
        ms += s->pred.predict_ms;
    }
    s->pred.predict_rows = rows;
    s->pred.predict_ms = ms;
    if (c->n_conv) /* read as it was parsed: the status still says how */
        app_status_converted(s, c->conv, c->n_conv);
    return SCRIPT_OK;
}

static int run_prompt(AppState *s, const ScriptCmd *c, ScriptOut *o)
{
    if (apply(s, c, o, CMD_CLEAR, cmd_arg(0)) != SCRIPT_OK)
        return SCRIPT_FAILED;
    return type_text(s, c, o, s->pred.predict_rows, s->pred.predict_ms);
}

static int run_type(AppState *s, const ScriptCmd *c, ScriptOut *o) { return type_text(s, c, o, 0, 0.0); }

static int run_backspace(AppState *s, const ScriptCmd *c, ScriptOut *o)
{
    long n = (long)c->x;
    if ((size_t)n > s->text.n_chars)
        return script_fail(o->msg, sizeof o->msg, "backspace: %ld is more than the %zu characters of the text",
                    n, s->text.n_chars);
    for (long i = 0; i < n; i++)
        if (apply(s, c, o, CMD_BACKSPACE, cmd_arg(0)) != SCRIPT_OK)
            return SCRIPT_FAILED;
    return SCRIPT_OK;
}

static int run_clear(AppState *s, const ScriptCmd *c, ScriptOut *o)
{
    return apply(s, c, o, CMD_CLEAR, cmd_arg(0));
}

static int run_set(AppState *s, const ScriptCmd *c, ScriptOut *o)
{
    CmdArg a = {.n = c->verb->slider, .x = c->x};
    return apply(s, c, o, CMD_SLIDER_SET, a);
}

/* `set NAME X`: its slider moves, or the setting is set (one with no slider) */
static int run_setting(AppState *s, const ScriptCmd *c, ScriptOut *o)
{
    if (c->verb->slider != NO_SLIDER)
        return apply(s, c, o, CMD_SLIDER_SET, (CmdArg){.n = c->verb->slider, .x = c->x});
    CmdArg a = {.n = c->verb->setting - SAMPLER_SETTINGS, .x = c->x};
    return apply(s, c, o, CMD_SETTING_SET, a);
}

static int run_mid_text(AppState *s, const ScriptCmd *c, ScriptOut *o)
{
    return apply(s, c, o, CMD_MID_TEXT, cmd_arg(c->choice == 0));
}

static int run_cache(AppState *s, const ScriptCmd *c, ScriptOut *o)
{
    return apply(s, c, o, CMD_CACHE_SET, cmd_arg(c->choice == 0));
}

static int run_step(AppState *s, const ScriptCmd *c, ScriptOut *o)
{
    long n = (long)c->x;
    for (long i = 0; i < n; i++) {
        size_t before = s->text.n_chars;
        if (apply(s, c, o, CMD_SAMPLE, cmd_arg(0)) != SCRIPT_OK)
            return SCRIPT_FAILED;
        if (s->text.n_chars == before) /* the poem is complete, or the text full */
            return script_fail(o->msg, sizeof o->msg, "step: stopped after %ld of %ld: %s", i, n,
                        s->view.status);
    }
    return SCRIPT_OK;
}

static int run_pick(AppState *s, const ScriptCmd *c, ScriptOut *o)
{
    long k = (long)c->x;
    if (k > s->pred.n_top) /* a vocabulary of fewer than 8 characters */
        return script_fail(o->msg, sizeof o->msg, "pick: %ld is not a candidate (1..%d)", k, s->pred.n_top);
    return apply(s, c, o, CMD_PICK, cmd_arg(k));
}

static int run_write(AppState *s, const ScriptCmd *c, ScriptOut *o)
{
    if (apply(s, c, o, CMD_WRITE, cmd_arg(0)) != SCRIPT_OK)
        return SCRIPT_FAILED;
    if (s->job.kind != JOB_WRITE) /* nothing to write: the poem is complete */
        return script_fail(o->msg, sizeof o->msg, "write: %s", s->view.status);
    return finish_job(s, c, o);
}

static int run_code(AppState *s, const ScriptCmd *c, ScriptOut *o)
{
    SessionCode code;
    int enter;
    TsErr err;
    if (app_session_code_read(c->text, &code, &enter, &err) != 0 ||
        session_code_check(&code, s->text.m, &err) != 0 || app_session_open(s, &code, &err) != 0)
        return script_fail(o->msg, sizeof o->msg, "code: %s", err.msg);
    TsQuoted q;
    app_status(s, 0, app_label(s, LBL_ST_CODE_OPENED), ts_quote(&q, c->text));
    return enter ? run_write(s, c, o) : SCRIPT_OK;
}

static int run_compare(AppState *s, const ScriptCmd *c, ScriptOut *o)
{
    if (apply(s, c, o, CMD_COMPARE, cmd_arg(0)) != SCRIPT_OK)
        return SCRIPT_FAILED;
    return finish_job(s, c, o);
}

/* The Han characters of the text the model knows: an acrostic's heads. */
static int han_heads(const AppState *s)
{
    int n = 0;
    for (size_t i = 0; i < s->text.n_chars; i++)
        n += s->text.chars[i].id >= 0 && is_han(s->text.chars[i].cp);
    return n;
}

static int run_form(AppState *s, const ScriptCmd *c, ScriptOut *o)
{
    switch ((FormKind)c->choice) {
    case FORM_FREE: return apply(s, c, o, CMD_MODE_FREE, cmd_arg(0));
    case FORM_ACROSTIC:
        if (s->view.mode.kind != FORM_ACROSTIC && han_heads(s) == 0)
            return script_fail(o->msg, sizeof o->msg,
                        "form acrostic: the text has no line openers (type them first, "
                        "e.g. prompt 春眠不觉)");
        return apply(s, c, o, CMD_MODE_ACROSTIC, cmd_arg(c->line_len));
    case FORM_JUEJU: return apply(s, c, o, CMD_MODE_JUEJU, cmd_arg(c->line_len));
    }
    return SCRIPT_FAILED;
}

static int run_show(AppState *s, const ScriptCmd *c, ScriptOut *o)
{
    return apply(s, c, o, CMD_SHOW, cmd_arg(VIEW_OF[c->choice]));
}

static int run_lookup(AppState *s, const ScriptCmd *c, ScriptOut *o)
{
    return apply(s, c, o, CMD_LOOKUP, cmd_arg((long)c->cp));
}

static int run_lang(AppState *s, const ScriptCmd *c, ScriptOut *o)
{
    return apply(s, c, o, CMD_LANGUAGE, cmd_arg(c->choice));
}

static int run_stage(AppState *s, const ScriptCmd *c, ScriptOut *o)
{
    const char *t = c->text + strspn(c->text, " \t");
    size_t w = strcspn(t, " \t");
    if (w == 3 && strncmp(t, "off", 3) == 0 && !t[3 + strspn(t + 3, " \t")]) {
        if (o->lesson_path) {
            s->view.lesson_stage.on = 0;
            return SCRIPT_OK;
        }
        return apply(s, c, o, CMD_STAGE, cmd_arg(-1));
    }
    ExerciseKind kind;
    const char *word = t;
    t = exercise_stage_split(t, &kind);
    /* --timeout SECONDS: more time for each step (a slow start: import torch) */
    if (strncmp(t, "--timeout", 9) == 0 && (t[9] == ' ' || t[9] == '\t')) {
        char *end;
        double secs = strtod(t + 9, &end);
        if (end == t + 9 || !(secs >= 0.05 && secs <= 600) || (*end && *end != ' ' && *end != '\t'))
            return script_fail(o->msg, sizeof o->msg, "%s", app_label(s, LBL_SC_STAGE_TIMEOUT));
        s->progs.timeout = secs;
        const char *before = t;
        t = end + strspn(end, " \t");
        if (before == word) /* no kind before the option: perhaps after it */
            t = exercise_stage_split(t, &kind);
    }
    if (!*t)
        return script_fail(o->msg, sizeof o->msg, "%s", app_label(s, LBL_SC_STAGE_NEEDS));
    if (o->lesson_path) { /* only a wish: the explorer's screen asks, then starts it */
        AppStageWish wish = {.on = 1, .kind = kind};
        if (app_stage_lesson_program(s, o->lesson_path, t, wish.cmd, sizeof wish.cmd, o->msg,
                                     sizeof o->msg) != 0)
            return SCRIPT_FAILED;
        s->view.lesson_stage = wish;
        return SCRIPT_OK;
    }
    CmdArg a = {.n = kind, .text = t};
    return apply(s, c, o, CMD_STAGE, a);
}

static int run_quiz(AppState *s, const ScriptCmd *c, ScriptOut *o)
{
    /* in a lesson the step's second question would hide the first for good */
    if (o->lesson_path && s->view.quiz[0])
        return script_fail(o->msg, sizeof o->msg, "%s", app_label(s, LBL_SC_SECOND_QUIZ));
    CmdArg a = {.text = c->text};
    return apply(s, c, o, CMD_QUIZ, a);
}

static int run_answer(AppState *s, const ScriptCmd *c, ScriptOut *o)
{
    if (!s->view.quiz[0])
        return script_fail(o->msg, sizeof o->msg, "answer: needs a quiz before it in the step");
    CmdArg a = {.text = c->text};
    return apply(s, c, o, CMD_ANSWER, a);
}

static int run_point(AppState *s, const ScriptCmd *c, ScriptOut *o)
{
    return apply(s, c, o, CMD_POINT, cmd_arg(PANEL_OF[c->choice]));
}

/* `model bundled` marks the lesson (lesson_about_bundled reads it from the
 * lesson's text); running it changes nothing. */
static int run_model(AppState *s, const ScriptCmd *c, ScriptOut *o)
{
    (void)s, (void)c, (void)o;
    return SCRIPT_OK;
}

int script_claim_about_model(const char *line)
{
    const ScriptVerb *v = script_verb_of(line);
    if (!v || v->run != script_expect)
        return 0;
    const char *p = skip_space(line) + strlen(v->name);
    p = skip_space(p);
    /* the cache's equality holds for every model */
    return strncmp(p, "identical", 9) != 0 || (p[9] && p[9] != ' ' && p[9] != '\t');
}

static int run_weights(AppState *s, const ScriptCmd *c, ScriptOut *o)
{
    return apply(s, c, o, CMD_WEIGHTS, cmd_arg(c->choice));
}

/* `compare-model FILE|off`: a lesson's relative FILE is found in the
 * lesson's folder, as its exercises are. */
static int run_compare_model(AppState *s, const ScriptCmd *c, ScriptOut *o)
{
    char t[APP_CMP_PATH_MAX];
    const char *from = c->text + strspn(c->text, " \t");
    snprintf(t, sizeof t, "%s", from);
    size_t n = strlen(t);
    while (n && (t[n - 1] == ' ' || t[n - 1] == '\t'))
        t[--n] = 0;
    if (!n)
        return script_fail(o->msg, sizeof o->msg, "compare-model: needs a model file, fp32, bf16, "
                                                  "int8 or off");
    if (strcmp(t, "off") == 0)
        return apply(s, c, o, CMD_COMPARE_MODEL, cmd_arg(0));
    char path[APP_CMP_PATH_MAX];
    WeightPrec p;
    const char *slash = o->lesson_path ? strrchr(o->lesson_path, '/') : NULL;
    if (slash && t[0] != '/' && wprec_parse(t, &p) != 0)
        snprintf(path, sizeof path, "%.*s/%s", (int)(slash - o->lesson_path), o->lesson_path, t);
    else
        snprintf(path, sizeof path, "%s", t);
    CmdArg a = {.text = path};
    return apply(s, c, o, CMD_COMPARE_MODEL, a);
}

/* ---- the whole line ---- */

int script_exec(AppState *s, const ScriptCmd *c, ScriptOut *o)
{
    o->msg[0] = 0;
    /* a command acts on the explorer as it stands: an open help screen or a
     * half-typed look-up would otherwise swallow it (as they swallow a key) */
    if (app_view_is_open(&s->view.views, VIEW_HELP) && c->verb->run != run_show)
        o->redraw |= app_apply(s, CMD_VIEW, cmd_arg(VIEW_HELP));
    if (s->input.query_input)
        o->redraw |= app_apply(s, CMD_STOP, cmd_arg(0));
    return c->verb->run(s, c, o);
}

int script_run(AppState *s, const char *line, ScriptOut *out)
{
    out->msg[0] = 0;
    if (script_is_blank(line))
        return SCRIPT_OK;
    ScriptCmd c;
    if (script_parse(s, line, &c, out->msg, sizeof out->msg) != SCRIPT_OK)
        return SCRIPT_FAILED;
    return script_exec(s, &c, out);
}
