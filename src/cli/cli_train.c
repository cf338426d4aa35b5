/* cli_train.c - `tangscope train`: its options, and the run they make: a new
 * model on a text file, or a checkpoint resumed with the texts it remembers.
 * The training loop itself (validation, checkpoints, the progress line or the
 * training view) is train_loop.c. */
#define _POSIX_C_SOURCE 200809L
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "cli/cli.h"
#include "app/textw.h"
#include "engine/fileio.h"
#include "engine/train_pass.h"
#include "engine/model.h"
#include "engine/checkpoint.h"
#include "engine/train.h"
#include "cli/train_loop.h"

/* Load a UTF-8 text and encode it with vocab; *seen gets the file's path and
 * checksum, as a checkpoint remembers them. */
static int load_tokens(const char *path, const Vocab *v, int **ids, size_t *n, TrainText *seen,
                       TsErr *err)
{
    VocabText t;
    *ids = NULL;
    if (vocab_text_load(&t, path, v, 1, err) != 0)
        return -1;
    int rc = train_text_set(seen, path, t.bytes, t.len, err);
    if (rc == 0) {
        *ids = t.ids;
        *n = t.n;
        t.ids = NULL;
    }
    vocab_text_free(&t);
    return rc;
}

typedef struct {
    const char *data, *val, *out, *ckpt, *log, *precision;
    FILE *log_file; /* --log, opened before the run */
    int data_given, val_given; /* --data, --val on the command line, not defaults */
    int resume, force, quiet, threads, max_steps_now, stop_at, save_last;
    int view, no_view, sample_every; /* view: 1 on, 0 off, once cmd_train has decided */
    int ascii;                       /* --ascii: the view's glyphs in ASCII */
    ModelConfig mc;
    TrainConfig tc;
    int seq_given;
} TrainArgs;


/* Can a file be written at path (--out, --checkpoint)? Its folder must exist
 * and take a new file: tried with the temporary name the real write uses,
 * which is removed again. Returns 0, or the exit status after saying why. */
static int check_writable(const char *flag, const char *path)
{
    TsQuoted qp, qd;
    OutputWay way;
    char *target;
    TsErr plan_err;
    if (output_plan(path, &way, &target, &plan_err) != 0)
        return cli_error("train", EXIT_USAGE, "%s %s", flag, plan_err.msg);
    free(target);
    if (way != OUTPUT_REPLACE)
        return 0; /* a device, a FIFO or a socket: written in place, nothing to try */
    const char *slash = strrchr(path, '/');
    char dir[4096];
    if (!slash)
        snprintf(dir, sizeof dir, ".");
    else if (slash == path)
        snprintf(dir, sizeof dir, "/");
    else if ((size_t)(slash - path) < sizeof dir)
        snprintf(dir, sizeof dir, "%.*s", (int)(slash - path), path);
    else
        return cli_error("train", EXIT_USAGE, "%s %s: the path is too long", flag,
                         ts_quote(&qp, path));
    struct stat st;
    if (slash && slash[1] == 0)
        return cli_error("train", EXIT_USAGE, "%s %s: names a folder, not a file", flag,
                         ts_quote(&qp, path));
    if (stat(path, &st) == 0 && S_ISDIR(st.st_mode))
        return cli_error("train", EXIT_USAGE, "%s %s: is a folder, not a file", flag,
                         ts_quote(&qp, path));
    if (stat(dir, &st) != 0)
        return cli_error("train", EXIT_USAGE, "%s %s: the folder %s does not exist", flag,
                         ts_quote(&qp, path), ts_quote(&qd, dir));
    if (!S_ISDIR(st.st_mode))
        return cli_error("train", EXIT_USAGE, "%s %s: %s is not a folder", flag,
                         ts_quote(&qp, path), ts_quote(&qd, dir));
    AtomicFile probe;
    TsErr err;
    if (atomic_open(&probe, path, &err) != 0)
        return cli_error("train", EXIT_USAGE, "%s %s: cannot write in the folder %s (%s)", flag,
                         ts_quote(&qp, path), ts_quote(&qd, dir), err.msg);
    atomic_abort(&probe);
    return 0;
}

/* Open the log (--log) before anything is read or trained, so that a log
 * that cannot be written is the run's only line. */
static int open_log(TrainArgs *a)
{
    TsErr err;
    if (a->log && !(a->log_file = output_append(a->log, &err)))
        return cli_error("train", EXIT_USAGE, "--log %s", err.msg);
    return 0;
}

