/* cli_probs.c - `tangscope probs`: the model's top next characters after a
 * prompt, with their pinyin and gloss if asked, or the characters of one
 * typed pinyin syllable ranked by the model: an input method's candidates. */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "cli/cli.h"
#include "engine/probfmt.h"
#include "engine/generate.h"
#include "engine/model.h"
#include "engine/pinyin.h"
#include "engine/sampler.h"

static const char PROBS_HELP[] =
    "usage: tangscope probs PROMPT [options]\n"
    "\n"
    "Read PROMPT and print the most probable next characters: the softmax of the\n"
    "model's scores at temperature 1, and, when any sampler flag is given, the\n"
    "probability after the sampler (temperature, top-k, top-p, min-p) too.\n"
    "\n"
    "PROMPT starts a poem: the model reads a newline before it, as before every\n"
    "poem of the training text; `generate` and the explorer read a prompt the\n"
    "same way. With --mid-text PROMPT is a fragment from inside a text, read with\n"
    "nothing before it. The training text's counts to compare with:\n"
    "`tangscope corpus --poem-start PROMPT` (PROMPT at the start of a poem) and\n"
    "`tangscope corpus PROMPT` (anywhere: the --mid-text reading). An empty\n"
    "prompt starts a poem either way. A text longer than the model's context\n"
    "keeps its last context characters.\n"
    "\n"
    "PROMPT may be typed in traditional characters (風 is read as 风, with\n"
    "OpenCC's t2s, the conversion the training text went through) and with\n"
    "ASCII or full-width punctuation: , as ， and . ? ! as 。 (the model knows\n"
    "no other marks). What was converted is said in one line on stderr,\n"
    "\"tangscope probs: read 風 as 风\". A character the model knows is kept.\n"
    "TANGSCOPE_OPENCC_CONFIG names another OpenCC configuration (tw2s.json).\n"
    "\n"
    "  --mid-text               read PROMPT as a fragment from inside a text\n"
    "  --top N                  how many candidates, 1..1000000 (default 8)\n"
    "  --pinyin                 beside each candidate its Mandarin readings and a\n"
    "                           short English gloss (Unihan, assets/pinyin.tsv)\n"
    "  --pinyin-input SYLLABLE  the model as an input method: every character that\n"
    "                           reads SYLLABLE (chun, chun1 or chūn: tone as a mark,\n"
    "                           a digit 1-5, or left out for any; ü as v or u:),\n"
    "                           most probable next first, with its probability and\n"
    "                           its rank among all the model's candidates; --top N\n"
    "                           of them\n"
    "  --temperature T          0..100; 0 = greedy, and so is anything below 0.001\n"
    "  --top-k K                keep the K most probable, 0..1000000, 0 = off\n"
    "  --top-p P                keep the top set reaching probability P, (0, 1]\n"
    "  --min-p M                keep characters with p >= M x p(top), 0..1\n"
    "  --model FILE             model file (default assets/tang.bin)\n"
    "  --json                   {\"prompt\": ..., \"poem_start\": true|false,\n"
    "                           \"converted\": [{\"from\": \"風\", \"to\": \"风\"}],\n"
    "                           \"candidates\": [{\"char\": ..., \"prob\": ..., \"id\": ...,\n"
    "                           \"stages\": {\"model\": ..., \"repetition_penalty\": ...,\n"
    "                           \"temperature\": ..., \"top_k\": ..., \"top_p\": ...,\n"
    "                           \"min_p\": ..., \"form_mask\": ..., \"final\": ...}}],\n"
    "                           \"stages\": [{\"stage\": \"model\", \"kept\": ...,\n"
    "                           \"removed\": ...}, ...], \"removed\": ..., ...}: a\n"
    "                           candidate's probability after each stage in the\n"
    "                           sampler's order, renormalised over what the stage\n"
    "                           keeps; a stage's kept characters and the model\n"
    "                           probability it removed; \"removed\" the model\n"
    "                           probability of every character the final\n"
    "                           distribution gives 0 (the temperature counts);\n"
    "                           \"entropy\" the model's, \"entropy_final\" the\n"
    "                           sampler's, in nats. probs reads no earlier text\n"
    "                           and applies no form: the repetition penalty and\n"
    "                           the form mask change nothing here. With --pinyin each candidate has \"pinyin\"\n"
    "                           (its readings, a list) and \"gloss\"; with\n"
    "                           --pinyin-input also \"rank\", and the object\n"
    "                           \"pinyin_input\", \"matches\" (how many read it) and\n"
    "                           \"matches_prob\" (their probability together)\n"
    "\n"
    "Example: tangscope probs 春风 --pinyin-input du  (度 or 渡 or 都?)\n";

/* The prompt as the model read it, for the first line: only the characters
 * inside the window it reads (a longer prompt loses its start, shown as
 * "…"), and a newline as ⏎ so the line stays one line. Free the result. */
