/* cli_explore.c - `tangscope explore` (and `tangscope` alone, in a terminal):
 * the full-screen explorer. Loads the model, sets up the AppState, and hands
 * both to the screen (src/tui); the training text's suffix array is loaded
 * in a thread once the first frame is up, so the explorer opens at once. */
#define _POSIX_C_SOURCE 200809L
#include <pthread.h>
#include <stdatomic.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "app/app.h"
#include "cli/cli.h"
#include "app/textw.h"
#include "app/commands.h"
#include "app/json.h"
#include "engine/fileio.h"
#include "engine/corpus.h"
#include "app/labels.h"
#include "app/script.h"
#include "app/session.h"
#include "tui/tui.h"

/* the options: a second string, each within the length C compilers must take */
/* The training text, loaded in a thread while the explorer already runs. */
typedef struct {
    const char *path, *cache_dir;
    const char *chosen;  /* --corpus FILE, or NULL for the bundled text */
    const Model *m;
    Corpus corpus;
    pthread_t thread;
    int started, joined, ok;
    int other;           /* cli_corpus_other, found in the thread too */
    atomic_int done;
    TsErr err;
} CorpusLoader;

static void *load_corpus(void *arg)
{
    CorpusLoader *l = arg;
    l->ok = corpus_load_or_build(&l->corpus, l->path, l->cache_dir, &l->err) == 0;
    l->other = l->ok && cli_corpus_other(&l->corpus, l->m, l->chosen);
    atomic_store(&l->done, 1);
    return NULL;
}

/* The TuiHooks background step: start the thread, then wait for it between
 * keys, then hand the corpus to the AppState. */
static unsigned corpus_background(AppState *s, void *ctx, int *again)
{
    CorpusLoader *l = ctx;
    if (!l->started) {
        l->started = 1;
        if (pthread_create(&l->thread, NULL, load_corpus, l) != 0)
            load_corpus(l); /* no thread: load now, the frame is up already */
        else
            l->joined = 0;
        s->text.corpus_status = CORPUS_LOADING;
    }
    if (!atomic_load(&l->done)) {
        *again = 1;
        return REDRAW_PROBS;
    }
    *again = 0;
    if (!l->joined)
        pthread_join(l->thread, NULL);
    l->joined = 1;
    if (l->ok) {
        s->text.corpus_other = l->other;
        app_set_corpus(s, &l->corpus, CORPUS_READY);
    } else {
        app_set_corpus(s, NULL, CORPUS_NONE);
        app_status(s, 1, app_label(s, LBL_ST_CORPUS_FAILED), l->err.msg);
    }
    return REDRAW_PROBS | REDRAW_STATUS;
}

static void corpus_loader_finish(CorpusLoader *l)
{
    if (l->started && !l->joined)
        pthread_join(l->thread, NULL);
    if (l->started && l->ok)
        corpus_free(&l->corpus);
}

/* --code (or --session) and --stage, once the state stands. Returns 0, or
 * -1 with why ("code 'X': ...", "--stage: ..."). */
static int open_code_and_stage(AppState *s, const Model *m, const ExploreRun *run, char *why,
                               size_t size)
{
    if (run->code) {
        SessionCode code;
        TsQuoted q;
        TsErr err;
        int enter;
        if (app_session_code_read(run->code, &code, &enter, &err) != 0 ||
            session_code_check(&code, m, &err) != 0 || app_session_open(s, &code, &err) != 0) {
            snprintf(why, size, "code %s: %s", ts_quote(&q, run->code), err.msg);
            return -1;
        }
        /* readings and glosses as the saved session had them (y) */
        if (run->show_pinyin)
            app_apply(s, CMD_PINYIN_SHOW, cmd_arg(1));
        /* a newer tangscope's setting left at its default: the status says so */
        if (session_code_note(&code, &err) != 0)
            app_status(s, 1, "%s", err.msg);
        else
            app_status(s, 0, app_label(s, LBL_ST_CODE_OPENED), run->code);
        /* the poem Enter wrote in the saved session (or "+ Enter" after the
         * code, as the title shows it), written again */
        if (run->code_enter || enter) {
            app_job_start_write(s);
            while (s->job.kind != JOB_NONE)
                app_apply(s, CMD_TICK, cmd_arg(0));
        }
    }
    if (run->stage) { /* as `:stage` would: one way in */
        char line[APP_STAGE_CMD_MAX + 8];
        snprintf(line, sizeof line, "stage %s", run->stage);
        ScriptOut out = {.sync_jobs = 1};
        /* a program that started, then failed its first step: the explorer
         * opens with the built-in, the status line saying why, as after
         * `:stage`; one that cannot be started is a mistake of the command */
        if (script_run(s, line, &out) != SCRIPT_OK && !app_stage_stopped(s)) {
            snprintf(why, size, "--%s", out.msg);
            return -1;
        }
    }
    return 0;
}

/* The run's choices in a new explorer state: language, look, what happens
 * past the context, the conversion's config, mid-text; then the welcome. */
