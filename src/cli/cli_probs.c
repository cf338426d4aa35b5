/* cli_probs.c - `tangscope probs`: the model's top next characters after a
 * prompt, with their pinyin and gloss if asked, or the characters of one
 * typed pinyin syllable ranked by the model: an input method's candidates.
 * The numbers are the next-character view of the explorer's bars
 * (nextview_compute, engine/nextview.h). */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "app/json.h"
#include "app/stageprog.h"
#include "app/textw.h"
#include "cli/cli.h"
#include "engine/probfmt.h"
#include "engine/generate.h"
#include "engine/model.h"
#include "engine/modelcmp.h"
#include "engine/nextview.h"
#include "engine/pinyin.h"
#include "engine/sampler.h"

/* The prompt as the model read it, for the first line: only the characters
 * inside the window it reads (a longer prompt loses its start, shown as
 * "…"; the window is the context policy's), and a newline as ⏎ so the line
 * stays one line. Free the result. */
static char *prompt_read(const Generator *g, size_t n_prompt)
{
    size_t start = gen_window_start(g);
    size_t first = start > g->prefix ? start : g->prefix; /* the first prompt character read */
    char *out = malloc(4 * (g->n - first) + sizeof "…");
    if (!out)
        return NULL;
    size_t len = 0;
    if (g->n - first < n_prompt)
        len += (size_t)sprintf(out, "…");
    for (size_t i = first; i < g->n; i++) {
        uint32_t cp = vocab_cp(&g->m->vocab, g->text[i]);
        len += (size_t)utf8_encode(vocab_shown_cp(cp), out + len);
    }
    out[len] = 0;
    return out;
}

/* What the command line asks for (probs_parse). */
typedef struct {
    const char *model_path;
    const char *weights;      /* --weights, or NULL */
    const char *prompt;       /* as typed */
    const char *pinyin_input; /* the syllable, or NULL */
    const char *pinyin_text;  /* --pinyin SYLLABLES: the prompt typed in pinyin, or NULL */
    PinyinSyllable q;         /* ... as it reads */
    int top, json, mid_text, show_pinyin;
    const char *policy_name;  /* --context-policy as typed, or NULL */
    ContextPolicy policy;     /* ... as it reads: CONTEXT_SLIDE unless asked, nanoGPT's crop */
    SamplerSettings set;
    int sampled;              /* a sampler flag was given: show the sampler too */
    const char *stage;        /* --stage: a program's top-p beside the built-in, or NULL */
    const char *compare;      /* --compare-model: a second model beside this one, or NULL */
} ProbsArgs;

/* One run: what probs_open sets up and probs_close frees (each part is safe
 * to free when zero, so a run that stopped half-way frees the same way). */
typedef struct {
    ProbsArgs args;
    Model m;
    Pinyin py;
    const Pinyin *pinyin;     /* &py with --pinyin or --pinyin-input, else NULL */
    Converted conv;           /* the prompt as the model reads it, converted */
    int *ids;
    size_t n_prompt;          /* its characters */
    Generator g;
    NextView view;            /* the next character (nextview.h), in g.ss */
    int top;                  /* candidates to print: --top, at most the vocabulary */
    int pct_w, py_w;          /* columns of the probabilities and the readings (measure_columns) */
    char *typed;              /* --pinyin's syllables read as characters */
    /* --stage: the program's top-p on the same logits */
    SamplerState stage_ss;    /* the chain with the program in top-p's place */
    StageTopP stage;
    int have_stage;
    float *stage_p;           /* [V] its top-p stage renormalised over what it keeps */
    int stage_kept, builtin_kept, n_differ;
    int *differ;              /* [V] ids kept by one and not the other, by id */
    /* --compare-model: model B reads the same text with its own vocabulary */
    Model mb;
    int *ids_b;               /* [g.n] the text the model read, as B's ids */
    Generator gb;
    NextView vb;              /* B's next character, in gb.ss */
    ModelCmp cmp;
} ProbsRun;

/* Pad to a number of columns: pinyin and glosses are Latin letters, one
 * column each whatever their bytes. */
static void print_padded(const char *s, int columns)
{
    int used = 0;
    for (const unsigned char *p = (const unsigned char *)s; *p; p++)
        used += (*p & 0xC0) != 0x80;
    fputs(s, stdout);
    for (; used < columns; used++)
        putchar(' ');
}