static char *prompt_read(const Generator *g, size_t n_prompt)
{
    size_t ctx = (size_t)g->inf.ctx, start = g->n > ctx ? g->n - ctx : 0;
    size_t first = start > g->prefix ? start : g->prefix; /* the first prompt character read */
    char *out = malloc(4 * (g->n - first) + sizeof "…");
    if (!out)
        return NULL;
    size_t len = 0;
    if (g->n - first < n_prompt)
        len += (size_t)sprintf(out, "…");
    for (size_t i = first; i < g->n; i++) {
        uint32_t cp = vocab_cp(&g->m->vocab, g->text[i]);
        len += (size_t)utf8_encode(cp == '\n' ? 0x23CE : cp, out + len); /* ⏎ */
    }
    out[len] = 0;
    return out;
}

/* What one run shows, after the model has read the prompt. */
typedef struct {
    const char *prompt;     /* as the model read it (converted), for --json */
    size_t n_prompt;        /* its characters */
    const Converted *conv;
    const Model *m;
    const Generator *g;
    const SamplerState *ss;
    const SamplerStages *st; /* the stages of ss (sampler_stages) */
    const float *base;      /* [V] softmax at temperature 1 */
    const int *order;       /* [V] ids by base, descending */
    const Pinyin *py;       /* NULL without --pinyin or --pinyin-input */
    int sampled, json, top;
} ProbsView;

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

static void print_header(const ProbsView *v, const char *what)
{
    char *shown = prompt_read(v->g, v->n_prompt);
    printf("「%s」→ %s, %s%s\n", shown ? shown : "", what,
           v->g->prefix ? "at the start of a poem (the model reads ⏎ first)"
                        : "as a fragment from inside a text (--mid-text)",
           v->sampled ? "; model at temperature 1 | after the sampler" : "");
    free(shown);
}

/* A probability as probfmt.h writes it, right-aligned in `width` columns:
 * two decimals, two significant digits for small ones, "1 in 34,000" below
 * 0.01%, so a character the model gives little is never shown as 0.00%. The
 * stage table's narrow columns (odds 0) take the percentage alone. */
static void print_percent(double p, int width, int odds)
{
    char text[48];
    if (odds)
        probfmt_odds(p, 2, "1 in %s", ",", text, sizeof text);
    else
        probfmt_percent(p, 2, text, sizeof text);
    printf("%*s", width, text);
}

/* One candidate: its character, probabilities and, with a table, readings. */
static void print_candidate(const ProbsView *v, int k, int id, int rank)
{
    char ch[8] = {0};
    utf8_encode(vocab_cp(&v->m->vocab, id), ch);
    const PinyinEntry *e = v->py ? pinyin_find(v->py, vocab_cp(&v->m->vocab, id)) : NULL;
    if (v->json) {
        printf("%s{\"char\": ", k ? ", " : "");
        cli_json_string(stdout, ch);
        printf(", \"prob\": %.6f, \"id\": %d", (double)v->base[id], id);
        if (rank)
            printf(", \"rank\": %d", rank);
        if (v->sampled)
            printf(", \"sampled_prob\": %.6f", (double)v->ss->final[id]);
        if (v->py) {
            fputs(", \"pinyin\": [", stdout);
            char r[32];
            for (int i = 0; e && pinyin_reading(e, i, r, sizeof r) >= 0; i++) {
                fputs(i ? ", " : "", stdout);
                cli_json_string(stdout, r);
            }
            fputs("], \"gloss\": ", stdout);
            cli_json_string(stdout, e ? e->gloss : "");
        }
        fputs(", \"stages\": {", stdout);
        for (int st = 0; st < STAGE_COUNT; st++)
            printf("%s\"%s\": %.6f", st ? ", " : "", sampler_stage_name(st),
                   (double)sampler_stage_prob(v->ss, v->st, st, id));
        putchar('}');
        putchar('}');
        return;
    }
    /* the input method's list reaches rare characters: room for 1 in 20,000,000 */
    int width = rank ? 15 : 7;
    printf("  %2d  %s  ", k + 1, strcmp(ch, "\n") == 0 ? "⏎" : ch);
    print_percent((double)v->base[id], width, 1);
    if (v->sampled) {
        fputs("  | ", stdout);
        print_percent((double)v->ss->final[id], width, 1);
    }
    if (rank)
        printf("  rank %4d", rank);
    if (v->py) {
        fputs("  ", stdout);
        print_padded(e && e->readings[0] ? e->readings : "", 14);
        fputs(e ? e->gloss : "", stdout);
    }
    putchar('\n');
}

/* The short names of the stages' columns in the text table, in stage order. */
static const char *const STAGE_HEADS[STAGE_COUNT] = {"model", "penalty", "temp", "top-k",
                                                     "top-p", "min-p",   "mask", "final"};

