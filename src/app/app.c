/* app.c - the AppState: the text, keeping the model in step with it, and the
 * prediction every panel shows (see app.h). */
#include "app/app.h"

#include <math.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "app/labels.h"
#include "app/session.h"

const AppSymbols APP_SYMBOLS_UNICODE = {.arrow = "→", .ellipsis = "…", .newline = "⏎"};

int app_init(AppState *s, const Model *m, TsErr *err)
{
    memset(s, 0, sizeof *s);
    s->text.m = m;
    s->prefs.sym = APP_SYMBOLS_UNICODE;
    s->compare_repeats = APP_COMPARE_REPEATS;
    int V = m->cfg.vocab_size;
    Prediction *p = &s->pred;
    if (gen_init(&s->text.g, m, 1, err) != 0)
        return -1;
    s->text.cap_chars = APP_MAX_CHARS;
    s->text.chars = ts_calloc(s->text.cap_chars, sizeof *s->text.chars, err);
    s->record.steps = ts_calloc(s->text.cap_chars, sizeof *s->record.steps, err);
    s->record.fingerprint = session_code_fingerprint(m);
    s->input.ime.cand = ts_calloc((size_t)V, sizeof *s->input.ime.cand, err);
    if (!s->text.chars || !s->record.steps || !s->input.ime.cand ||
        sampler_init(&p->ss, V, err) != 0 || nextview_init(&p->next, m, &p->ss, err) != 0 ||
        gen_start(&s->text.g, NULL, 0, app_can_start_poem(s) ? PROMPT_POEM_START : PROMPT_MID_TEXT,
                  err) != 0) {
        app_free(s);
        return -1;
    }
    sampler_exempt_punctuation(&p->ss, &m->vocab); /* as the generator's own sampler */
    /* the screen reads the view's buffers under these names */
    p->probs = p->next.probs;
    p->order = p->next.order;
    p->allowed = p->next.allowed;
    convert_init(&s->text.conv, NULL); /* once: app_reset keeps it, and OpenCC once opened */
    app_reset(s);
    return 0;
}

void app_reset(AppState *s)
{
    app_job_stop(s);
    s->text.n_chars = 0;
    s->view.mid_text = !app_can_start_poem(s); /* a vocabulary without a newline: mid-text */
    if (s->text.weights != WPREC_FP32) /* every lesson starts from the weights as trained */
        app_set_weights(s, WPREC_FP32);
    gen_set_cache(&s->text.g, 1);
    /* an empty text cannot fail: a poem's start is asked only with a newline */
    gen_start(&s->text.g, NULL, 0, s->view.mid_text ? PROMPT_MID_TEXT : PROMPT_POEM_START, NULL);
    s->view.set = gen_default_settings(); /* the commands' defaults too */
    s->view.seed = GEN_DEFAULT_SEED;
    rng_seed(&s->view.rng, s->view.seed);
    s->record.rng_draws = 0;
    s->view.slider = SL_TEMPERATURE;
    memset(&s->view.mode, 0, sizeof s->view.mode);
    s->view.mode.line_len = 7;
    form_init_free(&s->view.mode.start);
    form_init_free(&s->view.mode.now);
    s->view.mode.kind = FORM_FREE;
    s->pred.query.cp = 0;
    s->pred.query.id = s->pred.query.rank = 0;
    s->pred.query.p = s->pred.query.p_sampler = 0.0f;
    memset(&s->view.cmp, 0, sizeof s->view.cmp);
    s->view.coin.valid = 0;
    s->view.cmp_text = s->view.query_text = (TextMark){0};
    s->job.written = 0; /* the compare run's generators stay allocated for the next one */
    app_view_open(&s->view.views, VIEW_NONE); /* every view closed */
    s->input.query_input = 0;
    s->view.quiz[0] = 0;
    s->view.quiz_answer[0] = 0;
    s->view.quiz_hidden = 0;
    s->view.point = PANEL_NONE;
    s->input.cmdline_open = 0; /* the lesson and the picker stay: a lesson's replay starts here */
    s->input.ime.typed[0] = 0; /* the pinyin display and input mode stay, as the language does */
    s->input.ime.page = 0;
    s->input.quit = 0;
    s->input.quit_ask = 0;
    s->input.export_ask = 0;
    s->view.compare_model[0] = 0; /* the compare model closes with the next prediction */
    s->view.lesson_stage = (AppStageWish){0}; /* a student's program started by hand goes on */
    s->progs.ask = 0;
    app_status(s, 0, "%s", app_label(s, LBL_ST_WELCOME));
    app_predict(s); /* after the welcome: a model that fails says so at once */
}