static void apply_run(AppState *s, const ExploreRun *run)
{
    if (run->ascii)
        textw_use_ascii();
    s->view.lang = run->lang;
    s->prefs.projector = run->projector;
    s->prefs.theme = run->theme;
    gen_set_policy(&s->text.g, run->policy);
    if (cli_opencc_config())
        s->text.conv.config = cli_opencc_config();
    if (run->mid_text)
        app_apply(s, CMD_MID_TEXT, cmd_arg(1));
    if (!s->pred.model_ok) /* the status says where the model failed */
        return;
    if (app_can_start_poem(s))
        app_status(s, 0, "%s", app_label(s, LBL_ST_WELCOME));
    else /* mid-text by itself (app_reset): said once, in place of the welcome */
        app_say_no_newline(s);
}

int cli_explore_run(const char *cmd, const ExploreRun *run)
{
    TsErr err;
    Model m;
    const char *model_path = run->model_path ? run->model_path : cli_asset("tang.bin");
    if (model_load(&m, model_path, &err) != 0)
        return cli_error(cmd, EXIT_USAGE, "%s%s", err.msg,
                         run->model_path ? "" : ts_text(" (make model trains the bundled model; or "
                                                        "give --model FILE)"));
    AppState s;
    if (app_init(&s, &m, &err) != 0) {
        model_free(&m);
        return cli_error(cmd, 1, "%s", err.msg);
    }
    s.text.model_name = model_path;
    s.text.model_other = cli_model_other(model_path);
    apply_run(&s, run);
    /* pinyin and glosses: the explorer works without them, and says so */
    Pinyin py;
    if (cli_pinyin_load(&py, &err) == 0)
        s.text.pinyin = &py;
    else if (s.pred.model_ok) /* a model that fails says so first */
        app_status(&s, 1, app_label(&s, LBL_ST_PINYIN_FAILED), err.msg);
    if (run->prompt)
        app_type_text(&s, run->prompt);
    s.progs.may_start = 1; /* the screen's state: it alone starts students' programs */
    s.progs.timeout = run->stage_timeout;
    char why[TS_ERR_MAX + 64];
    int failed = open_code_and_stage(&s, &m, run, why, sizeof why) != 0;
    if (!failed && run->compare_model) { /* its panel beside the bars from the first frame */
        failed = app_compare_model_set(&s, run->compare_model, &err) != 0;
        if (failed)
            snprintf(why, sizeof why, "--compare-model: %.400s", err.msg);
        else
            app_predict(&s);
    }
    if (failed) {
        if (s.text.pinyin)
            pinyin_free(&py);
        app_free(&s);
        model_free(&m);
        return cli_error(cmd, EXIT_USAGE, "%s", why);
    }
    if (run->lesson)
        app_lesson_open(&s, run->lesson, run->lesson_lang);
    else if (run->n_shelf > 0)
        app_picker_set(&s, run->shelf, run->n_shelf);
    CorpusLoader loader = {.chosen = run->corpus_path, .m = &m};
    loader.path = run->corpus_path ? run->corpus_path : cli_asset("tang-train.txt");
    loader.cache_dir = cli_cache_dir();
    TuiHooks hooks = {run->no_corpus ? NULL : corpus_background, &loader, run->poll, run->poll_ctx};
    int rc = tui_run(&s, &hooks);
    app_lesson_forget(&s); /* its thread reads the training text: stop it first */
    corpus_loader_finish(&loader);
    if (s.text.pinyin)
        pinyin_free(&py);
    app_free(&s);
    model_free(&m);
    return rc;
}

int cli_theme_parse(const char *cmd, const char *name, AppTheme *theme)
{
    TsQuoted q;
    if (!name || strcmp(name, "dark") == 0)
        *theme = THEME_DARK;
    else if (strcmp(name, "light") == 0)
        *theme = THEME_LIGHT;
    else
        return cli_error(cmd, EXIT_USAGE, cli_label(LBL_CLI_EITHER), "--theme", "dark", "light",
                         ts_quote(&q, name));
    return 0;
}

/* --session FILE: the code of a session x saved, and whether Enter wrote the
 * rest of it (session.h). Fills code (SESSION_CODE_MAX + 1 bytes). Returns 0,
 * or the exit status after printing why. */