static void print_header(const ProbsRun *r, const char *what)
{
    char *shown = prompt_read(&r->g, r->n_prompt);
    char quoted[512], where[256];
    app_quoted(cli_lang(), shown ? shown : "", quoted, sizeof quoted);
    if (r->g.prefix)
        snprintf(where, sizeof where, cli_label(LBL_CLI_AT_POEM_START), "⏎");
    else
        snprintf(where, sizeof where, "%s", cli_label(LBL_CLI_AS_MID_TEXT));
    printf(cli_label(LBL_CLI_PROBS_HEAD), quoted, "→", what, where,
           r->args.sampled ? cli_label(LBL_CLI_SAMPLED_COLUMNS) : "");
    putchar('\n');
    if (r->pinyin) /* the glosses are Unihan's English in every language: said once */
        printf("  (%s)\n", cli_label(LBL_CLI_PINYIN_GLOSSES));
    free(shown);
}

/* A probability as probfmt.h writes it, right-aligned in `width` columns:
 * two decimals, two significant digits for small ones, "1 in 34,000" below
 * 0.01%, so a character the model gives little is never shown as 0.00%. The
 * stage table's narrow columns (odds 0) take the percentage alone. */
static void print_percent(double p, int width, int odds)
{
    char text[64];
    const NumStyle *st = app_num_style(cli_lang());
    if (odds)
        probfmt_odds(p, 2, cli_label(LBL_ONE_IN), st, text, sizeof text);
    else
        probfmt_percent_in(p, 2, st, text, sizeof text);
    cli_put_right(stdout, text, width);
}

/* The widths of the list's columns, from what it will print: the widest
 * probability ("1 in 6,500,000,000") and the widest readings ("dòng tóng
 * tǒng"), so that no column runs into the next. */
static void measure_columns(ProbsRun *r, const int *ids, int n)
{
    r->pct_w = 7;
    r->py_w = 14;
    for (int k = 0; k < n; k++) {
        const NextCandidate c = nextview_candidate(&r->view, ids[k]);
        /* columns, as the interface language writes the numbers */
        const NumStyle *st = app_num_style(cli_lang());
        const char *one_in = cli_label(LBL_ONE_IN);
        char text[64];
        int w = textw_width(probfmt_odds((double)c.p, 2, one_in, st, text, sizeof text));
        if (r->args.sampled) {
            int ws = textw_width(probfmt_odds((double)c.p_sampler, 2, one_in, st, text, sizeof text));
            w = ws > w ? ws : w;
        }
        r->pct_w = w > r->pct_w ? w : r->pct_w;
        const PinyinEntry *e = r->pinyin ? pinyin_find(r->pinyin, vocab_cp(&r->m.vocab, ids[k])) : NULL;
        int cols = 0;
        for (const char *p = e ? e->readings : ""; *p; p++)
            cols += ((unsigned char)*p & 0xC0) != 0x80;
        r->py_w = cols + 2 > r->py_w ? cols + 2 : r->py_w;
    }
}

/* The readings of candidate id, the one it takes after the text first (as
 * the explorer shows it: 行 after 银 háng, then xíng; pinyin_read_text over
 * the text's last characters and it), the others in the table's order,
 * separated by sep; "" without one. Returns the meaning of the first: the
 * table's gloss for the customary reading, else the word list's. */
static const char *context_readings(const ProbsRun *r, const PinyinEntry *e, int id, const char *sep,
                                    int json, char *out, size_t size)
{
    out[0] = 0;
    if (!e || !e->readings[0])
        return "";
    uint32_t cps[PINYIN_WORD_MAX];
    int n = 0;
    size_t from = r->g.n >= PINYIN_WORD_MAX - 1 ? r->g.n - (PINYIN_WORD_MAX - 1) : 0;
    for (size_t i = from; i < r->g.n; i++)
        cps[n++] = vocab_cp(&r->m.vocab, r->g.text[i]);
    cps[n++] = vocab_cp(&r->m.vocab, id);
    int reading[PINYIN_WORD_MAX];
    const char *gloss[PINYIN_WORD_MAX];
    pinyin_read_glosses(r->pinyin, cps, n, reading, gloss, NULL);
    int first = reading[n - 1] < 0 ? 0 : reading[n - 1];
    char one[32];
    size_t len = 0;
    for (int k = -1; k < e->count; k++) {
        int i = k < 0 ? first : k;
        if ((k >= 0 && k == first) || pinyin_reading(e, i, one, sizeof one) < 0)
            continue;
        int w = json ? snprintf(out + len, size - len, "%s\"%s\"", len ? sep : "", one)
                     : snprintf(out + len, size - len, "%s%s", len ? sep : "", one);
        if (w < 0 || (size_t)w >= size - len)
            break;
        len += (size_t)w;
    }
    /* the meaning of the reading first shown: Unihan's belongs to the customary one */
    return first == 0 ? e->gloss : gloss[n - 1];
}