void app_free(AppState *s)
{
    app_job_stop(s);
    app_stage_stop(s, -1); /* no program outlives the state */
    app_lesson_forget(s);
    if (s->job.have_gens) {
        cachecmp_free(&s->job.compare);
    }
    gen_free(&s->text.g);
    app_compare_model_free(s);
    app_weights_free(&s->text.wt);
    nextview_free(&s->pred.next);
    sampler_free(&s->pred.ss);
    free(s->text.chars);
    free(s->record.steps);
    free(s->input.ime.cand);
    convert_close(&s->text.conv);
    memset(s, 0, sizeof *s);
}

AppStatusLine app_status_line(AppState *s)
{
    return (AppStatusLine){.line = s->view.status, .error = &s->view.status_error,
                           .kept = &s->record.kept, .lang = s->view.lang, .sym = &s->prefs.sym};
}

const char *app_message(const AppState *s, int k) { return app_messages_get(&s->record.kept, k); }

void app_status(AppState *s, int is_error, const char *fmt, ...)
{
    AppStatusLine st = app_status_line(s);
    va_list ap;
    va_start(ap, fmt);
    status_line_vsay(&st, is_error, fmt, ap);
    va_end(ap);
}

/* ---- the text ---- */

/* A character for the status line: itself if the model knows it, else with
 * its code, so an invisible or look-alike character can be identified. */
static void describe(const AppState *s, uint32_t cp, char *out, size_t size)
{
    if (cp == '\n')
        snprintf(out, size, "%s", app_label(s, LBL_NEWLINE));
    else if (vocab_id(&s->text.m->vocab, cp) >= 0)
        vocab_show(cp, out); /* out holds at least 8 bytes */
    else
        vocab_describe(cp, out, size);
}

/* "the text is full (1,024 characters)": the status when nothing more fits. */
static void status_full(AppState *s)
{
    char max[32];
    app_status(s, 1, app_label_n(s, LBL_ST_FULL, APP_MAX_CHARS),
               app_format_count(s->view.lang, APP_MAX_CHARS, max, sizeof max));
}

int app_push_char(AppState *s, uint32_t cp, Origin origin)
{
    char name[48];
    describe(s, cp, name, sizeof name);
    if (s->text.n_chars >= s->text.cap_chars) {
        status_full(s);
        return -1;
    }
    int id = vocab_id(&s->text.m->vocab, cp);
    if (id >= 0 && s->view.mode.kind != FORM_FREE) {
        /* pred.allowed as scratch: the next app_predict fills it again anyway */
        form_allowed(&s->view.mode.now, &s->text.m->vocab, s->pred.allowed);
        if (!s->pred.allowed[id]) {
            app_status(s, 1, app_label(s, LBL_ST_FORM_REFUSES), name);
            return -1;
        }
    }
    TsErr err;
    /* gen_append follows the rule: under mid-text the first character takes
     * the empty text's newline's place */
    if (id >= 0 && gen_append(&s->text.g, id, &err) != 0) {
        app_status(s, 1, "%s", err.msg);
        return -1;
    }
    char size[32];
    if (id >= 0)
        app_mode_follow(s);
    else
        app_status(s, 1, app_label_n(s, LBL_ST_UNKNOWN, s->text.m->vocab.size), name,
                   app_format_count(s->view.lang, s->text.m->vocab.size, size, sizeof size));
    s->text.chars[s->text.n_chars++] = (AppChar){cp, id, origin, 0.0f};
    s->view.coin.valid = 0; /* a step that drew no coin */
    return 0;
}

