/* session.c - the explorer's session as a code and as a JSON file (see session.h). */
#define _POSIX_C_SOURCE 200809L
#include "app/session.h"

#include <errno.h>
#include <fcntl.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

#include "engine/fileio.h"
#include "app/commands.h"
#include "app/json.h"
#include "app/labels.h"

/* ---- the key steps since the prompt ---- */

/* Everything a step's result depends on besides the text and the draws:
 * a replay runs with the code's settings, so they must be the same. */
static uint64_t recipe_context(const AppState *s)
{
    uint64_t h = TS_FNV_START;
    for (int i = 0; i < SET_COUNT; i++) {
        double v = sampler_setting_get(&s->view.set, (SamplerSettingId)i);
        h = ts_fnv1a(h, &v, sizeof v);
    }
    int other[] = {s->view.set.penalize_punctuation,
                   (int)s->view.mode.kind,
                   s->view.mode.line_len,
                   s->view.mid_text,
                   (int)s->text.g.policy,
                   (int)s->text.weights,
                   app_stage_running(s, EXERCISE_TOP_P),
                   app_stage_running(s, EXERCISE_JUEJU)};
    h = ts_fnv1a(h, other, sizeof other);
    h = ts_fnv1a(h, &s->view.seed, sizeof s->view.seed);
    return ts_fnv1a(h, s->view.mode.heads, strlen(s->view.mode.heads));
}

/* Is the text still the one the recipe's steps made, in the same state? */
static int recipe_current(const AppState *s)
{
    const AppRecipe *r = &s->record.recipe;
    TextMark now = app_text_mark(s);
    return r->ok && r->n_steps > 0 && s->job.kind != JOB_WRITE && now.n == r->mark_n &&
           now.hash == r->mark_hash && recipe_context(s) == r->context &&
           memcmp(&r->rng, &s->view.rng, sizeof r->rng) == 0;
}

static void recipe_mark(AppState *s)
{
    TextMark now = app_text_mark(s);
    s->record.recipe.mark_n = now.n;
    s->record.recipe.mark_hash = now.hash;
    s->record.recipe.rng = s->view.rng;
}

/* The recipe starts again from the text as it is: its known characters
 * are the prompt (none unknown, at most SESSION_MAX_CHARS), and the
 * generator's draws since its seed must give its state again. */
static void recipe_rebase(AppState *s)
{
    AppRecipe *r = &s->record.recipe;
    r->ok = 0;
    r->n_steps = 0;
    if (s->text.n_chars > SESSION_MAX_CHARS || s->record.rng_draws > APP_RECIPE_MAX_DRAWS)
        return;
    for (size_t i = 0; i < s->text.n_chars; i++) {
        if (s->text.chars[i].id < 0)
            return; /* Backspace would take it back, and a code holds no unknown character */
        r->prompt[i] = s->text.chars[i].cp;
    }
    Rng again;
    rng_seed(&again, s->view.seed);
    for (uint32_t i = 0; i < s->record.rng_draws; i++)
        rng_float(&again);
    if (memcmp(&again, &s->view.rng, sizeof again) != 0)
        return;
    r->n_prompt = (int)s->text.n_chars;
    r->draws = s->record.rng_draws;
    r->context = recipe_context(s);
    r->ok = 1;
}

void app_recipe_step(AppState *s, SessionStepKind kind, int n)
{
    AppRecipe *r = &s->record.recipe;
    if (s->job.kind == JOB_WRITE) { /* a key while Enter writes: no replay can follow it */
        r->ok = 0;
        return;
    }
    if (!recipe_current(s))
        recipe_rebase(s);
    if (!r->ok)
        return;
    if (r->n_steps == SESSION_MAX_STEPS) {
        r->ok = 0;
        return;
    }
    r->steps[r->n_steps++] = (SessionStep){(uint8_t)kind, (uint16_t)n};
    r->enter_open = kind == SESSION_STEP_ENTER;
}

void app_recipe_stepped(AppState *s)
{
    if (s->record.recipe.ok && !s->record.recipe.enter_open)
        recipe_mark(s);
}

