/* cli_generate.c - `tangscope generate`, `acrostic` and `jueju`: writing poems. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "cli/cli.h"
#include "app/json.h"
#include "engine/form.h"
#include "engine/generate.h"
#include "engine/model.h"
#include "engine/fileio.h"
#include "app/session.h"
#include "engine/sesscode.h"

#define SAMPLER_HELP                                                                               \
    "Sampling:\n"                                                                                  \
    "  --temperature T          0..100 (default 0.8); 0 = greedy, and so is anything\n"            \
    "                           below 0.001\n"                                                     \
    "  --top-k K                keep the K most probable, 0..1000000 (0 = off, default)\n"         \
    "  --top-p P                keep the top set reaching probability P, (0, 1], 1 = off\n"        \
    "  --min-p M                keep characters with p >= M x p(top), 0..1, 0 = off\n"           \
    "  --repetition-penalty R   >1 discourages characters already in the window the model\n"      \
    "                           reads, 1..100; ， 。 and the newline are left alone, so\n"  \
    "                           lines and poems can still end\n"                                \
    "  --penalize-punctuation   let the penalty reach ， 。 and the newline too\n"              \
    "  --seed S                 random seed, 0 or more (default 1); the same seed and\n"             \
    "                           settings write the same text on every machine.\n"                           \
    "                           The defaults are the explorer's too: Enter there\n"          \
    "                           writes the poem these print for the same prompt\n"          \
    "  --no-cache               recompute the whole window every step (same text, slower)\n"       \
    "  --context-policy P       past the model's context (128 characters for the bundled\n"   \
    "                           model): shift (default) moves the window on to the\n"        \
    "                           newest half, reads it again in one pass and goes on\n"       \
    "                           cached; slide reads the last 128 every step (no cache can\n" \
    "                           help); either gives the same text with --no-cache\n"         \
    "  --mid-text               read the text as a fragment from inside a text, with no\n"        \
    "                           newline before it (see above)\n"                                  \
    "  --model FILE             model file (default assets/tang.bin)\n"                            \
    "  --json                   print {\"poems\": [...], \"code\": ..., ...}: \"code\" is the\n"      \
    "                           run's session code (generate --code writes it again)\n"        \
    "  --trace FILE             write every written character to FILE, one JSON object a\n"   \
    "                           line: its poem and place, the model's and the sampler's\n"   \
    "                           probability, and the top 8 with both (docs/session-json.md)\n"

#define CONVERT_HELP                                                                               \
    "Traditional characters are read as simplified ones (風 as 风, OpenCC's t2s, as\n"               \
    "the training text was converted), and , . ? ! (ASCII or full-width) as ， and 。;\n"          \
    "one line on stderr says what was converted (in --json: \"converted\").\n"

static const char GENERATE_HELP[] =
    "usage: tangscope generate [PROMPT] [options]\n"
    "\n"
    "Write poems. Each poem starts after a newline (as in the training text), then\n"
    "PROMPT, and runs to its newline or --max-chars characters. With --mid-text\n"
    "there is no newline: PROMPT is read as a fragment from inside a text, as\n"
    "`probs --mid-text` reads it (without a PROMPT the first character is still\n"
    "chosen after a newline, which then goes).\n"
    "\n" CONVERT_HELP
    "\n"
    "  -n N                     poems to write, 1..10000 (default 1)\n"
    "  --max-chars N            at most N characters per poem after the prompt,\n"
    "                           1..1000000 (default 200)\n"
    "  --stats                  also say how many poems are well formed: lines of equal\n"
    "                           length, 5 or 7 characters, ， and 。 alternating, an even\n"
    "                           number of lines (on stderr; in --json as \"well_formed\")\n"  \
    "  --code CODE              write the run a session code describes: its prompt, form,\n"  \
    "                           settings, seed, -n and --max-chars (from the explorer's\n"   \
    "                           title bar or --json's \"code\"); give no PROMPT and none of\n" \
    "                           those options with it. A mistyped code, or one made with\n"  \
    "                           another model, is refused\n" SAMPLER_HELP;

static const char ACROSTIC_HELP[] =
    "usage: tangscope acrostic HEADS [options]\n"
    "\n"
    "Write an acrostic (藏头诗): line i opens with the i-th character of HEADS;\n"
    "the model writes the rest of each line, with no punctuation inside a line;\n"
    "lines end in ， and 。 alternately, the last in 。. The poem starts after a\n"
    "newline; with --mid-text that newline goes once the first head is written,\n"
    "and the model reads the poem as a fragment from inside a text.\n"
    "\n" CONVERT_HELP
    "\n"
    "  --chars 5|7              characters per line, 5 or 7 (default 7)\n"
    "  -n N                     poems to write, 1..10000 (default 1)\n" SAMPLER_HELP;

static const char JUEJU_HELP[] =
    "usage: tangscope jueju [options]\n"
    "\n"
    "Write a jueju (绝句) in fixed form: four lines of 5 or 7 characters,\n"
    "punctuation only at line ends, ，。，。. The poem starts after a newline;\n"
    "with --mid-text the first character is chosen after it, then the newline\n"
    "goes and the model reads the poem as a fragment from inside a text.\n"
    "\n"
    "  --chars 5|7              characters per line, 5 or 7 (default 5)\n"
    "  -n N                     poems to write, 1..10000 (default 1)\n" SAMPLER_HELP;

typedef struct {
    const char *model, *policy, *code, *trace;
    SamplerSettings set;
    uint64_t seed;
    int no_cache, json, poems, max_chars, chars, stats, mid_text;
} GenArgs;

/* The text after the starting newline, checked by form.h's rule. */
static int poem_is_well_formed(const Generator *g)
{
    size_t n = g->n - g->prefix;
    uint32_t *cps = malloc((n ? n : 1) * sizeof *cps);
    if (!cps)
        return 0;
    for (size_t i = 0; i < n; i++)
        cps[i] = vocab_cp(&g->m->vocab, g->text[g->prefix + i]);
    int ok = poem_well_formed(cps, n);
    free(cps);
    return ok;
}