int app_pop_char(AppState *s)
{
    if (s->text.n_chars == 0) {
        app_status(s, 0, "%s", app_label(s, LBL_ST_NOTHING_BACK));
        return -1;
    }
    AppChar c = s->text.chars[--s->text.n_chars];
    s->view.coin.valid = 0;
    char name[48];
    describe(s, c.cp, name, sizeof name);
    if (c.id < 0) {
        app_status(s, 0, app_label(s, LBL_ST_TOOK_BACK_UNKNOWN), name);
        return 0;
    }
    gen_pop(&s->text.g); /* infer_truncate: the cache forgets the position, keeps the rest */
    app_mode_replay(s);
    if (s->text.g.use_cache)
        app_status(s, 0, app_label_n(s, LBL_ST_TOOK_BACK, s->text.g.inf.len), name,
                   s->text.g.inf.len);
    else
        app_status(s, 0, app_label(s, LBL_ST_TOOK_BACK_NOCACHE), name);
    return 0;
}

void app_clear_text(AppState *s)
{
    s->text.n_chars = 0;
    app_reread_text(s);
}

int app_reread_text(AppState *s)
{
    int ids[APP_MAX_CHARS];
    size_t n = 0;
    for (size_t i = 0; i < s->text.n_chars; i++)
        if (s->text.chars[i].id >= 0)
            ids[n++] = s->text.chars[i].id;
    TsErr err;
    s->view.coin.valid = 0;
    if (gen_start(&s->text.g, ids, n, s->view.mid_text ? PROMPT_MID_TEXT : PROMPT_POEM_START,
                  &err) != 0) {
        app_status(s, 1, "%s", err.msg);
        return -1;
    }
    app_mode_replay(s);
    return 0;
}

int app_can_start_poem(const AppState *s)
{
    return vocab_id(&s->text.m->vocab, '\n') >= 0;
}

uint32_t app_start_cp(const AppState *s)
{
    return vocab_cp(&s->text.m->vocab, gen_start_token(s->text.m));
}

void app_say_no_newline(AppState *s)
{
    char start[48];
    describe(s, app_start_cp(s), start, sizeof start);
    app_status(s, 0, app_label(s, LBL_ST_NO_NEWLINE), start);
}

void app_set_mid_text(AppState *s, int on, int by_key)
{
    if (!on && !app_can_start_poem(s)) { /* stays mid-text, and says why */
        app_say_no_newline(s);
        return;
    }
    s->view.mid_text = on != 0;
    LabelId said = by_key ? (s->view.mid_text ? LBL_ST_MID_TEXT : LBL_ST_POEM_START)
                          : (s->view.mid_text ? LBL_ST_MID_TEXT_CMD : LBL_ST_POEM_START_CMD);
    if (app_reread_text(s) == 0)
        app_status(s, 0, "%s", app_label(s, said));
    app_predict(s);
}

/* "風 → 风, 國 → 国, …": the first changes of a conversion, for the status,
 * with the screen's arrow and ellipsis. */
static void describe_changes(const AppSymbols *sym, const Converted *c, char *out, size_t size)
{
    enum { SHOWN = 3 }; /* what fits the status line beside its label */
    size_t n = 0;
    out[0] = 0;
    for (int i = 0; i < c->n_pairs && i < SHOWN; i++) {
        char from[8] = {0}, to[8] = {0};
        utf8_encode(c->pairs[i].from, from);
        utf8_encode(c->pairs[i].to, to);
        int w = snprintf(out + n, size - n, "%s%s %s %s", i ? ", " : "", from, sym->arrow, to);
        if (w < 0 || (size_t)w >= size - n)
            return;
        n += (size_t)w;
    }
    if (c->n_pairs > SHOWN || c->more_pairs)
        snprintf(out + n, size - n, ", %s", sym->ellipsis);
}

/* Typed text, read forgivingly (convert.h), appended character by character.
 * The status then names a character that is still unknown (or says that
 * OpenCC's data is missing to convert it), or else says what was converted;
 * with nothing to say, clear_status clears it (the bars say it all). */