/* One candidate: its character, probabilities and, with a table, readings. */
static void print_candidate(const ProbsRun *r, int k, int id, int rank)
{
    const NextCandidate c = nextview_candidate(&r->view, id);
    int json = r->args.json, sampled = r->args.sampled;
    char ch[8] = {0}, shown[8];
    utf8_encode(vocab_cp(&r->m.vocab, id), ch); /* JSON escapes what it must */
    vocab_show(vocab_cp(&r->m.vocab, id), shown);
    const PinyinEntry *e = r->pinyin ? pinyin_find(r->pinyin, vocab_cp(&r->m.vocab, id)) : NULL;
    if (json) {
        printf("%s{\"char\": ", k ? ", " : "");
        json_write_string(stdout, ch);
        printf(", \"prob\": %.6g, \"id\": %d", (double)c.p, id);
        if (rank)
            printf(", \"rank\": %d", rank);
        if (sampled)
            printf(", \"sampled_prob\": %.6g", (double)c.p_sampler);
        if (r->pinyin) {
            char readings[256]; /* readings hold letters with tone marks: no escapes */
            context_readings(r, e, id, ", ", 1, readings, sizeof readings);
            printf(", \"pinyin\": [%s], \"gloss\": ", readings);
            json_write_string(stdout, e ? e->gloss : "");
        }
        if (r->have_stage)
            printf(", \"stage_top_p\": %.6f", (double)r->stage_p[id]);
        fputs(", \"stages\": {", stdout);
        for (int st = 0; st < STAGE_COUNT; st++)
            printf("%s\"%s\": %.6g", st ? ", " : "", sampler_stage_name(st), (double)c.stage[st]);
        putchar('}');
        putchar('}');
        return;
    }
    int width = r->pct_w; /* measure_columns: room for the widest, 1 in 6,500,000,000 */
    printf("  %2d  %s  ", k + 1, shown);
    print_percent((double)c.p, width, 1);
    if (sampled) {
        fputs("  | ", stdout);
        print_percent((double)c.p_sampler, width, 1);
    }
    if (rank) {
        char num[32], text[64];
        snprintf(num, sizeof num, "%4d", rank);
        snprintf(text, sizeof text, cli_label(LBL_CLI_RANK), num);
        printf("  %s", text);
    }
    if (r->pinyin) {
        fputs("  ", stdout);
        char readings[256];
        const char *meaning = context_readings(r, e, id, " ", 0, readings, sizeof readings);
        print_padded(readings, r->py_w);
        fputs(meaning, stdout);
    }
    putchar('\n');
}


/* The top candidates stage by stage, then each stage's kept count and the
 * model probability it removed. */
static void print_stages(const ProbsRun *r)
{
    const NextView *v = &r->view;
    printf("\n  %s\n          ", cli_label(LBL_CLI_STAGE_BY_STAGE));
    for (int k = 0; k < STAGE_COUNT; k++) /* the screen's stage columns' headings */
        cli_put_right(stdout, app_stage_word(cli_lang(), (SamplerStage)k), 9);
    putchar('\n');
    for (int i = 0; i < r->top; i++) {
        const NextCandidate c = nextview_candidate(v, v->order[i]);
        char ch[8];
        vocab_show(vocab_cp(&r->m.vocab, c.id), ch);
        printf("  %2d  %s  ", i + 1, ch);
        for (int k = 0; k < STAGE_COUNT; k++) {
            putchar(' ');
            print_percent((double)c.stage[k], 8, 0);
        }
        putchar('\n');
    }
    fputs("  ", stdout);
    cli_put_left(stdout, cli_label(LBL_CLI_KEPT), 8);
    for (int k = 0; k < STAGE_COUNT; k++) {
        char n[32];
        app_format_count(cli_lang(), v->stages.kept[k], n, sizeof n);
        cli_put_right(stdout, n, 9);
    }
    fputs("\n  ", stdout);
    cli_put_left(stdout, cli_label(LBL_CLI_REMOVES), 8);
    for (int k = 0; k < STAGE_COUNT; k++) {
        putchar(' ');
        print_percent(v->stages.removed[k], 8, 0);
    }
    putchar('\n');
}

/* --stage: the program's top-p beside the built-in, the top candidates and
 * then every character the two disagree on. */