/* Is `seen` the file `known` that the checkpoint remembers (the same bytes)?
 * If not, say which is which: the file given by hand and the checkpoint's,
 * or, when both are one file, that it has changed since. */
static int same_text(const char *flag, const char *what, const TrainText *seen,
                     const TrainText *known, const char *ckpt, TsErr *err)
{
    if (seen->crc == known->crc && seen->size == known->size)
        return 0;
    TsQuoted qs, qk, qc;
    if (strcmp(seen->path, known->path) == 0)
        return ts_fail(err, "%s has changed since checkpoint %s was written (its checksum "
                            "differs): it is not the %s the run used",
                       ts_quote(&qs, seen->path), ts_quote(&qc, ckpt), ts_text(what));
    return ts_fail(err, "%s %s is not the %s of checkpoint %s, which is %s (without %s the "
                        "checkpoint's is used)",
                   flag, ts_quote(&qs, seen->path), ts_text(what), ts_quote(&qc, ckpt),
                   ts_quote(&qk, known->path), flag);
}

/* The files a resumed run reads: those its checkpoint remembers, unless
 * --data or --val names them again (the same bytes, perhaps moved); any other
 * is refused. A run without a validation text takes one from --val. A checkpoint of an older tangscope remembers none: then --data
 * and --val (or their defaults) as given, and the training text checked
 * against the checkpoint's checksum of its characters. */
static int resume_texts(TrainArgs *a, Model *model, Trainer *tr, int **data, size_t *n_data,
                        int **val, size_t *n_val, TsErr *err)
{
    TsQuoted q, qc;
    const char *data_path = a->data, *val_path = a->val;
    if (tr->knows_texts) {
        if (!a->data_given)
            data_path = tr->data_text.path;
        if (!a->val_given)
            val_path = tr->val_text.path; /* a --val for a run that had none is taken */
    }
    TrainText seen = {0};
    if (load_tokens(data_path, &model->vocab, data, n_data, &seen, err) != 0) {
        if (tr->knows_texts && !a->data_given) {
            TsErr why = *err; /* say where the path came from */
            ts_fail(err, "%s (the training text of checkpoint %s; --data names another copy)",
                    why.msg, ts_quote(&qc, a->ckpt));
        }
        return -1;
    }
    int rc = tr->knows_texts ? same_text("--data", "training text", &seen, &tr->data_text, a->ckpt, err)
                             : 0;
    if (rc == 0 && crc32_update(0, *data, *n_data * sizeof(int)) != tr->data_crc)
        rc = ts_fail(err, "%s is not the text this checkpoint was trained on",
                     ts_quote(&q, data_path));
    train_text_free(&tr->data_text); /* from now on, as found (it may have moved) */
    tr->data_text = seen;
    if (rc == 0 && val_path) {
        TrainText val_seen = {0};
        rc = load_tokens(val_path, &model->vocab, val, n_val, &val_seen, err);
        if (rc == 0 && tr->knows_texts && tr->val_text.path)
            rc = same_text("--val", "validation text", &val_seen, &tr->val_text, a->ckpt, err);
        train_text_free(&tr->val_text);
        tr->val_text = val_seen;
    }
    a->data = tr->data_text.path; /* for the messages that follow */
    a->val = val_path ? tr->val_text.path : NULL;
    tr->knows_texts = 1;
    return rc;
}

/* Continue a checkpoint: its settings and files, except a new --steps (the
 * cosine decay then ends at the new last step), weight decay, short-window
 * settings or precision. On failure nothing is left allocated. */
static int resume_run(TrainArgs *a, int argc, char **argv, Model *model, Trainer *tr, int **data,
                      size_t *n_data, int **val, size_t *n_val, TsErr *err)
{
    if (checkpoint_load(model, tr, a->ckpt, a->precision ? a->tc.bf16 : -1, err) != 0)
        return -1;
    int rc = resume_texts(a, model, tr, data, n_data, val, n_val, err);
    if (rc == 0 && cli_flag_given(argc, argv, "--steps")) {
        if (a->tc.steps < tr->step || a->tc.steps < tr->tc.warmup)
            rc = ts_fail(err, "--steps %d: the checkpoint is already at step %d (warm-up %d)",
                         a->tc.steps, tr->step, tr->tc.warmup);
        else
            tr->tc.steps = a->tc.steps;
    }
    if (rc == 0 && cli_flag_given(argc, argv, "--weight-decay"))
        tr->tc.weight_decay = a->tc.weight_decay;
    int short_every = cli_flag_given(argc, argv, "--short-every");
    if (rc == 0 && cli_flag_given(argc, argv, "--short-seq"))
        rc = train_short_seq_check(a->tc.short_seq, tr->tc.seq, err);
    if (rc == 0 && (short_every || cli_flag_given(argc, argv, "--short-seq")))
        rc = trainer_set_short(tr, short_every ? a->tc.short_every : tr->tc.short_every,
                               a->tc.short_seq, err);
    if (rc != 0) {
        free(*data);
        free(*val);
        *data = *val = NULL;
        a->data = a->val = NULL; /* they pointed into the trainer */
        trainer_free(tr);
        model_free(model);
        return -1;
    }
    return 0;
}