static void type_text(AppState *s, const char *utf8, size_t len, int clear_status)
{
    Converted c;
    TsErr err;
    if (convert_text(&s->text.conv, &s->text.m->vocab, utf8, len, &c, &err) != 0) {
        app_status(s, 1, "%s", err.msg);
        return;
    }
    size_t pos = 0;
    uint32_t cp, unknown = 0, first_unknown = 0;
    int refused = 0, n_unknown = 0;
    while (pos < c.len && utf8_decode(c.text, c.len, &pos, &cp) == 0) {
        if (app_push_char(s, cp, ORIGIN_TYPED) != 0) {
            refused = 1; /* the status says why */
            if (s->text.n_chars >= s->text.cap_chars)
                break;
        } else if (s->text.chars[s->text.n_chars - 1].id < 0) {
            unknown = cp; /* its status names it */
            first_unknown = n_unknown++ ? first_unknown : cp;
        }
    }
    if (n_unknown > 1 && !refused && !(unknown >= 0x80 && c.no_opencc)) {
        /* several: the first is named, the rest counted (all are marked) */
        char name[48];
        vocab_describe(first_unknown, name, sizeof name);
        app_status(s, 1, app_label_n(s, LBL_ST_UNKNOWN_MORE, n_unknown - 1), name, n_unknown - 1);
    } else if (unknown >= 0x80 && c.no_opencc && !refused) {
        char name[48];
        vocab_describe(unknown, name, sizeof name);
        LabelId why = convert_has_opencc() ? LBL_ST_NO_OPENCC : LBL_ST_NO_OPENCC_BUILD;
        app_status(s, 1, app_label(s, why), name);
    } else if (!unknown && !refused && c.changed) {
        char changes[128];
        describe_changes(&s->prefs.sym, &c, changes, sizeof changes);
        app_status(s, 0, app_label(s, LBL_ST_CONVERTED), changes);
    } else if (!unknown && !refused && clear_status) {
        s->view.status[0] = 0;
    }
    converted_free(&c);
}

void app_status_converted(AppState *s, const ConvertPair *pairs, int n)
{
    Converted c = {.n_pairs = n < CONVERT_MAX_PAIRS ? n : CONVERT_MAX_PAIRS, .changed = n};
    memcpy(c.pairs, pairs, (size_t)c.n_pairs * sizeof *pairs);
    char changes[128];
    describe_changes(&s->prefs.sym, &c, changes, sizeof changes);
    app_status(s, 0, app_label(s, LBL_ST_CONVERTED), changes);
}

void app_type_text(AppState *s, const char *utf8)
{
    type_text(s, utf8, strlen(utf8), 0);
    app_predict(s);
}

void app_type_char(AppState *s, uint32_t cp)
{
    char one[8];
    int n = utf8_encode(cp, one);
    if (n == 0) {
        app_push_char(s, cp, ORIGIN_TYPED); /* not a character at all: kept, and named */
        return;
    }
    type_text(s, one, (size_t)n, 1);
}

int app_pinyin_rank(const AppState *s, const char *typed, PinyinCandidate *out, int max,
                    TsErr *err)
{
    if (!s->text.pinyin)
        return ts_fail(err, "no pinyin table (assets/pinyin.tsv) was loaded");
    PinyinSyllable q;
    if (pinyin_syllable_parse(typed, &q, err) != 0)
        return -1;
    return pinyin_rank(s->text.pinyin, &s->text.m->vocab, &q, s->pred.probs, out, max);
}

uint32_t app_convert_char(AppState *s, uint32_t cp)
{
    char one[8];
    int n = utf8_encode(cp, one);
    Converted c;
    TsErr err;
    if (n == 0 || convert_text(&s->text.conv, &s->text.m->vocab, one, (size_t)n, &c, &err) != 0)
        return cp;
    size_t pos = 0;
    uint32_t out = cp;
    utf8_decode(c.text, c.len, &pos, &out);
    converted_free(&c);
    return out;
}

/* The coin of the step gen_sample just took: where its draw landed on the
 * final distribution, and that distribution's top as the bar's segments. */