static void print_stage_compare(const ProbsRun *r)
{
    const NextView *v = &r->view;
    printf("\n  top-p by %s beside the built-in (each renormalised over what it keeps)\n"
           "                built-in   program\n",
           r->stage.prog.cmd);
    for (int i = 0; i < r->top; i++) {
        int id = v->order[i];
        const NextCandidate c = nextview_candidate(v, id);
        float yours = r->stage_p[id];
        char ch[8];
        vocab_show(vocab_cp(&r->m.vocab, id), ch);
        printf("  %2d  %s      ", i + 1, ch);
        print_percent((double)c.stage[STAGE_TOP_P], 8, 0);
        fputs("  ", stdout);
        print_percent((double)yours, 8, 0);
        if ((c.stage[STAGE_TOP_P] > 0.0f) != (yours > 0.0f))
            printf("   <- %s", yours > 0.0f ? "only the program keeps it" : "only the built-in keeps it");
        putchar('\n');
    }
    printf("  the built-in keeps %d character%s, the program %d", r->builtin_kept,
           r->builtin_kept == 1 ? "" : "s", r->stage_kept);
    if (r->n_differ == 0) {
        puts(": the same ones");
        return;
    }
    printf("; they disagree on %d:", r->n_differ);
    for (int i = 0; i < r->n_differ && i < 20; i++) {
        char ch[8] = {0};
        utf8_encode(vocab_shown_cp(vocab_cp(&r->m.vocab, r->differ[i])), ch);
        printf(" %s", ch);
    }
    puts(r->n_differ > 20 ? " ..." : "");
}

/* The opening of the JSON object both lists share. */
static void print_json_head(const ProbsRun *r)
{
    fputs("{\"prompt\": ", stdout);
    json_write_string(stdout, r->conv.text);
    printf(", \"poem_start\": %s", r->g.prefix ? "true" : "false");
    cli_json_converted(stdout, &r->conv);
}

/* The most probable next characters, then the entropy and the sampler. */
static int print_top(ProbsRun *r)
{
    measure_columns(r, r->view.order, r->top);
    const NextView *v = &r->view;
    int sampled = r->args.sampled;
    if (r->args.json) {
        print_json_head(r);
        fputs(", \"candidates\": [", stdout);
    } else {
        print_header(r, cli_label(LBL_CLI_NEXT_CHAR));
    }
    for (int k = 0; k < r->top; k++)
        print_candidate(r, k, v->order[k], 0);
    if (r->args.json) {
        printf("], \"entropy\": %.4f, \"entropy_final\": %.4f, \"context_used\": %d, "
               "\"context_policy\": \"%s\"", v->entropy, v->stages.entropy_final, r->g.inf.len,
               gen_policy_name(r->args.policy));
        if (sampled)
            printf(", \"kept\": %d, \"filtered\": %.6g", v->ss->kept, (double)v->ss->filtered);
        printf(", \"removed\": %.6g, \"stages\": [", v->stages.removed_total);
        for (int k = 0; k < STAGE_COUNT; k++)
            printf("%s{\"stage\": \"%s\", \"kept\": %d, \"removed\": %.6g}", k ? ", " : "",
                   sampler_stage_name(k), v->stages.kept[k], v->stages.removed[k]);
        putchar(']');
        if (r->have_stage) {
            fputs(", \"stage\": {\"program\": ", stdout);
            json_write_string(stdout, r->args.stage);
            printf(", \"kept\": %d, \"builtin_kept\": %d, \"differ\": [", r->stage_kept,
                   r->builtin_kept);
            for (int i = 0; i < r->n_differ; i++)
                printf("%s%d", i ? ", " : "", r->differ[i]);
            fputs("]}", stdout);
        }
        puts("}");
    } else {
        /* in bits, as the screen and the lessons write it (the JSON keeps nats) */
        AppLang lang = cli_lang();
        char h[32], hf[32], kept[32], removed[32];
        app_num(lang, v->entropy / log(2.0), 2, h, sizeof h);
        printf("  ");
        printf(cli_label(LBL_CLI_ENTROPY), h);
        if (sampled) {
            app_num(lang, v->stages.entropy_final / log(2.0), 2, hf, sizeof hf);
            app_format_count(lang, v->ss->kept, kept, sizeof kept);
            app_share(lang, 100.0 * v->stages.removed_total, 1, removed, sizeof removed);
            printf(cli_label_n(LBL_CLI_AFTER_SAMPLER, v->ss->kept), hf, kept, removed);
        }
        putchar('\n');
        if (sampled)
            print_stages(r);
        if (r->have_stage)
            print_stage_compare(r);
    }
    return 0;
}

/* The input method: the characters that read the syllable, ranked by the
 * model (the view's order is sorted whole for their ranks). */