/* A new run: the vocabulary of the training text, fresh weights. */
static int start_run(TrainArgs *a, Model *model, Trainer *tr, int **data, size_t *n_data,
                     TsErr *err)
{
    VocabText text;
    TrainText seen = {0};
    if (vocab_text_load(&text, a->data, NULL, 1, err) != 0)
        return -1;
    a->mc.vocab_size = text.own.size;
    /* the model's vocabulary is a copy of the text's: the ids stay valid */
    int ok = train_text_set(&seen, a->data, text.bytes, text.len, err) == 0 &&
             model_init(model, &a->mc, &text.own, a->tc.seed, err) == 0;
    if (ok) {
        *data = text.ids;
        *n_data = text.n;
        text.ids = NULL;
    }
    vocab_text_free(&text);
    if (!ok) {
        train_text_free(&seen);
        return -1;
    }
    if (trainer_init(tr, model, &a->tc, err) != 0) {
        train_text_free(&seen);
        free(*data);
        *data = NULL;
        model_free(model);
        return -1;
    }
    tr->data_crc = crc32_update(0, *data, *n_data * sizeof(int));
    tr->data_text = seen; /* the checkpoint remembers it; the trainer owns it now */
    tr->knows_texts = 1;
    return 0;
}

/* Read the options into a, with their defaults. Returns 0, or 1 when the
 * help was asked for (printed), or the exit status of a refusal. */
static int parse_args(TrainArgs *a, int argc, char **argv)
{
    *a = (TrainArgs){
        .out = "tang-model.bin",
        .mc = {.n_layer = 4, .n_embd = 128, .n_head = 4, .context = 128},
        .tc = train_config_default(),
        .sample_every = 200,
    };
    a->tc.seq = 0;
    uint64_t seed = a->tc.seed;
    Opt opts[] = {
        {"--data", OPT_STR, &a->data, 0, 0},
        {"--val", OPT_STR, &a->val, 0, 0},
        {"--out", OPT_STR, &a->out, 0, 0},
        {"--checkpoint", OPT_STR, &a->ckpt, 0, 0},
        {"--log", OPT_STR, &a->log, 0, 0},
        {"--resume", OPT_FLAG, &a->resume, 0, 0},
        {"--force", OPT_FLAG, &a->force, 0, 0},
        {"--quiet", OPT_FLAG, &a->quiet, 0, 0},
        {"--view", OPT_FLAG, &a->view, 0, 0},
        {"--no-view", OPT_FLAG, &a->no_view, 0, 0},
        {"--ascii", OPT_FLAG, &a->ascii, 0, 0},
        {"--sample-every", OPT_INT, &a->sample_every, 1, 100000000},
        {"--save-last", OPT_FLAG, &a->save_last, 0, 0},
        {"--layers", OPT_INT, &a->mc.n_layer, 1, 64},
        {"--dims", OPT_INT, &a->mc.n_embd, 1, 4096},
        {"--heads", OPT_INT, &a->mc.n_head, 1, 64},
        {"--context", OPT_INT, &a->mc.context, 1, 8192},
        {"--steps", OPT_INT, &a->tc.steps, 1, 100000000},
        {"--batch", OPT_INT, &a->tc.batch, 1, 4096},
        {"--seq", OPT_INT, &a->tc.seq, 1, 8192},
        {"--lr", OPT_FLOAT_OPEN, &a->tc.lr, 0, 1},
        {"--lr-min", OPT_FLOAT, &a->tc.lr_min, 0, 1},
        {"--warmup", OPT_INT, &a->tc.warmup, 0, 100000000},
        {"--weight-decay", OPT_FLOAT, &a->tc.weight_decay, 0, 1},
        {"--clip", OPT_FLOAT, &a->tc.clip, 0, 1000000},
        {"--seed", OPT_U64, &seed, 0, 0},
        {"--eval-every", OPT_INT, &a->tc.eval_every, 1, 100000000},
        {"--checkpoint-every", OPT_INT, &a->tc.ckpt_every, 1, 100000000},
        {"--short-every", OPT_INT, &a->tc.short_every, 0, 100000000},
        {"--short-seq", OPT_INT, &a->tc.short_seq, 1, 8192},
        {"--precision", OPT_STR, &a->precision, 0, 0},
        {"--threads", OPT_INT, &a->threads, 0, 1024},
        {"--max-steps-now", OPT_INT, &a->max_steps_now, 1, 100000000},
        {"--stop-at", OPT_INT, &a->stop_at, 1, 100000000},
    };
    int rc = cli_parse("train", argc, argv, opts, (int)(sizeof opts / sizeof opts[0]),
                       NULL, 0, NULL);
    a->tc.seed = seed;
    a->data_given = a->data != NULL;
    a->val_given = a->val != NULL;
    return rc;
}