static void keep_coin(AppState *s)
{
    AppCoin *c = &s->view.coin;
    const float *final = s->text.g.ss.final;
    int V = s->text.m->cfg.vocab_size;
    c->valid = 0;
    c->draw = s->text.g.coin;
    if (sampler_coin(final, V, c->draw, &c->land) != 0)
        return;
    /* pred.order (the view's) is free until the next app_predict: nextview_compute sorts afresh */
    int *order = s->pred.order;
    sampler_sort_prefix(order, final, V, V < APP_TOP ? V : APP_TOP);
    double shown = 0.0;
    c->n_seg = 0;
    for (int k = 0; k < APP_TOP && k < V && final[order[k]] > 0.0f; k++) {
        c->seg_id[k] = order[k];
        c->seg_p[k] = final[order[k]];
        shown += final[order[k]];
        c->n_seg++;
    }
    double total = 0.0;
    for (int i = 0; i < V; i++)
        total += final[i];
    c->rest = total > shown ? total - shown : 0.0;
    c->valid = 1;
}

int app_sample_one(AppState *s)
{
    if (s->view.mode.kind != FORM_FREE && s->view.mode.now.done) {
        app_status(s, 0, "%s", app_label(s, LBL_ST_POEM_DONE));
        return -1;
    }
    if (s->text.n_chars >= s->text.cap_chars) {
        status_full(s);
        return -1;
    }
    TsErr err;
    if (!gen_logits(&s->text.g, &err)) {
        app_status(s, 1, app_label(s, LBL_ST_NONFINITE), s->text.g.inf.len - 1);
        return -1;
    }
    Form *form =
        s->view.mode.kind == FORM_FREE ? NULL : &s->view.mode.now; /* gen_sample advances it */
    Rng before = s->view.rng;
    int tok = gen_sample(&s->text.g, &s->view.set, form, &s->view.rng, &err);
    if (memcmp(&before, &s->view.rng, sizeof before) != 0)
        s->record.rng_draws++; /* one coin a draw (gen_sample) */
    if (tok < 0) {
        app_status(s, 1, "%s", err.msg);
        return -1;
    }
    /* the bars' model probabilities are this step's; the sampler's are what it drew from */
    app_session_record(s, tok, s->pred.probs, s->text.g.ss.final);
    /* g.ss.final is the distribution gen_sample drew from, g.coin its draw */
    int V = s->text.m->cfg.vocab_size;
    float bits = (float)(sampler_entropy(s->text.g.ss.final, V, 1.0) / log(2.0));
    s->text.chars[s->text.n_chars++] =
        (AppChar){vocab_cp(&s->text.m->vocab, tok), tok, ORIGIN_MODEL, bits};
    keep_coin(s);
    return tok;
}

EntropyLevel app_entropy_level(float bits)
{
    return bits < APP_ENTROPY_LOW_BITS ? ENTROPY_LOW : bits < APP_ENTROPY_HIGH_BITS ? ENTROPY_MID
                                                                                      : ENTROPY_HIGH;
}

/* ---- the prediction ---- */

/* Draw APP_HIST_DRAWS samples from the sampler's final distribution as
 * gen_sample draws one (sampler_pick), with a generator of its own seeded
 * from the seed, so the same seed draws the same sample. */
static void predict_histogram(AppState *s)
{
    Prediction *p = &s->pred;
    p->hist_other = 0;
    for (int k = 0; k < p->n_top; k++)
        p->top[k].hist = 0;
    if (!app_view_is_open(&s->view.views, VIEW_HISTOGRAM) || !p->sampler_ok)
        return;
    Rng r;
    rng_seed(&r, s->view.seed);
    for (int d = 0; d < APP_HIST_DRAWS; d++) {
        int id = sampler_pick(p->ss.final, s->text.m->cfg.vocab_size, rng_float(&r));
        int k = 0;
        while (k < p->n_top && p->top[k].id != id)
            k++;
        if (k < p->n_top)
            p->top[k].hist++;
        else
            p->hist_other++;
    }
}