static int print_pinyin_input(ProbsRun *r)
{
    const NextView *v = &r->view;
    const char *typed = r->args.pinyin_input;
    int V = v->V;
    PinyinCandidate *c = calloc((size_t)r->top, sizeof *c); /* pinyin_rank fills [0, shown) */
    int *rank = malloc((size_t)V * sizeof *rank);
    if (!c || !rank) {
        free(c);
        free(rank);
        return cli_error("probs", 1, "out of memory");
    }
    for (int i = 0; i < V; i++)
        rank[v->order[i]] = i + 1;
    int total = pinyin_rank(r->pinyin, &r->m.vocab, &r->args.q, v->probs, c, r->top);
    int shown = total < r->top ? total : r->top;
    double together = 0.0;
    for (int i = 0; i < V; i++) { /* the probability of all of them, listed or not */
        const PinyinEntry *e = pinyin_find(r->pinyin, vocab_cp(&r->m.vocab, i));
        if (e && pinyin_matches(r->pinyin, e, &r->args.q))
            together += (double)v->probs[i];
    }
    if (r->args.json) {
        print_json_head(r);
        fputs(", \"pinyin_input\": ", stdout);
        json_write_string(stdout, typed);
        printf(", \"matches\": %d, \"matches_prob\": %.6g, \"candidates\": [", total, together);
    } else {
        char what[256];
        snprintf(what, sizeof what, cli_label(LBL_CLI_PINYIN_WHAT), typed);
        print_header(r, what);
    }
    int *ids = calloc((size_t)(shown > 0 ? shown : 1), sizeof *ids);
    for (int k = 0; ids && k < shown; k++)
        ids[k] = c[k].id;
    if (ids)
        measure_columns(r, ids, shown);
    free(ids);
    for (int k = 0; k < shown; k++)
        print_candidate(r, k, c[k].id, rank[c[k].id]);
    if (r->args.json)
        puts("]}");
    else {
        AppLang lang = cli_lang();
        char n[32], share[32];
        fputs("  ", stdout);
        if (total == 0) {
            app_format_count(lang, V, n, sizeof n);
            printf(cli_label(LBL_CLI_PINYIN_NONE), n, typed);
        } else {
            app_format_count(lang, total, n, sizeof n);
            app_share(lang, 100.0 * together, 2, share, sizeof share);
            printf(cli_label_n(LBL_CLI_PINYIN_TOTAL, total), n, typed,
                   shown < total ? cli_label(LBL_CLI_PINYIN_MORE) : "", share);
        }
        putchar('\n');
    }
    free(c);
    free(rank);
    return 0;
}

/* The command line into a->; a bad value or syllable is said before
 * anything is loaded. Returns 0, 1 after --help, or the exit status. */
static int probs_parse(ProbsArgs *a, int argc, char **argv)
{
    const char *pos[1];
    int npos = 0;
    *a = (ProbsArgs){.top = 8, .set = sampler_defaults()};
    int rc = cli_take_pinyin("probs", &argc, argv, 0, &a->pinyin_text);
    if (rc)
        return rc;
    Opt opts[] = {
        {"--model", OPT_STR, &a->model_path, 0, 0},
        {"--weights", OPT_STR, &a->weights, 0, 0},
        {"--top", OPT_INT, &a->top, 1, 1000000},
        {"--json", OPT_FLAG, &a->json, 0, 0},
        {"--mid-text", OPT_FLAG, &a->mid_text, 0, 0},
        {"--context-policy", OPT_STR, &a->policy_name, 0, 0},
        {"--pinyin", OPT_FLAG, &a->show_pinyin, 0, 0},
        {"--pinyin-input", OPT_STR, &a->pinyin_input, 0, 0},
        {"--stage", OPT_STR, &a->stage, 0, 0},
        {"--compare-model", OPT_STR, &a->compare, 0, 0},
    };
    enum { N_OWN = sizeof opts / sizeof opts[0] };
    Opt all[N_OWN + SET_COUNT];
    memcpy(all, opts, sizeof opts);
    /* every sampler option generate takes: the penalty reads PROMPT */
    int n_all = N_OWN + cli_sampler_opts(all + N_OWN, &a->set, 1);
    rc = cli_parse("probs", argc, argv, all, n_all, pos, 1, &npos);
    if (rc)
        return rc;
    SamplerSettings plain = sampler_defaults();
    a->sampled = memcmp(&a->set, &plain, sizeof a->set) != 0 || a->stage;
    a->prompt = npos ? pos[0] : "";
    if (a->pinyin_text && npos)
        return cli_error("probs", EXIT_USAGE, "give a PROMPT or --pinyin, not both");
    if (a->compare && (a->pinyin_input || a->stage))
        return cli_error("probs", EXIT_USAGE, "--compare-model: not with %s",
                         a->stage ? "--stage" : "--pinyin-input");
    if (a->pinyin_text)
        a->show_pinyin = 1; /* typed in pinyin: the candidates' readings too */
    if (!a->model_path)
        a->model_path = cli_asset("tang.bin");
    TsErr err;
    if (sampler_settings_check(&a->set, &err) != 0)
        return cli_error("probs", EXIT_USAGE, "%s", err.msg);
    a->policy = CONTEXT_SLIDE;
    if (a->policy_name && gen_policy_parse(a->policy_name, &a->policy) != 0) {
        TsQuoted qp;
        return cli_error("probs", EXIT_USAGE, cli_label(LBL_CLI_EITHER), "--context-policy", "slide",
                         "shift", ts_quote(&qp, a->policy_name));
    }
    if (a->pinyin_input && pinyin_syllable_parse(a->pinyin_input, &a->q, &err) != 0)
        return cli_error("probs", EXIT_USAGE, "--pinyin-input%s%s", app_colon(cli_lang()), err.msg);
    return 0;
}