void app_recipe_enter_ended(AppState *s, int by_itself, int written)
{
    AppRecipe *r = &s->record.recipe;
    if (!r->ok || !r->enter_open || r->n_steps == 0)
        return;
    r->enter_open = 0;
    if (!by_itself && written + 1 > SESSION_ENTER_MAX) {
        r->ok = 0;
        return;
    }
    r->steps[r->n_steps - 1].n = (uint16_t)(by_itself ? 0 : written + 1);
    recipe_mark(s);
}

/* ---- the code ---- */

/* The known characters of chars[0..end), or -1 when there are more than max. */
static int known_chars(const AppState *s, size_t end, uint32_t *cps, int max)
{
    int n = 0;
    for (size_t i = 0; i < end; i++) {
        if (s->text.chars[i].id < 0)
            continue;
        if (n == max)
            return -1;
        if (cps)
            cps[n] = s->text.chars[i].cp;
        n++;
    }
    return n;
}

int app_session_code_enter(const AppState *s)
{
    TextMark now = app_text_mark(s);
    return s->record.write_end.n > 0 && now.n == s->record.write_end.n &&
           now.hash == s->record.write_end.hash && s->record.write_from <= s->text.n_chars &&
           known_chars(s, s->record.write_from, NULL, SESSION_MAX_CHARS) >= 0;
}

/* The prompt: the known characters of the text, or of the text before
 * Enter's run while the text ends with it as it ended by itself; when
 * these are too many, the recipe's prompt and key steps. */
static int prompt_chars(const AppState *s, SessionCode *c, TsErr *err)
{
    size_t end = app_session_code_enter(s) ? s->record.write_from : s->text.n_chars;
    int n = known_chars(s, end, c->prompt, SESSION_MAX_CHARS);
    if (n >= 0) {
        c->n_prompt = n;
        return 0;
    }
    if (!recipe_current(s))
        return ts_fail(err, "a code holds a prompt of at most %d characters", SESSION_MAX_CHARS);
    const AppRecipe *r = &s->record.recipe;
    memcpy(c->prompt, r->prompt, (size_t)r->n_prompt * sizeof *r->prompt);
    c->n_prompt = r->n_prompt;
    memcpy(c->steps, r->steps, (size_t)r->n_steps * sizeof *r->steps);
    c->n_steps = r->n_steps;
    c->draws = r->draws;
    return 0;
}

int app_session_code(const AppState *s, SessionCode *c, TsErr *err)
{
    session_code_init(c, s->record.fingerprint);
    if (prompt_chars(s, c, err) != 0)
        return -1;
    c->form = s->view.mode.kind;
    c->line_len = s->view.mode.kind == FORM_FREE ? 7 : s->view.mode.line_len;
    if (s->view.mode.kind == FORM_ACROSTIC) {
        c->n_heads = s->view.mode.start.n_lines;
        for (int i = 0; i < c->n_heads; i++)
            c->heads[i] = vocab_cp(&s->text.m->vocab, s->view.mode.start.heads[i]);
    }
    c->mid_text = s->view.mid_text;
    c->set = s->view.set;
    c->seed = s->view.seed;
    c->policy = s->text.g.policy;
    return 0;
}

int app_session_code_text(const AppState *s, char *out, size_t size)
{
    SessionCode c;
    TsErr err;
    int n = -1;
    if (app_session_code(s, &c, &err) == 0)
        n = session_code_encode(&c, out, size, &err);
    if (n < 0 && size > 0)
        out[0] = 0;
    return n;
}

/* Does text[0..len) end with "+ Enter" as the title writes it in some
 * language (any case, any spaces around the +)? Then *code_len is the
 * length before it. */
static int enter_suffix(const char *text, size_t len, size_t *code_len)
{
    const char *plus = memchr(text, '+', len);
    if (!plus)
        return 0;
    *code_len = (size_t)(plus - text);
    const char *word = plus + 1, *end = text + len;
    while (word < end && *word == ' ')
        word++;
    while (end > word && end[-1] == ' ')
        end--;
    for (int lang = 0; lang < LANG_COUNT; lang++) {
        const char *label = app_label_in((AppLang)lang, LBL_CODE_ENTER);
        label += strspn(label, "+ ");
        size_t n = strlen(label);
        if ((size_t)(end - word) != n)
            continue;
        size_t i = 0;
        while (i < n && (word[i] == label[i] ||
                         ((unsigned char)word[i] < 0x80 && (word[i] | 0x20) == (label[i] | 0x20) &&
                          ((label[i] | 0x20) >= 'a' && (label[i] | 0x20) <= 'z'))))
            i++;
        if (i == n)
            return 1;
    }
    return -1;
}

