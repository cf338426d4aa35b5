/* cli_generate.c - `tangscope generate`, `acrostic` and `jueju`: writing poems. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "cli/cli.h"
#include "cli/progress.h"
#include "app/commands.h"
#include "app/json.h"
#include "app/labels.h"
#include "engine/form.h"
#include "engine/generate.h"
#include "engine/model.h"
#include "engine/fileio.h"
#include "app/session.h"
#include "engine/sesscode.h"
#include "app/stageprog.h"

typedef struct {
    const char *model, *weights, *policy, *code, *trace, *stage;
    SamplerSettings set;
    uint64_t seed;
    int no_cache, json, poems, max_chars, chars, stats, mid_text, export_doc;
    int quiet; /* no progress line */
} GenArgs;

/* The text after the starting newline, checked by form.h's rules: is it
 * well formed, and has it four or eight lines? */
static void poem_shape(const Generator *g, int *well_formed, int *four_or_eight)
{
    size_t n = g->n - g->prefix;
    uint32_t *cps = malloc((n ? n : 1) * sizeof *cps);
    *well_formed = *four_or_eight = 0;
    if (!cps)
        return;
    for (size_t i = 0; i < n; i++)
        cps[i] = vocab_cp(&g->m->vocab, g->text[g->prefix + i]);
    *well_formed = poem_well_formed(cps, n);
    int lines = poem_lines(cps, n);
    *four_or_eight = lines == 4 || lines == 8;
    free(cps);
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

/* The options a session code holds: none may come with --code. These and
 * every sampler setting's (the code holds the whole SamplerSettings). */
static const char *const CODE_HOLDS[] = {
    "--penalize-punctuation", "--context-policy", "--seed", "--mid-text", "-n", "--max-chars",
    "--chars",
};

static const char *code_conflict(int argc, char **argv)
{
    for (int k = 0; k < SET_COUNT; k++)
        if (cli_flag_given(argc, argv, SAMPLER_SETTINGS[k].flag))
            return SAMPLER_SETTINGS[k].flag;
    for (size_t k = 0; k < sizeof CODE_HOLDS / sizeof CODE_HOLDS[0]; k++)
        if (cli_flag_given(argc, argv, CODE_HOLDS[k]))
            return CODE_HOLDS[k];
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
        c.prompt[i] = vocab_cp(&m->vocab, prompt[i]);
    c.n_prompt = (int)n_prompt;
    c.form = kind;
    c.line_len = kind == FORM_FREE ? 7 : a->chars;
    if (kind == FORM_ACROSTIC) {
        c.n_heads = form->n_lines;
        for (int i = 0; i < c.n_heads; i++)
            c.heads[i] = vocab_cp(&m->vocab, form->heads[i]);
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
static void heads_text(const SessionCode *c, char *out)
{
    size_t n = 0;
    for (int i = 0; i < c->n_heads; i++)
        n += (size_t)utf8_encode(c->heads[i], out + n);
    out[n] = 0;
}

/* What the command line asked for, checked. */
typedef struct {
    GenArgs a;
    FormKind kind;
    ContextPolicy policy;
    const char *typed; /* the prompt or the acrostic's heads, or NULL */
    const char *pinyin; /* --pinyin: the same as syllables, or NULL */
    SessionCode code;  /* decoded from --code, when a.code */
    const char *stage_program; /* --stage without its "top-p" or "jueju", or NULL */
    ExerciseKind stage_kind;   /* what it does: in `jueju`, a bare PROGRAM is the jueju's */
} GenRequest;

/* The options the command takes into q: the model's, the sampler's (its
 * table), and generate's own or a fixed form's (--chars in --max-chars's
 * place, no --code). Fills opts (room for SET_COUNT + 24) and returns how
 * many. */
static int gen_opts(GenRequest *q, Opt *opts, const char **chars_arg)
{
    GenArgs *a = &q->a;
    opts[0] = (Opt){.name = "--model", .kind = OPT_STR, .dst = &a->model};
    opts[1] = (Opt){.name = "--weights", .kind = OPT_STR, .dst = &a->weights};
    int n_opts = 2 + cli_sampler_opts(opts + 2, &a->set, 1);
    const Opt more[] = {
        {.name = "--penalize-punctuation", .kind = OPT_FLAG, .dst = &a->set.penalize_punctuation},
        {.name = "--context-policy", .kind = OPT_STR, .dst = &a->policy},
        {.name = "--seed", .kind = OPT_U64, .dst = &a->seed},
        {.name = "--no-cache", .kind = OPT_FLAG, .dst = &a->no_cache},
        {.name = "--mid-text", .kind = OPT_FLAG, .dst = &a->mid_text},
        {.name = "--json", .kind = OPT_FLAG, .dst = &a->json},
        {.name = "-n", .kind = OPT_INT, .dst = &a->poems, .min = 1, .max = 10000},
        {.name = "--stats", .kind = OPT_FLAG, .dst = &a->stats},
        {.name = "--trace", .kind = OPT_STR, .dst = &a->trace},
        {.name = "--export", .kind = OPT_FLAG, .dst = &a->export_doc},
        {.name = "--stage", .kind = OPT_STR, .dst = &a->stage},
        {.name = "--quiet", .kind = OPT_FLAG, .dst = &a->quiet},
        /* taken out of argv by cli_take_pinyin first; listed for --list-options */
        {.name = "--pinyin", .kind = OPT_STR, .dst = &q->pinyin},
        /* generate's own two (a fixed form's length is the form's), then the forms' one */
        {.name = "--max-chars", .kind = OPT_INT, .dst = &a->max_chars, .min = 1, .max = 1000000},
        {.name = "--code", .kind = OPT_STR, .dst = &a->code},
        {.name = "--chars", .kind = OPT_STR, .dst = chars_arg},
    };
    _Static_assert(sizeof more / sizeof more[0] <= 22, "room in opts for generate's own options");
    memcpy(opts + n_opts, more, sizeof more);
    n_opts += (int)(sizeof more / sizeof more[0]);
    if (q->kind != FORM_FREE) /* a fixed form: --chars in --max-chars's place, no --code */
        opts[n_opts - 3] = opts[n_opts - 1];
    return n_opts - (q->kind == FORM_FREE ? 1 : 2); /* generate: no --chars */
}

/* What was given together: --chars 5|7, and a prompt from one place only
 * (the words, --pinyin or --code). Returns 0 or the exit status. */
static int gen_check_given(GenRequest *q, const char *cmd, int argc, char **argv, int npos,
                           const char *chars_arg)
{
    GenArgs *a = &q->a;
    FormKind kind = q->kind;
    TsQuoted tq;
    TsErr err;
    if (chars_arg) {
        if (strcmp(chars_arg, "5") != 0 && strcmp(chars_arg, "7") != 0)
            return cli_error(cmd, EXIT_USAGE, cli_label(LBL_CLI_EITHER), "--chars", "5", "7",
                             ts_quote(&tq, chars_arg));
        a->chars = chars_arg[0] - '0';
    }
    if (q->pinyin && npos)
        return cli_error(cmd, EXIT_USAGE, "give %s or --pinyin, not both",
                         ts_text(kind == FORM_ACROSTIC ? "the heads" : "a PROMPT"));
    if (q->pinyin && a->code)
        return cli_error(cmd, EXIT_USAGE, "--code holds the prompt already: give no --pinyin");
    if (kind == FORM_ACROSTIC && npos == 0 && !q->pinyin)
        return cli_error(cmd, EXIT_USAGE, cli_label(LBL_CLI_GIVE_HEADS), "tangscope acrostic 春眠不觉");
    const char *conflict = a->code ? code_conflict(argc, argv) : NULL;
    if (conflict)
        return cli_error(cmd, EXIT_USAGE, "--code holds %s already: give one or the other",
                         conflict);
    if (a->code && npos)
        return cli_error(cmd, EXIT_USAGE, "--code holds the prompt already: give no PROMPT");
    int enter; /* generate writes Enter's run anyway: "+ Enter" changes nothing */
    if (a->code && app_session_code_read(a->code, &q->code, &enter, &err) != 0)
        return cli_error(cmd, EXIT_USAGE, "code %s: %s", ts_quote(&tq, a->code), err.msg);
    if (a->code && q->code.n_steps > 0)
        return cli_error(cmd, EXIT_USAGE, "code %s: it holds the explorer's key steps after its "
                                          "prompt, which only the explorer replays: tangscope --code "
                                          "CODE",
                         ts_quote(&tq, a->code));
    return 0;
}

/* The values each in its range: the sampler's settings, --context-policy. */
static int gen_check_values(GenRequest *q, const char *cmd)
{
    GenArgs *a = &q->a;
    TsErr err;
    TsQuoted qp;
    if (sampler_settings_check(&a->set, &err) != 0)
        return cli_settings_error(cmd, EXIT_USAGE, err.msg);
    q->policy = CONTEXT_SHIFT;
    if (a->policy && gen_policy_parse(a->policy, &q->policy) != 0)
        return cli_error(cmd, EXIT_USAGE, cli_label(LBL_CLI_EITHER), "--context-policy", "shift",
                         "slide", ts_quote(&qp, a->policy));
    return 0;
}

/* Parse and check argv. Returns 0, 1 after --help, or the exit status of a
 * bad option (its line printed). */
/* --stage "jueju PROGRAM": the program takes the jueju form's place, so
 * generate writes jueju (of 7 a line, the course's); an acrostic keeps its
 * own form. */
static int gen_check_stage(GenRequest *q, const char *cmd)
{
    ExerciseKind kind;
    const char *program = q->a.stage ? exercise_stage_split(q->a.stage, &kind) : NULL;
    if (!program)
        return 0;
    if (program == q->a.stage + strspn(q->a.stage, " \t") && q->kind == FORM_JUEJU)
        kind = EXERCISE_JUEJU; /* no word before it: `jueju --stage PROGRAM` */
    q->stage_program = program;
    q->stage_kind = kind;
    if (!*program)
        return cli_error(cmd, EXIT_USAGE, "--stage %s: which program? e.g. --stage 'jueju "
                                          "python3 jueju.py'", exercise_name(kind));
    if (kind != EXERCISE_JUEJU || q->kind == FORM_JUEJU)
        return 0;
    if (q->kind == FORM_ACROSTIC)
        return cli_error(cmd, EXIT_USAGE, "--stage: a jueju program writes jueju, not an acrostic "
                                          "(tangscope jueju --stage PROGRAM)");
    q->kind = FORM_JUEJU;
    q->a.chars = 7;
    return 0;
}

static int gen_parse(GenRequest *q, const char *cmd, int argc, char **argv)
{
    GenArgs *a = &q->a;
    *a = (GenArgs){.set = gen_default_settings(), .seed = GEN_DEFAULT_SEED, .poems = 1,
                   .max_chars = 200, .chars = q->kind == FORM_ACROSTIC ? 7 : 5};
    int rc = cli_take_pinyin(cmd, &argc, argv, 1, &q->pinyin);
    if (rc)
        return rc;
    const char *chars_arg = NULL;
    Opt opts[SET_COUNT + 24];
    int n_opts = gen_opts(q, opts, &chars_arg);
    const char *pos[1] = {NULL};
    int npos = 0;
    rc = cli_parse(cmd, argc, argv, opts, n_opts, pos, 1, &npos);
    if (rc)
        return rc;
    q->typed = npos ? pos[0] : NULL;
    if ((rc = gen_check_given(q, cmd, argc, argv, npos, chars_arg)) != 0 ||
        (rc = gen_check_values(q, cmd)) != 0 || (rc = gen_check_stage(q, cmd)) != 0)
        return rc;
    if (!a->model)
        a->model = cli_asset("tang.bin");
    return 0;
}

/* What a run holds; gen_run_free releases it, whatever was set up (zeroed:
 * nothing). */
typedef struct {
    Model m;
    Converted conv;     /* what the user typed, read forgivingly */
    int *prompt;        /* [n_prompt] token ids */
    size_t n_prompt;
    Form form;          /* the verse form every poem starts from */
    Generator g;
    Trace trace;
    AtomicFile trace_file;
    int trace_open;     /* trace_file is open, not yet committed */
    int user_max_chars; /* --max-chars as given, for the code */
    char *pinyin_text;  /* --pinyin read as characters */
    char code_text[SESSION_CODE_MAX + 1];
    char heads[FORM_MAX_HEADS * 4 + 1]; /* a code's acrostic heads, as text */
    StageTopP stage;    /* --stage: the program doing top-p */
    int have_stage;
    StageJueju jueju;   /* --stage "jueju PROGRAM": the program in the jueju form's place */
    int have_jueju;
} GenRun;

/* The prompt's token ids and the form: from a code, they are in it already;
 * else from what the user typed. Returns 0 or the exit status after printing
 * why. */
static int gen_prompt(GenRun *r, GenRequest *q, const char *cmd)
{
    TsErr err;
    const char *text = q->kind != FORM_ACROSTIC ? r->conv.text : ""; /* jueju: --pinyin's */
    form_init_free(&r->form);
    if (q->a.code) {
        size_t n = (size_t)q->code.n_prompt;
        if (!(r->prompt = malloc((n ? n : 1) * sizeof *r->prompt)))
            return cli_error(cmd, 1, "out of memory");
        /* the code's prompt is characters the model knows (session_code_check) */
        for (size_t i = 0; i < n; i++)
            r->prompt[i] = vocab_id(&r->m.vocab, q->code.prompt[i]);
        r->n_prompt = n;
        text = NULL;
    }
    if ((text && vocab_encode(&r->m.vocab, text, strlen(text), ts_text("prompt"), &r->prompt, &r->n_prompt,
                              &err) != 0) ||
        (q->kind == FORM_ACROSTIC &&
         form_init_acrostic(&r->form, &r->m.vocab, r->conv.text, q->a.chars, &err) != 0) ||
        (q->kind == FORM_JUEJU && form_init_jueju(&r->form, &r->m.vocab, q->a.chars, &err) != 0))
        return cli_prompt_error(cmd, EXIT_USAGE, &r->conv, err.msg);
    cli_convert_notice(cmd, &r->conv);
    return 0;
}

/* The model, a code's settings, the prompt and the form, the generator, the
 * trace file. Returns 0 or the exit status after printing why. */
static int gen_setup(GenRun *r, GenRequest *q, const char *cmd)
{
    TsErr err;
    TsQuoted tq;
    GenArgs *a = &q->a;
    cli_set_threads(1);
    if (model_load(&r->m, a->model, &err) != 0)
        return cli_error(cmd, EXIT_USAGE, "%s", err.msg);
    if (a->code) {
        if (session_code_check(&q->code, &r->m, &err) != 0)
            return cli_error(cmd, EXIT_USAGE, "code %s: %s", ts_quote(&tq, a->code), err.msg);
        /* a newer tangscope's setting: the run goes on without it, and says so */
        if (session_code_note(&q->code, &err) != 0)
            cli_error(cmd, 0, "code %s: %s", ts_quote(&tq, a->code), err.msg);
        args_from_code(a, &q->code, &q->policy);
        q->kind = q->code.form;
        heads_text(&q->code, r->heads);
        q->typed = q->kind == FORM_ACROSTIC ? r->heads : NULL;
    }
    int wrc = cli_weights(cmd, &r->m, a->weights);
    if (wrc)
        return wrc;
    if (q->pinyin) {
        int prc = cli_pinyin_text(cmd, &r->m, q->pinyin,
                                  a->mid_text ? PROMPT_MID_TEXT : PROMPT_POEM_START, &r->pinyin_text);
        if (prc)
            return prc;
        q->typed = r->pinyin_text;
    }
    r->user_max_chars = a->max_chars;
    int rc = cli_convert(cmd, &r->m.vocab, q->typed ? q->typed : "", &r->conv);
    if (rc == 0)
        rc = gen_prompt(r, q, cmd);
    if (rc == 0)
        rc = cli_poem_start_check(cmd, &r->m.vocab, &a->mid_text, r->n_prompt);
    if (rc != 0)
        return rc;
    if (q->kind != FORM_FREE)
        a->max_chars = r->form.n_lines * (a->chars + 1) + 1;
    if (gen_init(&r->g, &r->m, !a->no_cache, &err) != 0)
        return cli_error(cmd, 1, "%s", err.msg);
    gen_set_policy(&r->g, q->policy);
    const char *program = q->stage_program;
    if (program && q->stage_kind == EXERCISE_JUEJU) {
        if (stagejueju_init(&r->jueju, program, 0, 0, cli_lang(), &r->m.vocab, &err) != 0)
            return cli_error(cmd, EXIT_USAGE, "--stage: %s", err.msg);
        r->have_jueju = 1;
        r->g.mask_hook = stagejueju_hook;
        r->g.mask_ctx = &r->jueju;
    } else if (program) {
        if (stagetopp_init(&r->stage, program, 0, 0, cli_lang(), &r->m.vocab, &err) != 0)
            return cli_error(cmd, EXIT_USAGE, "--stage: %s", err.msg);
        r->have_stage = 1;
        r->g.ss.top_p_hook = stagetopp_hook;
        r->g.ss.top_p_ctx = &r->stage;
    } else {
        run_code(a, &r->m, q->kind, &r->form, r->prompt, r->n_prompt, q->policy,
                 r->user_max_chars, r->code_text, sizeof r->code_text);
    }
    if (!a->trace)
        return 0;
    if (!(r->trace.scratch = malloc((size_t)r->m.cfg.vocab_size * sizeof *r->trace.scratch)))
        return cli_error(cmd, 1, "out of memory");
    if (atomic_open(&r->trace_file, a->trace, &err) != 0)
        return cli_error(cmd, cli_write_status(&err), "--trace: %s", err.msg);
    r->trace_open = 1;
    r->trace.f = r->trace_file.f;
    return 0;
}

/* What the poems came to. */
typedef struct {
    long chars;           /* written by the model, over every poem */
    int well_formed, written;
    int four_or_eight; /* poems of 4 or 8 lines, well formed or not */
    double seconds;
} GenTally;

/* Write the poems, each printed as it is done. Returns 0 or the exit status
 * after printing why. */
static int gen_write(GenRun *r, const GenRequest *q, const char *cmd, GenTally *t)
{
    TsErr err;
    const GenArgs *a = &q->a;
    Generator *g = &r->g;
    Rng rng;
    rng_seed(&rng, a->seed);
    double t0 = ts_now();
    int rc = 0;
    Progress prog; /* for many poems; one is done before anyone waits */
    progress_start(&prog, a->quiet || a->poems < 2, cli_label(LBL_PROGRESS_GENERATE), a->poems,
                   LBL_PROGRESS_POEMS);
    for (int i = 0; i < a->poems && rc == 0; i++) {
        Form f = r->form;
        r->trace.poem = i + 1;
        if (gen_start(g, r->prompt, r->n_prompt, a->mid_text ? PROMPT_MID_TEXT : PROMPT_POEM_START,
                      &err) != 0 ||
            form_follow(&f, &r->m.vocab, r->prompt, r->n_prompt, &err) != 0 ||
            gen_poem_steps(g, &a->set, q->kind == FORM_FREE ? NULL : &f, &rng, a->max_chars,
                           a->trace ? trace_step : NULL, &r->trace, &err) < 0) {
            progress_end(&prog);
            rc = cli_error(cmd, EXIT_USAGE, "%s", err.msg);
            break;
        }
        /* the poem: prompt and what was written, without the closing newline */
        if (g->n > g->prefix && vocab_cp(&r->m.vocab, g->text[g->n - 1]) == '\n')
            g->n--;
        t->chars += (long)(g->n - g->prefix - r->n_prompt);
        t->written++;
        int wf, lines48;
        poem_shape(g, &wf, &lines48);
        t->well_formed += wf;
        t->four_or_eight += lines48;
        char *poem = gen_text_utf8(g, g->prefix);
        progress_clear(&prog);
        if (!poem) {
            rc = cli_error(cmd, 1, "out of memory");
            break;
        }
        if (a->json) {
            fputs(i ? ", " : "", stdout);
            json_write_string(stdout, poem);
        } else {
            puts(poem);
        }
        free(poem);
        if (prog.on)
            fflush(stdout); /* the poem before the bar, when both go to the terminal */
        progress_update(&prog, i + 1);
    }
    progress_end(&prog);
    t->seconds = ts_now() - t0;
    return rc;
}

/* The rest of --json after the poems (what made them), or --stats. */
static void gen_print_summary(const GenRun *r, const GenRequest *q, const GenTally *t)
{
    const GenArgs *a = &q->a;
    if (a->json) {
        putchar(']');
        cli_json_converted(stdout, &r->conv);
        fputs(", \"code\": ", stdout);
        if (r->code_text[0])
            json_write_string(stdout, r->code_text);
        else
            fputs("null", stdout);
        printf(", \"seed\": %llu, ", (unsigned long long)a->seed);
        session_json_sampler(stdout, &a->set);
        printf(", \"cache\": %s, \"context_policy\": \"%s\", \"characters\": %ld, "
               "\"well_formed\": %d, \"four_or_eight_lines\": %d, \"seconds\": %.4f, "
               "\"model_seconds\": %.4f, "
               "\"sampler_seconds\": %.4f}\n",
               a->no_cache ? "false" : "true",
               gen_policy_name(q->policy), t->chars, t->well_formed, t->four_or_eight, t->seconds,
               r->g.model_s,
               r->g.sampler_s);
    } else if (a->stats) {
        /* the lines first: the lessons read the well-formed count as the last line */
        char share[32], part[32], all[32];
        app_share(cli_lang(), t->written ? 100.0 * t->four_or_eight / t->written : 0.0, 1, share,
                  sizeof share);
        fprintf(stderr, cli_label_n(LBL_CLI_FOUR_OR_EIGHT, t->written),
                app_format_count(cli_lang(), t->four_or_eight, part, sizeof part),
                app_format_count(cli_lang(), t->written, all, sizeof all), share);
        fputc('\n', stderr);
        app_share(cli_lang(), t->written ? 100.0 * t->well_formed / t->written : 0.0, 1, share,
                  sizeof share);
        fprintf(stderr, cli_label_n(LBL_CLI_WELL_FORMED, t->written),
                app_format_count(cli_lang(), t->well_formed, part, sizeof part),
                app_format_count(cli_lang(), t->written, all, sizeof all), share);
        fputc('\n', stderr);
    }
}

/* --export: the first poem as the explorer writes it from the run's code
 * (the same poem: Enter writes what generate writes), saved as x saves it,
 * the JSON and the document to hand in. Returns 0 or the exit status. */
static int gen_export(GenRun *r, const GenRequest *q, const char *cmd)
{
    TsErr err;
    if (!r->code_text[0])
        return cli_error(cmd, EXIT_USAGE, "--export: the prompt is longer than a code holds (%d "
                                          "characters)", SESSION_MAX_CHARS);
    SessionCode c;
    AppState s;
    Pinyin py;
    int have_py = cli_pinyin_load(&py, &err) == 0; /* without it: no pinyin in the document */
    if (session_code_decode(r->code_text, strlen(r->code_text), &c, &err) != 0 ||
        app_init(&s, &r->m, &err) != 0) {
        if (have_py)
            pinyin_free(&py);
        return cli_error(cmd, 1, "--export: %s", err.msg);
    }
    s.text.model_name = q->a.model;
    s.view.lang = cli_lang();
    s.text.pinyin = have_py ? &py : NULL;
    int rc = 0;
    char name[128];
    if (app_session_open(&s, &c, &err) != 0) {
        rc = cli_error(cmd, 1, "--export: %s", err.msg);
    } else {
        app_job_start_write(&s);
        while (s.job.kind != JOB_NONE)
            app_apply(&s, CMD_TICK, cmd_arg(0));
        if (app_export(&s, ".", name, sizeof name, &err) != 0)
            rc = cli_error(cmd, cli_write_status(&err), "--export: %s", err.msg);
        else {
            char md[sizeof name + 8]; /* NAME.json's Markdown twin, NAME.md */
            snprintf(md, sizeof md, "%.*s.md", (int)strlen(name) - 5, name);
            (void)cli_error(cmd, 0, cli_label(LBL_CLI_EXPORTED), name, md);
        }
    }
    app_free(&s);
    if (have_py)
        pinyin_free(&py);
    return rc;
}

static void gen_run_free(GenRun *r)
{
    if (r->trace_open)
        atomic_abort(&r->trace_file);
    free(r->trace.scratch);
    if (r->have_stage)
        stagetopp_free(&r->stage);
    if (r->have_jueju)
        stagejueju_free(&r->jueju);
    gen_free(&r->g);
    free(r->prompt);
    converted_free(&r->conv);
    free(r->pinyin_text);
    model_free(&r->m);
}

static int run(const char *cmd, int argc, char **argv, FormKind kind)
{
    GenRequest q = {.kind = kind};
    int rc = gen_parse(&q, cmd, argc, argv);
    if (rc)
        return rc == 1 ? 0 : rc;
    GenRun r = {0};
    GenTally t = {0};
    if ((rc = gen_setup(&r, &q, cmd)) != 0) {
        gen_run_free(&r);
        return rc;
    }
    if (q.a.json)
        fputs("{\"poems\": [", stdout);
    rc = gen_write(&r, &q, cmd, &t);
    if (r.trace_open) {
        TsErr err;
        r.trace_open = 0;
        if (rc != 0)
            atomic_abort(&r.trace_file);
        else if (atomic_commit(&r.trace_file, &err) != 0)
            rc = cli_error(cmd, cli_write_status(&err), "--trace: %s", err.msg);
    }
    if (rc == 0)
        gen_print_summary(&r, &q, &t);
    else if (q.a.json) /* the poems' list and the object, closed after a failure */
        puts("]}");
    if (rc == 0 && q.a.export_doc)
        rc = gen_export(&r, &q, cmd);
    gen_run_free(&r);
    return rc;
}

int cmd_generate(int argc, char **argv) { return run("generate", argc, argv, FORM_FREE); }
int cmd_acrostic(int argc, char **argv) { return run("acrostic", argc, argv, FORM_ACROSTIC); }
int cmd_jueju(int argc, char **argv) { return run("jueju", argc, argv, FORM_JUEJU); }