/* Load the model (and the pinyin table), read the prompt, and have the
 * model read it. Returns 0 or the exit status; probs_close frees either way. */
static int probs_open(ProbsRun *r)
{
    ProbsArgs *a = &r->args;
    TsErr err;
    cli_set_threads(1);
    if (model_load(&r->m, a->model_path, &err) != 0)
        return cli_error("probs", EXIT_USAGE, "%s", err.msg);
    int wrc = cli_weights("probs", &r->m, a->weights);
    if (wrc)
        return wrc;
    if (a->show_pinyin || a->pinyin_input) {
        if (cli_pinyin_load(&r->py, &err) != 0)
            return cli_error("probs", EXIT_USAGE, "%s", err.msg);
        r->pinyin = &r->py;
        /* a syllable no character reads is a mistake, as a malformed one is */
        if (a->pinyin_input && pinyin_count(&r->py, &r->m.vocab, &a->q) == 0) {
            TsQuoted tq;
            return cli_error("probs", EXIT_USAGE, cli_label(LBL_CLI_PINYIN_NO_READER),
                             "--pinyin-input", ts_quote(&tq, a->pinyin_input));
        }
    }
    if (a->pinyin_text) {
        int prc = cli_pinyin_text("probs", &r->m, a->pinyin_text,
                                  a->mid_text ? PROMPT_MID_TEXT : PROMPT_POEM_START, &r->typed);
        if (prc)
            return prc;
    }
    int rc = cli_read_prompt("probs", &r->m.vocab, r->typed ? r->typed : a->prompt, &r->conv, &r->ids, &r->n_prompt);
    if (rc == 0)
        rc = cli_poem_start_check("probs", &r->m.vocab, &a->mid_text, r->n_prompt);
    if (rc)
        return rc;
    PromptStart where = a->mid_text ? PROMPT_MID_TEXT : PROMPT_POEM_START;
    if (gen_init(&r->g, &r->m, 1, &err) != 0)
        return cli_error("probs", 1, "%s", err.msg);
    gen_set_policy(&r->g, a->policy);
    if (gen_start(&r->g, r->ids, r->n_prompt, where, &err) != 0 ||
        nextview_init(&r->view, &r->m, &r->g.ss, &err) != 0)
        return cli_error("probs", 1, "%s", err.msg);
    r->top = a->top > r->m.cfg.vocab_size ? r->m.cfg.vocab_size : a->top;
    return 0;
}

/* --stage: start the program and run the chain again on the same logits
 * with it in top-p's place; compare what the two top-p stages keep. */
static int probs_stage(ProbsRun *r)
{
    TsErr err;
    int V = r->m.cfg.vocab_size;
    if (sampler_init(&r->stage_ss, V, &err) != 0 ||
        !(r->stage_p = malloc((size_t)V * sizeof *r->stage_p)) ||
        !(r->differ = malloc((size_t)V * sizeof *r->differ)))
        return cli_error("probs", 1, "out of memory");
    if (stagetopp_init(&r->stage, r->args.stage, 0, 0, cli_lang(), &r->m.vocab, &err) != 0)
        return cli_error("probs", EXIT_USAGE, "--stage: %s", err.msg);
    r->have_stage = 1;
    r->stage_ss.top_p_hook = stagetopp_hook;
    r->stage_ss.top_p_ctx = &r->stage;
    const float *logits = gen_logits(&r->g, &err);
    if (!logits)
        return cli_error("probs", EXIT_USAGE, "%s", err.msg);
    if (sampler_run(&r->stage_ss, &r->args.set, logits, NULL, 0, NULL, 0.0f, &err) < 0)
        return cli_error("probs", EXIT_USAGE, "--stage: %s", err.msg);
    const float *mine = sampler_stage_buffer(&r->stage_ss, STAGE_TOP_P);
    const float *builtin = sampler_stage_buffer(&r->g.ss, STAGE_TOP_P);
    double sum = 0.0;
    for (int i = 0; i < V; i++)
        sum += (double)mine[i];
    for (int i = 0; i < V; i++) {
        r->stage_p[i] = sum > 0.0 ? (float)((double)mine[i] / sum) : 0.0f;
        r->stage_kept += mine[i] > 0.0f;
        r->builtin_kept += builtin[i] > 0.0f;
        if ((mine[i] > 0.0f) != (builtin[i] > 0.0f))
            r->differ[r->n_differ++] = i;
    }
    return 0;
}