/* What the options leave to be decided: the view, the precision, the
 * warm-up of a short run, the bundled texts, the checkpoint's name (in
 * ckpt_default, of ckpt_size bytes), the window. Returns 0 or the exit status. */
static int settle_args(TrainArgs *a, int argc, char **argv, char *ckpt_default, size_t ckpt_size)
{
    if (a->ascii)
        textw_use_ascii();
    if (a->view && (a->no_view || a->quiet))
        return cli_error("train", EXIT_USAGE, "--view cannot go with %s",
                         a->quiet ? "--quiet" : "--no-view");
    if (!a->view && !a->no_view && !a->quiet) {
        /* the view redraws in place: it needs a terminal that moves the cursor */
        const char *term = getenv("TERM");
        a->view = isatty(fileno(stderr)) && term && *term && strcmp(term, "dumb") != 0;
    }
    if (a->precision && (a->tc.bf16 = cli_precision("train", a->precision)) < 0)
        return EXIT_USAGE;
    if (!cli_flag_given(argc, argv, "--warmup") && a->tc.warmup > a->tc.steps / 10)
        a->tc.warmup = a->tc.steps / 10; /* short runs warm up for a tenth of their steps */
    /* the bundled validation text goes with the bundled training text; other
     * training text is validated only on a --val of its own */
    if (!a->data && !a->val)
        a->val = cli_asset("tang-val.txt");
    if (!a->data)
        a->data = cli_asset("tang-train.txt");
    if (!a->ckpt) {
        snprintf(ckpt_default, ckpt_size, "%s.ckpt", a->out);
        a->ckpt = ckpt_default;
    }
    if (a->tc.seq == 0)
        a->tc.seq = a->mc.context;
    cli_set_threads(a->threads);
    TsErr err;
    if (!a->resume && cli_flag_given(argc, argv, "--short-seq") &&
        train_short_seq_check(a->tc.short_seq, a->tc.seq, &err) != 0)
        return cli_settings_error("train", EXIT_USAGE, err.msg);
    /* before anything is read or trained: where the results go can be written */
    int rc = check_writable("--out", a->out);
    if (rc == 0)
        rc = check_writable("--checkpoint", a->ckpt);
    return rc;
}

/* The run's texts, model and trainer: a checkpoint continued (--resume) or a
 * new run, after the checks that the checkpoint is there or may be replaced.
 * Returns 0, or the exit status with nothing left allocated. */
static int open_run(TrainArgs *a, int argc, char **argv, Model *model, Trainer *tr, int **data,
                    size_t *n_data, int **val, size_t *n_val)
{
    TsQuoted q;
    TsErr err;
    int have_ckpt = access(a->ckpt, F_OK) == 0;
    if (a->resume && !have_ckpt)
        return cli_error("train", EXIT_USAGE, "--resume: no checkpoint at %s",
                         ts_quote(&q, a->ckpt));
    if (!a->resume && have_ckpt && !a->force)
        return cli_error("train", EXIT_USAGE,
                         "checkpoint %s exists: --resume to continue it, or --force to start over",
                         ts_quote(&q, a->ckpt));
    if (a->resume ? resume_run(a, argc, argv, model, tr, data, n_data, val, n_val, &err)
                  : start_run(a, model, tr, data, n_data, &err))
        return cli_settings_error("train", EXIT_USAGE, err.msg);
    return 0;
}

/* The opening lines: the run (new: its text and model; resumed: where it
 * goes on), then the threads and the precision. */