int app_session_code_read(const char *text, SessionCode *c, int *enter, TsErr *err)
{
    size_t len = strlen(text), code_len = len;
    int suffix = enter_suffix(text, len, &code_len);
    *enter = suffix == 1;
    if (suffix < 0)
        return ts_fail(err, "after a code only + Enter may follow, as the title bar writes it");
    return session_code_decode(text, code_len, c, err);
}

/* The code's key steps, as the keys would make them (pinyin input, which
 * would take Space and the digits, is off meanwhile). */
static void replay_steps(AppState *s, const SessionCode *c)
{
    int ime = s->input.ime.on;
    s->input.ime.on = 0;
    for (int i = 0; i < c->n_steps; i++) {
        const SessionStep *st = &c->steps[i];
        switch ((SessionStepKind)st->kind) {
        case SESSION_STEP_DRAW: app_apply(s, CMD_SAMPLE, cmd_arg(0)); break;
        case SESSION_STEP_PICK: app_apply(s, CMD_PICK, cmd_arg(st->n)); break;
        case SESSION_STEP_BACK: app_apply(s, CMD_BACKSPACE, cmd_arg(0)); break;
        case SESSION_STEP_ENTER:
            app_apply(s, CMD_WRITE, cmd_arg(0));
            while (s->job.kind == JOB_WRITE && (st->n == 0 || s->job.written < st->n - 1))
                app_apply(s, CMD_TICK, cmd_arg(0));
            if (s->job.kind == JOB_WRITE)
                app_apply(s, CMD_STOP, cmd_arg(0));
            break;
        case SESSION_STEP_KINDS: break;
        }
    }
    s->input.ime.on = ime;
}

int app_session_open(AppState *s, const SessionCode *c, TsErr *err)
{
    app_reset(s);
    if (c->mid_text)
        app_set_mid_text(s, 1, 0);
    if (c->form == FORM_ACROSTIC) {
        /* the explorer takes an acrostic's heads from the prompt (`a`) */
        for (int i = 0; i < c->n_heads; i++)
            app_push_char(s, c->heads[i], ORIGIN_TYPED);
    }
    if (c->form != FORM_FREE && app_mode_set_length(s, c->form, c->line_len) != 0)
        return ts_fail(err, "the code's verse form does not open here: %s", s->view.status);
    for (int i = 0; i < c->n_prompt; i++)
        if (app_push_char(s, c->prompt[i], ORIGIN_TYPED) != 0)
            return ts_fail(err, "the code's prompt does not fit its verse form: %s",
                           s->view.status);
    s->view.set = c->set;
    s->view.seed = c->seed;
    rng_seed(&s->view.rng, s->view.seed);
    for (uint32_t i = 0; i < c->draws && c->n_steps > 0; i++)
        rng_float(&s->view.rng);
    s->record.rng_draws = c->n_steps > 0 ? c->draws : 0;
    gen_set_policy(&s->text.g, c->policy);
    app_predict(s);
    replay_steps(s, c);
    return 0;
}

void app_session_record(AppState *s, int token, const float *model, const float *sampler)
{
    if (s->text.n_chars >= s->text.cap_chars)
        return;
    TraceStep *st = &s->record.steps[s->text.n_chars];
    /* the sampler's scratch is free between draws */
    trace_step_fill(st, model, sampler, s->text.m->cfg.vocab_size, token, s->text.g.ss.scratch);
    st->index = (long)s->text.n_chars;
}

/* ---- the JSON ---- */

static void json_char(FILE *f, const Vocab *v, int id)
{
    uint32_t cp = vocab_cp(v, id);
    json_write_cps(f, &cp, 1);
}

static void json_candidate(FILE *f, const Vocab *v, const TraceCandidate *c)
{
    fputs("\"char\": ", f);
    json_char(f, v, c->id);
    fprintf(f, ", \"id\": %d, \"p_model\": %.6g, \"p_sampler\": %.6g", c->id, (double)c->p_model,
            (double)c->p_sampler);
}