/* The next character: the model at temperature 1 and the sampler's stages,
 * without drawing; no earlier text and no form (probs --help says so). */
static int probs_predict(ProbsRun *r)
{
    TsErr err;
    if (nextview_compute(&r->view, &r->g, &r->args.set, NULL, NULL, &err) != 0)
        return cli_error("probs", EXIT_USAGE, "%s", err.msg);
    /* the input method ranks among every character */
    nextview_sort(&r->view, r->args.pinyin_input ? r->view.V : r->top);
    return r->args.stage ? probs_stage(r) : 0;
}

/* --compare-model: model B reads the text model A read (its own context,
 * the same policy), each character through B's vocabulary; both top lists
 * side by side (modelcmp.h). Returns 0 or the exit status. */
static int probs_compare(ProbsRun *r)
{
    TsErr err;
    const char *path = r->args.compare;
    if (model_load(&r->mb, path, &err) != 0)
        return cli_error("probs", EXIT_USAGE, "--compare-model: %s", err.msg);
    size_t n = r->g.n - r->g.prefix; /* the prompt as A read it, without the newline */
    if (!(r->ids_b = malloc((n ? n : 1) * sizeof *r->ids_b)))
        return cli_error("probs", 1, "out of memory");
    if (modelcmp_map_text(&r->m.vocab, r->g.text + r->g.prefix, n, &r->mb.vocab, r->ids_b, path,
                          &err) != 0)
        return cli_error("probs", EXIT_USAGE, "--compare-model: %s", err.msg);
    if (gen_init(&r->gb, &r->mb, 1, &err) != 0)
        return cli_error("probs", 1, "%s", err.msg);
    gen_set_policy(&r->gb, r->args.policy);
    if (gen_start(&r->gb, r->ids_b, n, r->g.where, &err) != 0)
        return cli_error("probs", EXIT_USAGE, "--compare-model: %s: %s", path, err.msg);
    SamplerSettings plain = sampler_defaults();
    if (nextview_init(&r->vb, &r->mb, &r->gb.ss, &err) != 0 ||
        nextview_compute(&r->vb, &r->gb, &plain, NULL, NULL, &err) != 0)
        return cli_error("probs", EXIT_USAGE, "--compare-model: %s", err.msg);
    int top = r->top > r->mb.cfg.vocab_size ? r->mb.cfg.vocab_size : r->top;
    nextview_sort(&r->vb, top);
    if (modelcmp_compute(&r->cmp, &r->m.vocab, r->view.probs, r->view.order, &r->mb.vocab,
                         r->vb.probs, r->vb.order, top, &err) != 0)
        return cli_error("probs", 1, "%s", err.msg);
    return 0;
}

/* One list of the JSON's "compare": each candidate's rank in the other. */
static void print_cmp_json_list(const ModelCmpCand *c, int n)
{
    for (int i = 0; i < n; i++) {
        char ch[8] = {0};
        utf8_encode(c[i].cp, ch);
        printf("%s{\"char\": ", i ? ", " : "");
        json_write_string(stdout, ch);
        printf(", \"prob\": %.6g, \"id\": %d, ", (double)c[i].p, c[i].id);
        if (c[i].other_id < 0)
            fputs("\"rank_other\": null, \"prob_other\": null}", stdout);
        else
            printf("\"rank_other\": %d, \"prob_other\": %.6g}", c[i].rank_other,
                   (double)c[i].p_other);
    }
}

static void print_compare_json(const ProbsRun *r)
{
    const ModelCmp *c = &r->cmp;
    print_json_head(r);
    fputs(", \"model\": ", stdout);
    json_write_string(stdout, r->args.model_path);
    fputs(", \"compare_model\": ", stdout);
    json_write_string(stdout, r->args.compare);
    printf(", \"context_used\": %d, \"compare_context_used\": %d, \"context_policy\": \"%s\"",
           r->g.inf.len, r->gb.inf.len, gen_policy_name(r->args.policy));
    if (isfinite(c->kl))
        printf(", \"kl\": %.6g", c->kl);
    else
        fputs(", \"kl\": null", stdout);
    printf(", \"kl_direction\": \"model||compare_model\", \"kl_unit\": \"nats\", \"shared\": %d, "
           "\"model_only_prob\": %.6g, \"compare_only_prob\": %.6g, \"candidates\": [",
           c->shared, c->a_only, c->b_only);
    print_cmp_json_list(c->a, c->n_a);
    fputs("], \"compare_candidates\": [", stdout);
    print_cmp_json_list(c->b, c->n_b);
    puts("]}");
}