/* --trace: one line per written character (session.h writes the record). */
typedef struct {
    FILE *f;
    int *scratch; /* [V] */
    int poem;     /* 1-based */
} Trace;

static int trace_step(void *ctx, const Generator *g, int token, TsErr *err)
{
    (void)err;
    Trace *t = ctx;
    TraceStep st;
    trace_step_fill(&st, g->ss.model, g->ss.final, g->m->cfg.vocab_size, token, t->scratch);
    st.index = (long)(g->n - 1 - g->prefix);
    session_json_step(t->f, &g->m->vocab, &st, "model", t->poem);
    fputc('\n', t->f);
    return 0;
}

/* The options a session code holds: none may come with --code. */
static const char *const CODE_HOLDS[] = {
    "--temperature", "--top-k", "--top-p", "--min-p", "--repetition-penalty",
    "--penalize-punctuation", "--context-policy", "--seed", "--mid-text", "-n", "--max-chars",
    "--chars",
};

static const char *code_conflict(int argc, char **argv)
{
    for (int i = 1; i < argc; i++)
        for (size_t k = 0; k < sizeof CODE_HOLDS / sizeof CODE_HOLDS[0]; k++) {
            size_t n = strlen(CODE_HOLDS[k]);
            if (strncmp(argv[i], CODE_HOLDS[k], n) == 0 && (argv[i][n] == 0 || argv[i][n] == '='))
                return CODE_HOLDS[k];
        }
    return NULL;
}

/* The run's arguments from a decoded code (already checked against the model). */
static void args_from_code(GenArgs *a, const SessionCode *c, ContextPolicy *policy)
{
    a->set = c->set;
    a->seed = c->seed;
    a->poems = c->poems;
    a->max_chars = c->max_chars;
    a->mid_text = c->mid_text;
    a->chars = c->line_len;
    *policy = c->policy;
}