void session_json_step(FILE *f, const Vocab *v, const TraceStep *st, const char *origin, int poem)
{
    if (poem > 0)
        fprintf(f, "{\"poem\": %d, \"index\": %ld, ", poem, st->index);
    else
        fprintf(f, "{\"index\": %ld, ", st->index);
    json_candidate(f, v, &st->chosen);
    fprintf(f, ", \"origin\": \"%s\", \"top\": [", origin);
    for (int k = 0; k < st->n_top; k++) {
        fputs(k ? ", {" : "{", f);
        json_candidate(f, v, &st->top[k]);
        fputc('}', f);
    }
    fputs("]}", f);
}

/* One setting's value as the JSON and the command line write it: an integer
 * as one, a number as %g of the float. */
static void put_setting(FILE *f, const char *name, const char *sep, const SamplerSettings *set, int id)
{
    double v = sampler_setting_get(set, (SamplerSettingId)id);
    if (SAMPLER_SETTINGS[id].integer)
        fprintf(f, "%s%s%d", name, sep, (int)v);
    else
        fprintf(f, "%s%s%g", name, sep, v);
}

void session_json_sampler(FILE *f, const SamplerSettings *set)
{
    for (int i = 0; i < SET_COUNT; i++) {
        fprintf(f, "%s\"", i ? ", " : "");
        put_setting(f, SAMPLER_SETTINGS[i].json, "\": ", set, i);
    }
    fprintf(f, ", \"penalize_punctuation\": %s", set->penalize_punctuation ? "true" : "false");
}

void session_json_settings(FILE *f, const SamplerSettings *set, ContextPolicy policy)
{
    session_json_sampler(f, set);
    fprintf(f, ", \"context_policy\": \"%s\"", gen_policy_name(policy));
}

static const char *form_name(FormKind k)
{
    return k == FORM_ACROSTIC ? "acrostic" : k == FORM_JUEJU ? "jueju" : "free";
}

/* The characters chars[from..to) as UTF-8 in a JSON string. */
static void json_chars(FILE *f, const AppState *s, size_t from, size_t to)
{
    char *buf = malloc((to - from) * 4 + 1);
    size_t n = 0;
    if (!buf) {
        fputs("\"\"", f);
        return;
    }
    for (size_t i = from; i < to; i++)
        n += (size_t)utf8_encode(s->text.chars[i].cp, buf + n);
    json_write_utf8(f, buf, n);
    free(buf);
}

/* "stage_programs": each student's stage program the session ran, and how it
 * did beside the built-in stage (docs/session-json.md). */
static void json_stage_programs(FILE *f, const AppState *s)
{
    fputs("\"stage_programs\": [", f);
    int n = 0;
    for (int k = 0; k < EXERCISE_COUNT; k++) {
        const AppStageRecord *r = &s->progs.rec[k];
        if (!r->cmd[0])
            continue;
        fprintf(f, "%s{\"stage\": \"%s\", \"program\": ", n++ ? ", " : "", exercise_name((ExerciseKind)k));
        json_write_string(f, r->cmd);
        fprintf(f, ", \"runs\": %d, \"differed\": %d, \"failed\": %s, \"failure\": ", r->runs,
                r->differed, r->failed ? "true" : "false");
        if (r->failed)
            json_write_string(f, r->why);
        else
            fputs("null", f);
        fputc('}', f);
    }
    fputs("], ", f);
}