/* The top candidates stage by stage, then each stage's kept count and the
 * model probability it removed. */
static void print_stages(const ProbsView *v)
{
    printf("\n  stage by stage (each renormalised over what it keeps)\n          ");
    for (int k = 0; k < STAGE_COUNT; k++)
        printf("%9s", STAGE_HEADS[k]);
    putchar('\n');
    for (int r = 0; r < v->top; r++) {
        int id = v->order[r];
        char ch[8] = {0};
        utf8_encode(vocab_cp(&v->m->vocab, id), ch);
        printf("  %2d  %s  ", r + 1, strcmp(ch, "\n") == 0 ? "⏎" : ch);
        for (int k = 0; k < STAGE_COUNT; k++) {
            putchar(' ');
            print_percent((double)sampler_stage_prob(v->ss, v->st, k, id), 8, 0);
        }
        putchar('\n');
    }
    fputs("  kept    ", stdout);
    for (int k = 0; k < STAGE_COUNT; k++)
        printf("%9d", v->st->kept[k]);
    fputs("\n  removes ", stdout);
    for (int k = 0; k < STAGE_COUNT; k++) {
        putchar(' ');
        print_percent(v->st->removed[k], 8, 0);
    }
    putchar('\n');
}

static void print_top(const ProbsView *v, double entropy)
{
    if (v->json) {
        fputs("{\"prompt\": ", stdout);
        cli_json_string(stdout, v->prompt);
        printf(", \"poem_start\": %s", v->g->prefix ? "true" : "false");
        cli_json_converted(stdout, v->conv);
        fputs(", \"candidates\": [", stdout);
    } else {
        print_header(v, "next character");
    }
    for (int k = 0; k < v->top; k++)
        print_candidate(v, k, v->order[k], 0);
    if (v->json) {
        printf("], \"entropy\": %.4f, \"entropy_final\": %.4f, \"context_used\": %d", entropy,
               v->st->entropy_final, v->g->inf.len);
        if (v->sampled)
            printf(", \"kept\": %d, \"filtered\": %.6f", v->ss->kept, (double)v->ss->filtered);
        printf(", \"removed\": %.6f, \"stages\": [", v->st->removed_total);
        for (int k = 0; k < STAGE_COUNT; k++)
            printf("%s{\"stage\": \"%s\", \"kept\": %d, \"removed\": %.6f}", k ? ", " : "",
                   sampler_stage_name(k), v->st->kept[k], v->st->removed[k]);
        puts("]}");
    } else {
        printf("  entropy %.2f nats", entropy);
        if (v->sampled)
            printf(", %.2f after the sampler; the sampler keeps %d character%s and removes %.1f%% "
                   "of the model's probability",
                   v->st->entropy_final, v->ss->kept, v->ss->kept == 1 ? "" : "s", 100.0 * v->st->removed_total);
        putchar('\n');
        if (v->sampled)
            print_stages(v);
    }
}

/* The input method: the characters that read `typed`, ranked by the model. */
static int print_pinyin_input(const ProbsView *v, const char *typed, const PinyinSyllable *q)
{
    int V = v->m->cfg.vocab_size;
    PinyinCandidate *c = malloc((size_t)v->top * sizeof *c);
    int *rank = malloc((size_t)V * sizeof *rank);
    if (!c || !rank) {
        free(c);
        free(rank);
        return cli_error("probs", 1, "out of memory");
    }
    for (int i = 0; i < V; i++)
        rank[v->order[i]] = i + 1;
    int total = pinyin_rank(v->py, &v->m->vocab, q, v->base, c, v->top);
    int shown = total < v->top ? total : v->top;
    double together = 0.0;
    for (int i = 0; i < V; i++) { /* the probability of all of them, listed or not */
        const PinyinEntry *e = pinyin_find(v->py, vocab_cp(&v->m->vocab, i));
        if (e && pinyin_matches(v->py, e, q))
            together += (double)v->base[i];
    }
    if (v->json) {
        fputs("{\"prompt\": ", stdout);
        cli_json_string(stdout, v->prompt);
        printf(", \"poem_start\": %s", v->g->prefix ? "true" : "false");
        cli_json_converted(stdout, v->conv);
        fputs(", \"pinyin_input\": ", stdout);
        cli_json_string(stdout, typed);
        printf(", \"matches\": %d, \"matches_prob\": %.6f, \"candidates\": [", total, together);
    } else {
        char what[96];
        snprintf(what, sizeof what, "the characters read %s, most probable next first", typed);
        print_header(v, what);
    }
    for (int k = 0; k < shown; k++)
        print_candidate(v, k, c[k].id, rank[c[k].id]);
    if (v->json)
        puts("]}");
    else if (total == 0)
        printf("  no character of the model's %d reads %s\n", V, typed);
    else
        printf("  %d character%s read%s %s%s; the model gives %s %.2f%% together\n", total,
               total == 1 ? "" : "s", total == 1 ? "s" : "", typed,
               shown < total ? " (--top N shows more)" : "", total == 1 ? "it" : "them",
               100.0 * together);
    free(c);
    free(rank);
    return 0;
}