static int session_file_code(const char *path, char *code, int *enter, int *pinyin)
{
    TsErr err;
    TsQuoted q;
    unsigned char *buf;
    size_t len;
    if (read_file(path, FILE_SESSION, &buf, &len, &err) != 0)
        return cli_error("explore", EXIT_USAGE, "--session: %s", err.msg);
    const char *json = (const char *)buf;
    char kind[16];
    int rc = 0;
    if (json_read_string(json, "tangscope", kind, sizeof kind) < 0 || strcmp(kind, "session") != 0)
        rc = cli_error("explore", EXIT_USAGE,
                       "--session: %s is not a session saved by tangscope (x in the explorer)",
                       ts_quote(&q, path));
    else if (json_read_null(json, "code"))
        rc = cli_error("explore", EXIT_USAGE,
                       "--session: %s has no code: its text is longer than a code holds (%d "
                       "characters), so it cannot be opened again",
                       ts_quote(&q, path), SESSION_MAX_CHARS);
    else if (json_read_string(json, "code", code, SESSION_CODE_MAX + 1) <= 0)
        rc = cli_error("explore", EXIT_USAGE, "--session: %s: its \"code\" is missing or damaged",
                       ts_quote(&q, path));
    else {
        *enter = json_read_bool(json, "code_enter") == 1;
        *pinyin = json_read_bool(json, "show_pinyin") == 1; /* absent in older sessions: off */
    }
    free(buf);
    return rc;
}

int cmd_explore(int argc, char **argv)
{
    const char *model_path = NULL, *prompt = NULL, *corpus_path = NULL;
    const char *policy_name = "shift";
    const char *code = NULL, *theme_arg = NULL, *session = NULL, *stage = NULL;
    const char *compare_model = NULL;
    char session_code[SESSION_CODE_MAX + 1];
    int code_enter = 0, show_pinyin = 0;
    int no_corpus = 0, threads = 0, mid_text = 0, projector = 0, ascii = 0;
    float stage_timeout = 0.0f;
    Opt opts[] = {
        {"--threads", OPT_INT, &threads, 0, 1024},
        {"--model", OPT_STR, &model_path, 0, 0},   {"--prompt", OPT_STR, &prompt, 0, 0},
        {"--corpus", OPT_STR, &corpus_path, 0, 0},
        {"--no-corpus", OPT_FLAG, &no_corpus, 0, 0},
        {"--mid-text", OPT_FLAG, &mid_text, 0, 0},
        {"--context-policy", OPT_STR, &policy_name, 0, 0},
        {"--code", OPT_STR, &code, 0, 0},
        {"--session", OPT_STR, &session, 0, 0},
        {"--projector", OPT_FLAG, &projector, 0, 0}, {"--theme", OPT_STR, &theme_arg, 0, 0},
        {"--ascii", OPT_FLAG, &ascii, 0, 0},
        {"--stage", OPT_STR, &stage, 0, 0},
        {"--stage-timeout", OPT_FLOAT, &stage_timeout, 0.05, 600},
        {"--compare-model", OPT_STR, &compare_model, 0, 0},
    };
    int rc = cli_parse("explore", argc, argv, opts, (int)(sizeof opts / sizeof opts[0]),
                       NULL, 0, NULL);
    if (rc)
        return rc == 1 ? 0 : rc;
    AppLang lang = cli_lang();
    ContextPolicy policy;
    TsQuoted qp;
    if (gen_policy_parse(policy_name, &policy) != 0)
        return cli_error("explore", EXIT_USAGE, cli_label(LBL_CLI_EITHER), "--context-policy", "shift",
                         "slide", ts_quote(&qp, policy_name));
    if (session && code)
        return cli_error("explore", EXIT_USAGE, "give --session or --code, not both");
    if (session) {
        if ((rc = session_file_code(session, session_code, &code_enter, &show_pinyin)) != 0)
            return rc;
        code = session_code;
    }
    if (code && (prompt || mid_text))
        return cli_error("explore", EXIT_USAGE, "--code holds the prompt and where it starts: "
                                                "give no --prompt or --mid-text with it");
    SessionCode decoded;
    TsErr code_err;
    TsQuoted q;
    /* a mistyped code is refused before the screen opens (the model is checked later) */
    int code_plus_enter;
    if (code && app_session_code_read(code, &decoded, &code_plus_enter, &code_err) != 0)
        return cli_error("explore", EXIT_USAGE, "code %s: %s", ts_quote(&q, code), code_err.msg);
    AppTheme theme = THEME_DARK;
    if ((rc = cli_theme_parse("explore", theme_arg, &theme)) != 0)
        return rc;
    if (!isatty(STDIN_FILENO) || !isatty(STDOUT_FILENO))
        return cli_error("explore", EXIT_USAGE, cli_label(LBL_CLI_NEEDS_TERMINAL), "tangscope probs");
    TsErr err;
    if (tui_locale_utf8(&err) != 0)
        return cli_error("explore", EXIT_USAGE, "%s", err.msg);
    /* a keystroke at a full context recomputes the whole window: every core
     * helps it keep up with typing (the numbers are the same on any count) */
    cli_set_threads(threads);
    ExploreRun run = {.model_path = model_path, .prompt = prompt, .mid_text = mid_text, .code = code,
                      .code_enter = code_enter, .show_pinyin = show_pinyin,
                      .lang = lang, .corpus_path = corpus_path, .no_corpus = no_corpus,
                      .projector = projector, .theme = theme, .policy = policy, .ascii = ascii,
                      .stage = stage, .stage_timeout = stage_timeout,
                      .compare_model = compare_model};
    return cli_explore_run("explore", &run);
}