static void write_session(FILE *f, const AppState *s)
{
    char code[SESSION_CODE_MAX + 1];
    fputs("{\"tangscope\": \"session\", \"version\": 1, \"model\": ", f);
    const char *model = s->text.model_name ? s->text.model_name : "";
    json_write_string(f, model);
    fputs(", \"code\": ", f);
    if (app_session_code_text(s, code, sizeof code) > 0)
        json_write_string(f, code);
    else
        fputs("null", f);
    fprintf(f, ", \"code_enter\": %s", app_session_code_enter(s) ? "true" : "false");
    fprintf(f, ", \"show_pinyin\": %s", s->prefs.show_pinyin ? "true" : "false");
    size_t prompt = app_session_code_enter(s) ? s->record.write_from
                                              : s->text.n_chars; /* what the code holds */
    SessionCode c;
    int steps = app_session_code(s, &c, NULL) == 0 ? c.n_steps : 0;
    fprintf(f, ", \"code_steps\": %d", steps);
    fputs(", \"text\": ", f);
    json_chars(f, s, 0, s->text.n_chars);
    fputs(", \"prompt\": ", f);
    if (steps > 0) /* the prompt the keys start from */
        json_write_cps(f, c.prompt, (size_t)c.n_prompt);
    else
        json_chars(f, s, 0, prompt);
    fprintf(f, ", \"poem_start\": %s, \"form\": {\"kind\": \"%s\"",
            s->view.mid_text ? "false" : "true", form_name(s->view.mode.kind));
    if (s->view.mode.kind != FORM_FREE)
        fprintf(f, ", \"chars\": %d", s->view.mode.line_len);
    if (s->view.mode.kind == FORM_ACROSTIC) {
        fputs(", \"heads\": ", f);
        json_write_string(f, s->view.mode.heads);
    }
    fputs("}, ", f);
    json_stage_programs(f, s);
    session_json_settings(f, &s->view.set, s->text.g.policy);
    fprintf(f, ", \"seed\": %llu, \"steps\": [", (unsigned long long)s->view.seed);
    int first = 1;
    for (size_t i = 0; i < s->text.n_chars; i++) {
        if (s->text.chars[i].origin == ORIGIN_TYPED)
            continue;
        fputs(first ? "\n  " : ",\n  ", f);
        first = 0;
        session_json_step(f, &s->text.m->vocab, &s->record.steps[i],
                          s->text.chars[i].origin == ORIGIN_MODEL ? "model" : "picked", 0);
    }
    fputs(first ? "]}\n" : "\n]}\n", f);
}

/* ---- the document to hand in ---- */

/* Whether chars[i] ends a line of verse: ， 。 or the newline. */
static int ends_line(uint32_t cp) { return cp == 0xFF0C || cp == 0x3002 || cp == '\n'; }

/* The poem as verse: each line, and under it the readings of its characters
 * as the text reads them (app_pinyin_reading_at: by words). */
static void md_verse(FILE *f, const AppState *s)
{
    fputs("```text\n", f);
    size_t start = 0;
    while (start < s->text.n_chars) {
        size_t end = start;
        while (end < s->text.n_chars && !ends_line(s->text.chars[end].cp))
            end++;
        size_t stop = end < s->text.n_chars && s->text.chars[end].cp != '\n' ? end + 1 : end;
        if (stop > start) {
            for (size_t i = start; i < stop; i++) {
                char ch[8];
                vocab_show(s->text.chars[i].cp, ch); /* (no newline within a line) */
                fputs(ch, f);
            }
            fputc('\n', f);
            int any = 0;
            for (size_t i = start; i < stop && s->text.pinyin; i++) {
                char r[32];
                app_pinyin_reading_at(s, i, r, sizeof r);
                if (r[0])
                    fprintf(f, "%s%s", any++ ? " " : "", r);
            }
            if (any)
                fputc('\n', f);
        }
        start = end < s->text.n_chars ? end + 1 : end;
    }
    fputs("```\n", f);
}

/* Each character once, in order: its reading and meaning where it first stands. */
static void md_glosses(FILE *f, const AppState *s)
{
    for (size_t i = 0; i < s->text.n_chars && s->text.pinyin; i++) {
        uint32_t cp = s->text.chars[i].cp;
        const PinyinEntry *e = pinyin_find(s->text.pinyin, cp);
        size_t k = 0;
        while (k < i && s->text.chars[k].cp != cp)
            k++;
        if (!e || k < i)
            continue;
        char ch[8], r[32];
        vocab_show(cp, ch);
        app_pinyin_reading_at(s, i, r, sizeof r);
        fprintf(f, "- %s %s", ch, r);
        const char *gloss = app_pinyin_gloss_at(s, i, NULL); /* as the text reads it here */
        if (gloss[0])
            fprintf(f, ": %s", gloss);
        fputc('\n', f);
    }
}

/* The verse form as the screen names it, in the interface language. */
static void md_form(const AppState *s, char *out, size_t size)
{
    if (s->view.mode.kind == FORM_JUEJU)
        snprintf(out, size, app_label_n(s, LBL_MODE_JUEJU, s->view.mode.line_len),
                 app_line_len(s->view.lang, s->view.mode.line_len));
    else if (s->view.mode.kind == FORM_ACROSTIC)
        snprintf(out, size, app_label(s, LBL_MODE_ACROSTIC),
                 app_line_len(s->view.lang, s->view.mode.line_len), s->view.mode.heads);
    else
        snprintf(out, size, "%s", app_label(s, LBL_MODE_FREE));
}