static void predict_query(AppState *s)
{
    Prediction *p = &s->pred;
    if (!p->query.cp)
        return;
    p->query.id = vocab_id(&s->text.m->vocab, p->query.cp);
    p->query.rank = 0;
    if (p->query.id < 0)
        return;
    p->query.rank = app_rank(s, p->query.id);
    p->query.p = p->probs[p->query.id];
    p->query.p_sampler = p->sampler_ok ? p->ss.final[p->query.id] : 0.0f;
}

int app_rank(const AppState *s, int id)
{
    /* one more than the characters ordered before it */
    int before = 0;
    for (int i = 0; i < s->text.m->cfg.vocab_size; i++)
        before += sampler_before(s->pred.probs, i, id);
    return before + 1;
}

/* The view's training-text counts under the screen's names. */
static void show_counts(Prediction *p)
{
    for (int k = 0; k < p->n_top; k++)
        p->top[k].corpus_count = p->next.top[k].corpus_count;
    p->suffix_start = p->next.suffix_start;
    p->suffix_len = p->next.suffix_len;
    p->suffix_total = p->next.suffix_total;
}

/* The view (p->next) under the names the screen reads. */
static void show_view(Prediction *p)
{
    const NextView *v = &p->next;
    p->model_ok = v->model_ok;
    p->n_top = v->n_top;
    for (int k = 0; k < v->n_top; k++) {
        const NextCandidate *c = &v->top[k];
        Candidate *to = &p->top[k];
        to->id = c->id;
        to->p = c->p;
        to->p_sampler = c->p_sampler;
        memcpy(to->stage, c->stage, sizeof to->stage);
        to->blocked = c->blocked;
    }
    p->sampler_ok = v->sampler_ok;
    p->stages = v->stages;
    p->n_allowed = v->n_allowed;
    p->entropy = v->entropy;
    p->blocked = v->blocked;
    show_counts(p);
}

/* FNV-1a over the first n tokens of the text. */
static uint64_t text_hash(const Generator *g, size_t n)
{
    uint64_t h = 14695981039346656037ull;
    for (size_t i = 0; i < n; i++) {
        h ^= (uint64_t)(uint32_t)g->text[i];
        h *= 1099511628211ull;
    }
    return h;
}

void app_summary(const AppState *s, AppSummary *out)
{
    const Prediction *p = &s->pred;
    char kept[32], removed[32], share[32], h[32], hf[32];
    app_format_count(s->view.lang, (long)p->ss.kept, kept, sizeof kept);
    if (p->sampler_ok)
        snprintf(out->kept, sizeof out->kept, app_label(s, LBL_SUMMARY), kept,
                 /* as the blocked share beside it: 99.98%, never 100.0% while some passes */
                 app_blocked_share(s->view.lang, p->stages.removed_total, removed, sizeof removed));
    else
        snprintf(out->kept, sizeof out->kept, "%s", app_label(s, LBL_NOTHING_LEFT));
    out->blocked[0] = 0;
    if (s->view.mode.kind != FORM_FREE)
        snprintf(out->blocked, sizeof out->blocked, app_label(s, LBL_SUMMARY_BLOCKED),
                 app_blocked_share(s->view.lang, p->blocked, share, sizeof share));
    /* in bits, as the e view and the lessons (the engine computes nats) */
    snprintf(out->entropy, sizeof out->entropy, app_label(s, LBL_ENTROPY),
             app_num(s->view.lang, p->entropy / log(2.0), 2, h, sizeof h),
             app_num(s->view.lang, p->sampler_ok ? p->stages.entropy_final / log(2.0) : 0.0, 2, hf,
                     sizeof hf));
}

TextMark app_text_mark(const AppState *s)
{
    TextMark m = {s->text.g.n, text_hash(&s->text.g, s->text.g.n)};
    return m;
}

int app_text_has(const AppState *s, TextMark m)
{
    return m.n > 0 && s->text.g.n >= m.n && text_hash(&s->text.g, m.n) == m.hash;
}