int cmd_probs(int argc, char **argv)
{
    const char *model_path = NULL, *pinyin_input = NULL, *pos[1];
    int top = 8, json = 0, mid_text = 0, show_pinyin = 0, npos = 0;
    SamplerSettings set = sampler_defaults();
    Opt opts[] = {
        {"--model", OPT_STR, &model_path, 0, 0},
        {"--top", OPT_INT, &top, 1, 1000000},
        {"--json", OPT_FLAG, &json, 0, 0},
        {"--mid-text", OPT_FLAG, &mid_text, 0, 0},
        {"--pinyin", OPT_FLAG, &show_pinyin, 0, 0},
        {"--pinyin-input", OPT_STR, &pinyin_input, 0, 0},
        {"--temperature", OPT_FLOAT, &set.temperature, 0, 100},
        {"--top-k", OPT_INT, &set.top_k, 0, 1000000},
        {"--top-p", OPT_FLOAT_OPEN, &set.top_p, 0, 1},
        {"--min-p", OPT_FLOAT, &set.min_p, 0, 1},
    };
    int rc = cli_parse("probs", PROBS_HELP, argc, argv, opts, (int)(sizeof opts / sizeof opts[0]),
                       pos, 1, &npos);
    if (rc)
        return rc == 1 ? 0 : rc;
    SamplerSettings plain = sampler_defaults();
    int sampled = memcmp(&set, &plain, sizeof set) != 0;
    const char *typed = npos ? pos[0] : "";
    if (!model_path)
        model_path = cli_asset("tang.bin");
    TsErr err;
    if (sampler_settings_check(&set, &err) != 0)
        return cli_error("probs", EXIT_USAGE, "%s", err.msg);
    PinyinSyllable q;
    if (pinyin_input) { /* a bad syllable is said before anything is loaded */
        if (pinyin_syllable_parse(pinyin_input, &q, &err) != 0)
            return cli_error("probs", EXIT_USAGE, "--pinyin-input: %s", err.msg);
    }
    cli_set_threads(1);
    Model m;
    if (model_load(&m, model_path, &err) != 0)
        return cli_error("probs", EXIT_USAGE, "%s", err.msg);
    Pinyin py;
    int have_py = show_pinyin || pinyin_input;
    if (have_py && pinyin_load(&py, cli_asset("pinyin.tsv"), &err) != 0) {
        model_free(&m);
        return cli_error("probs", EXIT_USAGE, "%s", err.msg);
    }
    int *ids;
    size_t n;
    Converted conv;
    if ((rc = cli_read_prompt("probs", &m.vocab, typed, &conv, &ids, &n)) != 0) {
        if (have_py)
            pinyin_free(&py);
        model_free(&m);
        return rc;
    }
    Generator g;
    PromptStart where = mid_text ? PROMPT_MID_TEXT : PROMPT_POEM_START;
    const float *logits = NULL;
    if (gen_init(&g, &m, 1, &err) != 0 || gen_start(&g, ids, n, where, &err) != 0) {
        rc = cli_error("probs", 1, "%s", err.msg);
    } else if (!(logits = gen_logits(&g, &err))) {
        rc = cli_error("probs", EXIT_USAGE, "%s", err.msg);
    } else {
        /* the sampler's stages, without drawing: probs is the temperature-1 view */
        SamplerState *ss = &g.ss;
        sampler_run(ss, &set, logits, NULL, 0, NULL, 0.0f, &err);
        SamplerStages st;
        sampler_stages(ss, logits, &st);
        int V = m.cfg.vocab_size;
        float *base = malloc((size_t)V * sizeof(float));
        int *order = malloc((size_t)V * sizeof(int));
        if (!base || !order) {
            rc = cli_error("probs", 1, "out of memory");
        } else {
            sampler_softmax(base, logits, V);
            sampler_sort(order, base, V);
            double entropy = 0.0;
            for (int i = 0; i < V; i++)
                if (base[i] > 0.0f)
                    entropy -= (double)base[i] * log((double)base[i]);
            ProbsView v = {conv.text, n, &conv, &m, &g, ss, &st, base, order, have_py ? &py : NULL,
                           sampled, json, top > V ? V : top};
            if (pinyin_input)
                rc = print_pinyin_input(&v, pinyin_input, &q);
            else
                print_top(&v, entropy);
        }
        free(base);
        free(order);
    }
    gen_free(&g);
    free(ids);
    converted_free(&conv);
    if (have_py)
        pinyin_free(&py);
    model_free(&m);
    return rc;
}