/* One candidate of one side: place, character, probability, rank in the other. */
static void print_cmp_cell(const ModelCmpCand *c, int k, int n)
{
    if (k >= n) {
        printf("%*s", 30, "");
        return;
    }
    char ch[8], rank[32];
    vocab_show(c[k].cp, ch);
    printf("%2d  %s  ", k + 1, ch);
    print_percent((double)c[k].p, 13, 1);
    if (c[k].other_id < 0)
        snprintf(rank, sizeof rank, "%s", cli_label(LBL_CMP_LACKS));
    else
        app_format_count(cli_lang(), c[k].rank_other, rank, sizeof rank);
    cli_put_right(stdout, rank, 9);
}

/* Both lists side by side, then the divergence in bits (as the entropy). */
static void print_compare_text(const ProbsRun *r)
{
    const ModelCmp *c = &r->cmp;
    AppLang lang = cli_lang();
    char head[256], num[64];
    print_header(r, cli_label(LBL_CLI_NEXT_CHAR));
    printf("  ");
    printf(cli_label(LBL_CMP_NAMES), r->args.model_path, r->args.compare);
    fputs("\n\n      ", stdout);
    snprintf(head, sizeof head, cli_label(LBL_CMP_TOP), "A");
    cli_put_left(stdout, head, 19);
    snprintf(head, sizeof head, cli_label(LBL_CMP_IN), "B");
    cli_put_right(stdout, head, 9);
    fputs("  |       ", stdout);
    snprintf(head, sizeof head, cli_label(LBL_CMP_TOP), "B");
    cli_put_left(stdout, head, 19);
    snprintf(head, sizeof head, cli_label(LBL_CMP_IN), "A");
    cli_put_right(stdout, head, 9);
    putchar('\n');
    int rows = c->n_a > c->n_b ? c->n_a : c->n_b;
    for (int k = 0; k < rows; k++) {
        fputs("  ", stdout);
        print_cmp_cell(c->a, k, c->n_a);
        fputs("  |  ", stdout);
        print_cmp_cell(c->b, k, c->n_b);
        putchar('\n');
    }
    fputs("\n  ", stdout);
    if (isfinite(c->kl))
        app_num(lang, c->kl / log(2.0), 5, num, sizeof num);
    else
        snprintf(num, sizeof num, "∞");
    printf(cli_label(LBL_CMP_HEADER), num);
    putchar('\n');
    if (c->a_only > 0.0 || c->b_only > 0.0 || c->shared != r->m.cfg.vocab_size ||
        c->shared != r->mb.cfg.vocab_size) {
        app_format_count(lang, c->shared, num, sizeof num);
        printf("  ");
        printf(cli_label(LBL_CMP_SHARED), num);
        app_share(lang, 100.0 * c->a_only, 2, num, sizeof num);
        printf("\n  ");
        printf(cli_label(LBL_CMP_A_ONLY), num);
        app_share(lang, 100.0 * c->b_only, 2, num, sizeof num);
        printf("\n  ");
        printf(cli_label(LBL_CMP_B_ONLY), num);
        putchar('\n');
    }
}

static int print_compare(ProbsRun *r)
{
    int rc = probs_compare(r);
    if (rc)
        return rc;
    if (r->args.json)
        print_compare_json(r);
    else
        print_compare_text(r);
    return 0;
}

static void probs_close(ProbsRun *r)
{
    nextview_free(&r->vb);
    gen_free(&r->gb);
    free(r->ids_b);
    model_free(&r->mb);
    if (r->have_stage)
        stagetopp_free(&r->stage);
    sampler_free(&r->stage_ss);
    free(r->stage_p);
    free(r->differ);
    nextview_free(&r->view);
    gen_free(&r->g);
    free(r->ids);
    converted_free(&r->conv);
    pinyin_free(&r->py);
    model_free(&r->m);
    free(r->typed);
}

int cmd_probs(int argc, char **argv)
{
    ProbsRun r = {0};
    int rc = probs_parse(&r.args, argc, argv);
    if (rc)
        return rc == 1 ? 0 : rc;
    if ((rc = probs_open(&r)) == 0 && (rc = probs_predict(&r)) == 0)
        rc = r.args.pinyin_input ? print_pinyin_input(&r)
             : r.args.compare    ? print_compare(&r)
                                 : print_top(&r);
    probs_close(&r);
    return rc;
}