/* Each student's stage program the session ran, and its verdict beside the
 * built-in: agreed each time, differed so often, or failed and why. */
static void md_stage_programs(FILE *f, const AppState *s)
{
    for (int k = 0; k < EXERCISE_COUNT; k++) {
        const AppStageRecord *r = &s->progs.rec[k];
        if (!r->cmd[0])
            continue;
        char cmd[sizeof r->cmd];
        snprintf(cmd, sizeof cmd, "%s", r->cmd);
        for (char *c = cmd; *c; c++) /* it stands between backquotes */
            *c = *c == '`' ? '\'' : *c;
        const char *name = exercise_name((ExerciseKind)k);
        fputs("- ", f);
        if (r->failed)
            fprintf(f, app_label(s, LBL_MD_STAGE_FAILED), name, cmd, r->why);
        else if (r->runs == 0)
            fprintf(f, app_label(s, LBL_MD_STAGE_UNUSED), name, cmd);
        else if (r->differed == 0)
            fprintf(f, app_label(s, LBL_MD_STAGE_AGREED), name, cmd, r->runs);
        else
            fprintf(f, app_label(s, LBL_MD_STAGE_DIFFERED), name, cmd, r->differed, r->runs);
        fputc('\n', f);
    }
}

/* The settings, each named in the interface language as the screen names it
 * (the command line stays as it is typed). */
static void md_settings(FILE *f, const AppState *s, const char *json_name)
{
    char code[SESSION_CODE_MAX + 1], form[160];
    const char *sep = lang_row(s->view.lang)->colon, *semi = lang_row(s->view.lang)->semicolon;
    const char *model = s->text.model_name ? s->text.model_name : "";
    const char *base = strrchr(model, '/');
    fprintf(f, "- %s%s`%s`\n", app_label(s, LBL_MODEL), sep, base ? base + 1 : model);
    if (app_session_code_text(s, code, sizeof code) > 0)
        fprintf(f, "- %s%s`%s`%s%s (`tangscope --code %s`)\n", app_label(s, LBL_CODE), sep, code,
                app_session_code_enter(s) ? " " : "",
                app_session_code_enter(s) ? app_label(s, LBL_CODE_ENTER) : "", code);
    else {
        char none[128];
        snprintf(none, sizeof none, app_label(s, LBL_CODE_NONE), SESSION_MAX_CHARS);
        fprintf(f, "- %s%s%s\n", app_label(s, LBL_CODE), sep, none);
    }
    md_form(s, form, sizeof form);
    fprintf(f, "- %s%s%s%s%s%s\n", app_label(s, LBL_MODE), sep, form, semi,
            app_label(s, s->view.mid_text ? LBL_READ_MID_TEXT : LBL_READ_POEM_START),
            s->view.mid_text ? " (`--mid-text`)" : "");
    const SamplerSettings *set = &s->view.set;
    fputs("- `", f);
    for (int i = 0; i < SET_COUNT; i++) {
        put_setting(f, SAMPLER_SETTINGS[i].flag, " ", set, i);
        fputc(' ', f);
    }
    fprintf(f, "%s--seed %llu --context-policy %s`\n",
            set->penalize_punctuation ? "--penalize-punctuation " : "",
            (unsigned long long)s->view.seed, gen_policy_name(s->text.g.policy));
    md_stage_programs(f, s);
    fputs("- ", f);
    fprintf(f, app_label(s, LBL_MD_OPEN), json_name);
    fputc('\n', f);
}