void app_forget_stale(AppState *s, int all)
{
    if ((s->view.cmp.length > 0 || s->job.kind == JOB_COMPARE) &&
        (all || !app_text_has(s, s->view.cmp_text))) {
        if (s->job.kind == JOB_COMPARE)
            app_job_stop(s);
        memset(&s->view.cmp, 0, sizeof s->view.cmp);
        s->view.cmp_text = (TextMark){0};
    }
    if (s->pred.query.cp && (all || !app_text_has(s, s->view.query_text))) {
        s->pred.query.cp = 0;
        s->pred.query.id = s->pred.query.rank = 0; /* no rank of a look-up that is gone */
        s->pred.query.p = s->pred.query.p_sampler = 0.0f;
        s->view.query_text = (TextMark){0};
    }
}

void app_predict(AppState *s)
{
    Prediction *p = &s->pred;
    app_forget_stale(s, 0);
    TsErr err;
    int rc = nextview_compute(&p->next, &s->text.g, &s->view.set, &s->view.mode.now, s->text.corpus,
                              &err);
    if (p->next.model_rows > 0) { /* the model ran (the logits were not current) */
        p->predict_ms = p->next.model_ms;
        p->predict_rows = p->next.model_rows;
        p->model_runs++;
    }
    show_view(p);
    if (app_stage_after_predict(s)) { /* a student's program failed: the built-in again */
        app_predict(s);
        return;
    }
    if (rc != 0) {
        p->query.rank = 0;
        p->query.p = p->query.p_sampler = 0.0f;
        p->hist_other = 0;
        /* the position the engine reports: the last one the model read */
        app_status(s, 1, app_label(s, LBL_ST_NONFINITE), s->text.g.inf.len - 1);
    } else {
        predict_query(s);
        predict_histogram(s);
        app_weights_compare(s);
    }
    app_compare_model_update(s);
    app_ime_rank(s); /* the input method's list follows the prediction */
}

void app_set_corpus(AppState *s, const Corpus *c, CorpusStatus status)
{
    s->text.corpus = c;
    s->text.corpus_status = status;
    nextview_count(&s->pred.next, &s->text.g, c);
    show_counts(&s->pred);
}

/* ---- queries for the screen ---- */

size_t app_window_start(const AppState *s) { return gen_window_start(&s->text.g); }

long app_char_text_index(const AppState *s, size_t i)
{
    if (i >= s->text.n_chars || s->text.chars[i].id < 0)
        return -1;
    long known = 0;
    for (size_t j = 0; j < i; j++)
        known += s->text.chars[j].id >= 0;
    return (long)s->text.g.prefix + known;
}

int app_char_in_window(const AppState *s, size_t i)
{
    long t = app_char_text_index(s, i);
    return t >= 0 && (size_t)t >= app_window_start(s);
}

int app_attention(const AppState *s, int layer, int head, long text_index, float *weight)
{
    const Infer *inf = &s->text.g.inf;
    long pos = text_index - (long)s->text.g.cache_start; /* the cache position it was read at */
    *weight = 0.0f;
    if (!s->text.g.have_logits || text_index < 0 || pos < 0 || pos >= inf->len)
        return 0;
    int H = s->text.m->cfg.n_head;
    *weight = inf->att_last[((size_t)layer * H + head) * inf->ctx + (size_t)pos];
    return 1;
}

AppMask app_mask(const AppState *s)
{
    AppMask m = {0, 0, 0};
    if (!s->text.g.have_logits || s->text.g.last_rows <= 0)
        return m;
    m.total = s->text.g.inf.len;
    m.rows = s->text.g.last_rows < m.total ? s->text.g.last_rows : m.total;
    m.start = m.total - m.rows;
    return m;
}

int app_mask_token(const AppState *s, int k)
{
    size_t t = s->text.g.cache_start + (size_t)k;
    return k >= 0 && k < s->text.g.inf.len && t < s->text.g.n ? s->text.g.text[t] : -1;
}

size_t app_cache_bytes_now(const AppState *s)
{
    if (!s->text.g.use_cache)
        return 0;
    return infer_cache_bytes_per_char(&s->text.m->cfg) * (size_t)s->text.g.inf.len;
}

size_t app_cache_bytes_full(const AppState *s)
{
    return infer_cache_bytes_per_char(&s->text.m->cfg) * (size_t)s->text.m->cfg.context;
}