static void say_opening(const TrainArgs *a, const Model *model, const Trainer *tr, size_t n_data)
{
    AppLang lang = cli_lang();
    char v[3][32];
    TsQuoted q;
    fprintf(stderr, "tangscope train%s", lang_row(lang)->colon); /* as cli_error writes it */
    if (a->resume) {
        app_format_count(lang, tr->step, v[0], sizeof v[0]);
        app_format_count(lang, tr->tc.steps, v[1], sizeof v[1]);
        fprintf(stderr, cli_label(LBL_CLI_TRAIN_RESUMING), ts_quote(&q, a->ckpt), v[0], v[1]);
    } else {
        app_format_count(lang, (long)n_data, v[0], sizeof v[0]);
        app_format_count(lang, model->cfg.vocab_size, v[1], sizeof v[1]);
        app_format_count(lang, (long)model->n_params, v[2], sizeof v[2]);
        fprintf(stderr, cli_label(LBL_CLI_TRAIN_NEW), v[0], v[1], v[2]);
    }
    fputs("\n  ", stderr);
    app_format_count(lang, cli_threads(), v[2], sizeof v[2]);
    fprintf(stderr, cli_label(LBL_CLI_THREADS_PREC), v[2], cli_precision_name(tr->tc.bf16));
    fputc('\n', stderr);
}

/* From an opened run to its end: the log, the opening lines, the validation
 * text of a new run, the training, the last model. Returns the exit status. */
static int train_opened(TrainArgs *a, Model *model, Trainer *tr, const int *data, size_t n_data,
                        int **val, size_t *n_val)
{
    TsQuoted q;
    TsErr err;
    int rc;
    char n[2][32];
    app_format_count(cli_lang(), tr->step, n[0], sizeof n[0]);
    app_format_count(cli_lang(), tr->tc.steps, n[1], sizeof n[1]);
    if (tr->step >= tr->tc.steps) { /* a finished run resumed, or --steps it has reached */
        printf(cli_label(LBL_CLI_TRAIN_NOTHING), ts_quote(&q, a->ckpt), n[0], n[1]);
        putchar('\n');
        return 0;
    }
    if (n_data <= (size_t)tr->tc.seq + 1)
        return cli_error("train", EXIT_USAGE, "%s: too short (%zu characters) for windows of %d",
                         ts_quote(&q, a->data), n_data, tr->tc.seq);
    if ((rc = open_log(a)) != 0)
        return rc;
    say_opening(a, model, tr, n_data); /* once the run is sure to start: a refusal is its only line */
    if (a->val && !a->resume) { /* a resumed run has read its own */
        if (load_tokens(a->val, &model->vocab, val, n_val, &tr->val_text, &err) != 0)
            return cli_error("train", EXIT_USAGE, "%s", err.msg);
    } else if (!a->val) {
        (void)cli_error("train", 0, "%s", cli_label(LBL_CLI_TRAIN_NO_VAL));
    }
    TrainRun run = {
        .out = a->out,
        .ckpt = a->ckpt,
        .log = a->log_file,
        .log_name = a->log,
        .view = a->view,
        .quiet = a->quiet,
        .save_last = a->save_last,
        .sample_every = a->sample_every,
        .max_steps_now = a->max_steps_now,
        .stop_at = a->stop_at,
    };
    rc = train_loop_run(&run, model, tr, data, n_data, *val, *n_val);
    if (rc == 0 && (*n_val <= 1 || a->save_last) && tr->step >= tr->tc.steps &&
        model_save(model, a->out, &err) != 0)
        rc = cli_error("train", cli_write_status(&err), "%s", err.msg);
    return rc;
}

int cmd_train(int argc, char **argv)
{
    TrainArgs a;
    int rc = parse_args(&a, argc, argv);
    if (rc)
        return rc == 1 ? 0 : rc;
    char ckpt_default[4096];
    if ((rc = settle_args(&a, argc, argv, ckpt_default, sizeof ckpt_default)) != 0)
        return rc;
    Model model;
    Trainer tr;
    int *data = NULL, *val = NULL;
    size_t n_data = 0, n_val = 0;
    if ((rc = open_run(&a, argc, argv, &model, &tr, &data, &n_data, &val, &n_val)) != 0)
        return rc;
    rc = train_opened(&a, &model, &tr, data, n_data, &val, &n_val);
    if (a.log_file)
        fclose(a.log_file);
    free(data);
    free(val);
    trainer_free(&tr);
    model_free(&model);
    return rc;
}