/* A table row per written character: its probability and the top candidates. */
static void md_steps(FILE *f, const AppState *s)
{
    fprintf(f, "%s\n|---|---|---|---|---|---|\n", app_label(s, LBL_MD_STEPS_HEAD));
    for (size_t i = 0; i < s->text.n_chars; i++) {
        if (s->text.chars[i].origin == ORIGIN_TYPED)
            continue;
        const TraceStep *st = &s->record.steps[i];
        char ch[8] = {0}, r[32], p[48];
        utf8_encode(vocab_shown_cp(s->text.chars[i].cp), ch);
        app_pinyin_reading_at(s, i, r, sizeof r);
        app_prob_text(s, (double)st->chosen.p_model, 1, p, sizeof p);
        fprintf(
            f, "| %zu | %s | %s | %s | %s | ", i + 1, ch, r,
            app_label(s, s->text.chars[i].origin == ORIGIN_MODEL ? LBL_MD_DRAWN : LBL_MD_PICKED),
            p);
        for (int k = 0; k < st->n_top; k++) {
            char c[8] = {0};
            uint32_t cp = vocab_cp(&s->text.m->vocab, st->top[k].id);
            utf8_encode(vocab_shown_cp(cp), c);
            app_prob_text(s, (double)st->top[k].p_model, 1, p, sizeof p);
            fprintf(f, "%s%s %s", k ? ", " : "", c, p);
        }
        fputs(" |\n", f);
    }
}

static void write_markdown(FILE *f, const AppState *s, const char *json_name)
{
    fprintf(f, "# %s\n\n## %s\n\n", app_label(s, LBL_MD_TITLE), app_label(s, LBL_MD_POEM));
    md_verse(f, s);
    if (s->text.pinyin) {
        fprintf(f, "\n## %s\n\n", app_label(s, LBL_MD_GLOSSES));
        md_glosses(f, s);
    }
    fprintf(f, "\n## %s\n\n", app_label(s, LBL_MD_SETTINGS));
    md_settings(f, s, json_name);
    fprintf(f, "\n## %s\n\n", app_label(s, LBL_MD_STEPS));
    md_steps(f, s);
}

/* Take path as a new, empty file of ours: created, never opened if anything
 * is there already, a dangling symbolic link included (O_EXCL), so a name
 * the program chose itself never leads elsewhere. 0, or -1 with errno
 * (EEXIST: taken). */
static int claim_name(const char *path)
{
    int fd = open(path, O_WRONLY | O_CREAT | O_EXCL | O_NOFOLLOW | O_CLOEXEC, 0666);
    if (fd < 0)
        return -1;
    close(fd);
    return 0;
}

/* Claim NAME.json and NAME.md in dir, NAME tangscope-STAMP (-2, -3, ...
 * for a second export within the second): both new, or the next name. */
static int claim_export_names(const char *dir, char *name, size_t size, char *json, char *md,
                              size_t path_size, TsErr *err)
{
    char stamp[32];
    time_t now = time(NULL);
    struct tm tm;
    if (!gmtime_r(&now, &tm) || strftime(stamp, sizeof stamp, "%Y%m%d-%H%M%S", &tm) == 0)
        snprintf(stamp, sizeof stamp, "session");
    for (int k = 1; k <= 1000; k++) {
        if (k == 1)
            snprintf(name, size, "tangscope-%s", stamp);
        else
            snprintf(name, size, "tangscope-%s-%d", stamp, k);
        snprintf(json, path_size, "%s/%s.json", dir, name);
        snprintf(md, path_size, "%s/%s.md", dir, name);
        if (claim_name(json) == 0) {
            if (claim_name(md) == 0) {
                snprintf(name + strlen(name), size - strlen(name), ".json");
                return 0;
            }
            int e = errno;
            unlink(json);
            errno = e;
        }
        if (errno != EEXIST)
            break;
    }
    TsQuoted q;
    ts_fail(err, "%s: cannot create a file there: %s", ts_quote(&q, json), ts_strerror(errno));
    if (err)
        err->code = TS_ERR_OUTPUT_PATH;
    return -1;
}

/* Write the claimed (empty) path whole, atomically; on failure the claim
 * goes too. */
static int write_claimed(AppState *s, const char *path, const char *json_name, TsErr *err)
{
    AtomicFile af;
    if (atomic_open(&af, path, err) == 0) {
        if (json_name)
            write_markdown(af.f, s, json_name);
        else
            write_session(af.f, s);
        if (atomic_commit(&af, err) == 0)
            return 0;
    }
    unlink(path);
    return -1;
}

int app_export(AppState *s, const char *dir, char *name, size_t size, TsErr *err)
{
    char json[4096], md[4096];
    if (claim_export_names(dir, name, size, json, md, sizeof json, err) != 0)
        return -1;
    if (write_claimed(s, json, NULL, err) != 0) {
        unlink(md);
        return -1;
    }
    /* the same name with .md: the document to hand in */
    return write_claimed(s, md, name, err);
}