/* The code of this run, or "" when it has none (a prompt too long). */
static void run_code(const GenArgs *a, const Model *m, FormKind kind, const Form *form,
                     const int *prompt, size_t n_prompt, ContextPolicy policy, int max_chars,
                     char *out, size_t size)
{
    SessionCode c;
    TsErr err;
    session_code_init(&c, session_code_fingerprint(m));
    out[0] = 0;
    if (n_prompt > SESSION_MAX_CHARS)
        return;
    for (size_t i = 0; i < n_prompt; i++)
        c.prompt[i] = prompt[i];
    c.n_prompt = (int)n_prompt;
    c.form = kind;
    c.line_len = kind == FORM_FREE ? 7 : a->chars;
    if (kind == FORM_ACROSTIC) {
        c.n_heads = form->n_lines;
        memcpy(c.heads, form->heads, (size_t)form->n_lines * sizeof *c.heads);
    }
    c.mid_text = a->mid_text;
    c.set = a->set;
    c.seed = a->seed;
    c.policy = policy;
    c.poems = a->poems;
    c.max_chars = kind == FORM_FREE ? max_chars : SESSION_DEFAULT_MAX_CHARS;
    if (session_code_encode(&c, out, size, &err) < 0)
        out[0] = 0;
}

/* The acrostic heads of a code as UTF-8 (form_init_acrostic reads text). */
static void heads_text(const SessionCode *c, const Vocab *v, char *out)
{
    size_t n = 0;
    for (int i = 0; i < c->n_heads; i++)
        n += (size_t)utf8_encode(vocab_cp(v, c->heads[i]), out + n);
    out[n] = 0;
}

static int run(const char *cmd, const char *help, int argc, char **argv, FormKind kind)
{
    GenArgs a = {.set = gen_default_settings(), .seed = GEN_DEFAULT_SEED, .poems = 1,
                 .max_chars = 200};
    a.chars = kind == FORM_ACROSTIC ? 7 : 5;
    const char *chars_arg = NULL;
    Opt opts[] = {
        {"--model", OPT_STR, &a.model, 0, 0},
        {"--temperature", OPT_FLOAT, &a.set.temperature, 0, 100},
        {"--top-k", OPT_INT, &a.set.top_k, 0, 1000000},
        {"--top-p", OPT_FLOAT_OPEN, &a.set.top_p, 0, 1},
        {"--min-p", OPT_FLOAT, &a.set.min_p, 0, 1},
        {"--repetition-penalty", OPT_FLOAT, &a.set.repetition_penalty, 1, 100},
        {"--penalize-punctuation", OPT_FLAG, &a.set.penalize_punctuation, 0, 0},
        {"--context-policy", OPT_STR, &a.policy, 0, 0},
        {"--seed", OPT_U64, &a.seed, 0, 0},
        {"--no-cache", OPT_FLAG, &a.no_cache, 0, 0},
        {"--mid-text", OPT_FLAG, &a.mid_text, 0, 0},
        {"--json", OPT_FLAG, &a.json, 0, 0},
        {"-n", OPT_INT, &a.poems, 1, 10000},
        {"--max-chars", OPT_INT, &a.max_chars, 1, 1000000},
        {"--stats", OPT_FLAG, &a.stats, 0, 0},
        {"--trace", OPT_STR, &a.trace, 0, 0},
        {"--code", OPT_STR, &a.code, 0, 0},
        {"--chars", OPT_STR, &chars_arg, 0, 0},
    };
    int n_opts = (int)(sizeof opts / sizeof opts[0]);
    if (kind == FORM_FREE) {
        n_opts--; /* --chars is for the fixed forms */
    } else {
        opts[n_opts - 2] = opts[n_opts - 1]; /* --code is generate's */
        n_opts--;
    }
    const char *pos[1] = {NULL};
    int npos = 0;
    int rc = cli_parse(cmd, help, argc, argv, opts, n_opts, pos, kind == FORM_JUEJU ? 0 : 1, &npos);
    if (rc)
        return rc == 1 ? 0 : rc;
    if (chars_arg) {
        TsQuoted q;
        if (strcmp(chars_arg, "5") != 0 && strcmp(chars_arg, "7") != 0)
            return cli_error(cmd, EXIT_USAGE, "--chars must be 5 or 7, not %s",
                             ts_quote(&q, chars_arg));
        a.chars = chars_arg[0] - '0';
    }
    if (kind == FORM_ACROSTIC && npos == 0)
        return cli_error(cmd, EXIT_USAGE, "give the heads, e.g. tangscope acrostic 春眠不觉");
    TsErr err;
    TsQuoted q;
    SessionCode code;
    const char *conflict = a.code ? code_conflict(argc, argv) : NULL;
    if (conflict)
        return cli_error(cmd, EXIT_USAGE, "--code holds %s already: give one or the other",
                         conflict);
    if (a.code && npos)
        return cli_error(cmd, EXIT_USAGE, "--code holds the prompt already: give no PROMPT");
    if (a.code && session_code_decode(a.code, strlen(a.code), &code, &err) != 0)
        return cli_error(cmd, EXIT_USAGE, "code %s: %s", ts_quote(&q, a.code), err.msg);
    if (sampler_settings_check(&a.set, &err) != 0)
        return cli_settings_error(cmd, EXIT_USAGE, err.msg);
    ContextPolicy policy = CONTEXT_SHIFT;
    if (a.policy && gen_policy_parse(a.policy, &policy) != 0)
        return cli_error(cmd, EXIT_USAGE, "--context-policy must be shift or slide, not '%s'",
                         a.policy);
    if (!a.model)
        a.model = cli_asset("tang.bin");
    cli_set_threads(1);
    Model m;
    if (model_load(&m, a.model, &err) != 0)
        return cli_error(cmd, EXIT_USAGE, "%s", err.msg);
    char heads[FORM_MAX_HEADS * 4 + 1] = "";
    if (a.code) {
        if (session_code_check(&code, &m, &err) != 0) {
            model_free(&m);
            return cli_error(cmd, EXIT_USAGE, "code %s: %s", ts_quote(&q, a.code), err.msg);
        }
        args_from_code(&a, &code, &policy);
        kind = code.form;
        heads_text(&code, &m.vocab, heads);
        pos[0] = heads;
        npos = kind == FORM_ACROSTIC;
    }
    int user_max_chars = a.max_chars;
    /* what the user typed, the prompt or the acrostic's heads, read forgivingly */
    Converted conv;
    if ((rc = cli_convert(cmd, &m.vocab, npos ? pos[0] : "", &conv)) != 0) {
        model_free(&m);
        return rc;
    }
    int *prompt = NULL;
    size_t n_prompt = 0;
    const char *text = kind == FORM_FREE ? conv.text : "";
    Form form;
    form_init_free(&form);
    if (a.code) { /* the code's prompt is token ids already */
        prompt = malloc((size_t)(code.n_prompt ? code.n_prompt : 1) * sizeof *prompt);
        if (!prompt) {
            converted_free(&conv);
            model_free(&m);
            return cli_error(cmd, 1, "out of memory");
        }
        memcpy(prompt, code.prompt, (size_t)code.n_prompt * sizeof *prompt);
        n_prompt = (size_t)code.n_prompt;
        text = NULL;
    }
    if ((text && vocab_encode(&m.vocab, text, strlen(text), "prompt", &prompt, &n_prompt, &err) != 0) ||
        (kind == FORM_ACROSTIC && form_init_acrostic(&form, &m.vocab, conv.text, a.chars, &err) != 0) ||
        (kind == FORM_JUEJU && form_init_jueju(&form, &m.vocab, a.chars, &err) != 0)) {
        rc = cli_prompt_error(cmd, EXIT_USAGE, &conv, err.msg);
        free(prompt);
        converted_free(&conv);
        model_free(&m);
        return rc;
    }
    cli_convert_notice(cmd, &conv);
    if (kind != FORM_FREE)
        a.max_chars = form.n_lines * (a.chars + 1) + 1;
    Generator g;
    if (gen_init(&g, &m, !a.no_cache, &err) != 0) {
        free(prompt);
        converted_free(&conv);
        model_free(&m);
        return cli_error(cmd, 1, "%s", err.msg);
    }
    gen_set_policy(&g, policy);
    char code_text[SESSION_CODE_MAX + 1];
    run_code(&a, &m, kind, &form, prompt, n_prompt, policy, user_max_chars, code_text,
             sizeof code_text);
    Trace trace = {NULL, NULL, 0};
    AtomicFile trace_file;
    if (a.trace) {
        trace.scratch = malloc((size_t)m.cfg.vocab_size * sizeof *trace.scratch);
        if (!trace.scratch || atomic_open(&trace_file, a.trace, &err) != 0) {
            rc = trace.scratch ? cli_error(cmd, EXIT_USAGE, "--trace: %s", err.msg)
                               : cli_error(cmd, 1, "out of memory");
            free(trace.scratch);
            gen_free(&g);
            free(prompt);
            converted_free(&conv);
            model_free(&m);
            return rc;
        }
        trace.f = trace_file.f;
    }
    Rng rng;
    rng_seed(&rng, a.seed);
    if (a.json)
        fputs("{\"poems\": [", stdout);
    double t0 = ts_now();
    long chars = 0;
    int well_formed = 0, written = 0;
    rc = 0;
    for (int i = 0; i < a.poems && rc == 0; i++) {
        Form f = form;
        trace.poem = i + 1;
        if (gen_start(&g, prompt, n_prompt, a.mid_text ? PROMPT_MID_TEXT : PROMPT_POEM_START,
                      &err) != 0 ||
            form_follow(&f, &m.vocab, prompt, n_prompt, &err) != 0 ||
            gen_poem_steps(&g, &a.set, kind == FORM_FREE ? NULL : &f, &rng, a.max_chars,
                           a.trace ? trace_step : NULL, &trace, &err) < 0) {
            rc = cli_error(cmd, EXIT_USAGE, "%s", err.msg);
            break;
        }
        /* the poem: prompt and what was written, without the closing newline */
        if (g.n > g.prefix && vocab_cp(&m.vocab, g.text[g.n - 1]) == '\n')
            g.n--;
        chars += (long)(g.n - g.prefix - n_prompt);
        written++;
        if (poem_is_well_formed(&g))
            well_formed++;
        char *poem = gen_text_utf8(&g, g.prefix);
        if (!poem) {
            rc = cli_error(cmd, 1, "out of memory");
            break;
        }
        if (a.json) {
            fputs(i ? ", " : "", stdout);
            json_write_string(stdout, poem);
        } else {
            puts(poem);
        }
        free(poem);
    }
    double secs = ts_now() - t0;
    if (a.trace) {
        if (rc == 0 && atomic_commit(&trace_file, &err) != 0)
            rc = cli_error(cmd, 1, "--trace: %s", err.msg);
        else if (rc != 0)
            atomic_abort(&trace_file);
        free(trace.scratch);
    }
    if (a.json && rc == 0) {
        putchar(']');
        cli_json_converted(stdout, &conv);
        fputs(", \"code\": ", stdout);
        if (code_text[0])
            json_write_string(stdout, code_text);
        else
            fputs("null", stdout);
        printf(", \"seed\": %llu, \"temperature\": %g, \"top_k\": %d, \"top_p\": %g, "
               "\"min_p\": %g, \"repetition_penalty\": %g, \"penalize_punctuation\": %s, "
               "\"cache\": %s, \"context_policy\": \"%s\", \"characters\": %ld, "
               "\"well_formed\": %d, \"seconds\": %.4f, \"model_seconds\": %.4f, "
               "\"sampler_seconds\": %.4f}\n",
               (unsigned long long)a.seed, (double)a.set.temperature, a.set.top_k,
               (double)a.set.top_p, (double)a.set.min_p, (double)a.set.repetition_penalty,
               a.set.penalize_punctuation ? "true" : "false", a.no_cache ? "false" : "true",
               gen_policy_name(policy), chars, well_formed, secs, g.model_s, g.sampler_s);
    } else if (a.json) {
        puts("]}");
    }
    if (a.stats && rc == 0 && !a.json)
        fprintf(stderr, "well formed: %d of %d poems (%.1f%%)\n", well_formed, written,
                written ? 100.0 * well_formed / written : 0.0);
    gen_free(&g);
    free(prompt);
    converted_free(&conv);
    model_free(&m);
    return rc;
}

int cmd_generate(int argc, char **argv) { return run("generate", GENERATE_HELP, argc, argv, FORM_FREE); }
int cmd_acrostic(int argc, char **argv) { return run("acrostic", ACROSTIC_HELP, argc, argv, FORM_ACROSTIC); }
int cmd_jueju(int argc, char **argv) { return run("jueju", JUEJU_HELP, argc, argv, FORM_JUEJU); }
