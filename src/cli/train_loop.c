/* train_loop.c - the training loop of `tangscope train` (train_loop.h). */
#define _POSIX_C_SOURCE 200809L
#include "cli/train_loop.h"

#include <errno.h>
#include <math.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "cli/cli.h"
#include "cli/progress.h"
#include "cli/train_view.h"
#include "app/textw.h"
#include "engine/checkpoint.h"
#include "engine/fileio.h"
#include "engine/generate.h"

static volatile sig_atomic_t interrupted;

static void on_sigint(int sig)
{
    (void)sig;
    interrupted = 1;
}


static int evaluate_val(const Model *m, GptActs *eval_acts, const int *val, size_t n_val, int seq,
                        double *loss)
{
    size_t count;
    TsErr err; /* a validation that fails is skipped: the training loss says why */
    return gpt_eval_loss(m, eval_acts, val, n_val, seq, loss, &count, &err);
}

/* The view's sample poems: one poem from a new line, with the same seed every
 * time, so two samples differ only by what the weights learned between them. */
#define SAMPLE_SEED 1
#define SAMPLE_TEMPERATURE 0.8f
enum { SAMPLE_CHARS = 32 };

/* Write a sample with the weights after `step` steps and hand it to the view.
 * The generator has its own packed copy of the weights, its own cache and
 * sampler buffers, and the poem its own random numbers: the model is only
 * read and the trainer not touched, so training goes on exactly as without.
 * gen is NULL when it could not be made; problem then says why. */
static void view_sample(TrainView *view, Generator *gen, int step, const char *problem)
{
    TsErr err;
    if (!gen) {
        train_view_sample(view, step, NULL, problem);
        return;
    }
    SamplerSettings set = sampler_defaults();
    set.temperature = SAMPLE_TEMPERATURE;
    Rng rng;
    rng_seed(&rng, SAMPLE_SEED);
    gen_reload(gen);
    if (gen_start(gen, NULL, 0, PROMPT_POEM_START, &err) != 0 ||
        gen_poem(gen, &set, NULL, &rng, SAMPLE_CHARS, &err) < 0) {
        train_view_sample(view, step, NULL, err.msg);
        return;
    }
    char *poem = gen_text_utf8(gen, gen->prefix);
    if (!poem) {
        train_view_sample(view, step, NULL, ts_text("out of memory"));
        return;
    }
    size_t len = strlen(poem);
    if (len > 0 && poem[len - 1] == '\n') /* the newline that ended it */
        poem[len - 1] = 0;
    train_view_sample(view, step, poem, NULL);
    free(poem);
}

/* A run of the training loop: what it opened (released by loop_close) and
 * the figures its progress lines show. */
typedef struct {
    const TrainRun *run;   /* the options */
    Model *model;
    Trainer *tr;
    const int *data, *val; /* [n_data], [n_val] token ids */
    size_t n_data, n_val;
    GptActs eval_acts;     /* for the validation loss */
    FILE *log;             /* --log, or NULL */
    TrainView *view;       /* the training view, or NULL */
    char sample_about[96]; /* how its samples are written, for the view */
    Generator gen;         /* writes the view's sample poems, when have_gen */
    int have_gen;
    TsErr gen_err;         /* why there is no generator */
    int tty;               /* the progress line is redrawn in place */
    Progress prog;         /* ... by the progress module */
    double t0, before;     /* this run's start; the training time before it */
    int start_step;
    double last_val;       /* the last validation loss, NAN before the first */
    double window_t;       /* start of the window the throughput is measured over */
    int window_steps;
    double tok_s;          /* characters per second, 0 until measured */
} TrainLoop;

/* The validation activations, the log, the view and its sample generator.
 * Returns 0 or the exit status after printing why. */
static int loop_open(TrainLoop *l)
{
    TsErr err;
    const TrainConfig *tc = &l->tr->tc;
    if (gpt_acts_init(&l->eval_acts, &l->model->cfg, tc->batch, tc->seq, 0, &err) != 0)
        return cli_error("train", cli_write_status(&err), "%s", err.msg);
    l->log = l->run->log; /* opened before the run and closed after it by the caller */
    char seed[32], temp[32];
    snprintf(seed, sizeof seed, "%d", SAMPLE_SEED);
    snprintf(l->sample_about, sizeof l->sample_about, cli_label(LBL_TV_SAMPLE_ABOUT), seed,
             app_num_short(cli_lang(), SAMPLE_TEMPERATURE, temp, sizeof temp));
    if (l->run->view && (l->view = train_view_start(stderr, l->run->out, l->sample_about,
                                                     l->tr->step, tc->steps)) != NULL) {
        l->have_gen = gen_init(&l->gen, l->model, 1, &l->gen_err) == 0;
        view_sample(l->view, l->have_gen ? &l->gen : NULL, l->tr->step, l->gen_err.msg);
        train_view_draw(l->view);
    }
    l->tty = !l->view && isatty(fileno(stderr)) && !l->run->quiet;
    progress_start(&l->prog, !l->tty, NULL, 0, LBL_PROGRESS_STEPS);
    l->prog.total = tc->steps; /* drawn from the first step on, a resumed run's too */
    /* the elapsed time goes on from the checkpoint's; the ETA is this run's pace */
    l->t0 = ts_now();
    l->before = l->tr->elapsed_s;
    l->start_step = l->tr->step;
    l->last_val = NAN;
    l->window_t = ts_now();
    return 0;
}

/* status: how the loop ended (0: not by an error, so the view draws its
 * last frame). */
static void loop_close(TrainLoop *l, int status)
{
    if (l->view) {
        if (status == 0)
            train_view_draw(l->view); /* the last step's figures; over an echoed ^C */
        train_view_end(l->view);
    }
    if (l->have_gen)
        gen_free(&l->gen);
    progress_end(&l->prog); /* the last validation's line stays above it */
    gpt_acts_free(&l->eval_acts);
}

/* The throughput over the last 2 s or 20 steps. */
static void loop_measure(TrainLoop *l, double now)
{
    l->window_steps++;
    if (now - l->window_t > 2.0 || l->window_steps >= 20) {
        long tokens_per_step = (long)l->tr->tc.batch * l->tr->tc.seq;
        l->tok_s = (double)l->window_steps * tokens_per_step / (now - l->window_t);
        l->window_t = now;
        l->window_steps = 0;
    }
}

/* The validation loss, and the model file when it is the best so far.
 * Returns 0 or the exit status of a model that could not be saved. */
static int loop_validate(TrainLoop *l)
{
    Trainer *tr = l->tr;
    double vl;
    if (l->view) {
        char note[160], n[32];
        app_format_count(cli_lang(), (long)(l->n_val - 1), n, sizeof n);
        snprintf(note, sizeof note, cli_label(LBL_CLI_TRAIN_MEASURING), n);
        train_view_note(l->view, note);
    }
    int measured = evaluate_val(l->model, &l->eval_acts, l->val, l->n_val, tr->tc.seq, &vl) == 0;
    if (l->view)
        train_view_note(l->view, NULL);
    if (!measured)
        return 0;
    l->last_val = vl;
    if (tr->have_best && !(vl < tr->best_val))
        return 0;
    tr->best_val = (float)vl;
    tr->have_best = 1;
    TsErr err;
    if (!l->run->save_last && model_save(l->model, l->run->out, &err) != 0)
        return cli_error("train", cli_write_status(&err), "%s", err.msg);
    return 0;
}

/* The progress line on stderr, in the interface language, the losses in
 * bits per character; on a terminal it is redrawn in place, so it is cut to
 * the terminal's width (its figures go from the most to the least needed). */
static void loop_progress(TrainLoop *l, int keep, float loss, float lr, double elapsed,
                          double eta)
{
    AppLang lang = cli_lang();
    const Trainer *tr = l->tr;
    char step[32], steps[32], lo[32], va[32], el[32], et[32], tok[32], lrt[32], line[512];
    app_format_count(lang, tr->step, step, sizeof step);
    app_format_count(lang, tr->tc.steps, steps, sizeof steps);
    app_num(lang, train_loss_bits(loss), 4, lo, sizeof lo);
    app_num(lang, train_loss_bits(l->last_val), 4, va, sizeof va); /* NAN: "-" */
    cli_duration(elapsed, el, sizeof el);
    cli_duration(eta, et, sizeof et);
    app_format_count(lang, lround(l->tok_s), tok, sizeof tok);
    app_num_sci(lang, lr, 2, lrt, sizeof lrt);
    snprintf(line, sizeof line, cli_label(LBL_CLI_TRAIN_PROGRESS), step, steps, lo, va, el, et,
             tok, lrt);
    if (l->tty && !keep)
        progress_update_text(&l->prog, tr->step, line);
    else
        progress_print(&l->prog, line); /* a line that stays, above the bar */
}

/* A step on the view, or as a progress line on stderr. */
static void loop_show(TrainLoop *l, int is_eval, float loss, float lr, double now)
{
    const Trainer *tr = l->tr;
    const TrainConfig *tc = &tr->tc;
    double elapsed = l->before + (now - l->t0);
    double eta = tr->step > l->start_step
                     ? (now - l->t0) / (tr->step - l->start_step) * (tc->steps - tr->step)
                     : 0.0;
    if (l->view) {
        if (is_eval || tr->step % l->run->sample_every == 0 || tr->step == tc->steps)
            view_sample(l->view, l->have_gen ? &l->gen : NULL, tr->step, l->gen_err.msg);
        TrainViewStep vs = {
            .step = tr->step,
            .loss = loss,
            .val = l->last_val,
            .val_now = is_eval && l->n_val > 1,
            .best_val = tr->have_best ? (double)tr->best_val : NAN,
            .lr = lr,
            .tok_s = l->tok_s,
            .elapsed = elapsed,
            .eta = eta,
        };
        train_view_step(l->view, &vs);
        return;
    }
    if (!l->tty && (l->run->quiet || (!is_eval && tr->step % 100 != 0)))
        return;
    loop_progress(l, is_eval, loss, lr, elapsed, eta);
}

/* Train until the last step, --max-steps-now or Ctrl-C. Returns 0 or the
 * exit status of what stopped it. */
static int loop_run(TrainLoop *l)
{
    TsErr err;
    Trainer *tr = l->tr;
    const TrainConfig *tc = &tr->tc;
    int status = 0;
    while (status == 0 && tr->step < tc->steps) {
        if (interrupted ||
            (l->run->max_steps_now > 0 && tr->step - l->start_step >= l->run->max_steps_now) ||
            (l->run->stop_at > 0 && tr->step >= l->run->stop_at))
            break;
        trainer_sample_batch(tr, l->data, l->n_data);
        float norm;
        float lr = train_lr(tc, tr->step);
        float loss = trainer_step(tr, &norm);
        if (!isfinite(loss))
            return cli_error("train", 1,
                             "loss became %g at step %d; lower --lr or resume from the last "
                             "checkpoint",
                             (double)loss, tr->step);
        double now = ts_now();
        loop_measure(l, now);
        int is_eval = tr->step % tc->eval_every == 0 || tr->step == tc->steps;
        if (is_eval && l->n_val > 1 && (status = loop_validate(l)) != 0)
            break;
        if (l->log && (is_eval || tr->step % 10 == 0)) {
            char vbuf[32] = "";
            if (is_eval && isfinite(l->last_val))
                snprintf(vbuf, sizeof vbuf, "%.6f", l->last_val);
            fprintf(l->log, "%d,%.6f,%s,%.6g,%.0f\n", tr->step, (double)loss, vbuf, (double)lr,
                    l->tok_s);
            if (fflush(l->log) != 0 || ferror(l->log)) {
                output_write_failed(l->run->log_name, errno, &err);
                return cli_error("train", cli_write_status(&err), "--log %s", err.msg);
            }
        }
        loop_show(l, is_eval, loss, lr, now);
        if (tr->step % tc->ckpt_every == 0 && tr->step < tc->steps) {
            tr->elapsed_s = l->before + (ts_now() - l->t0);
            if (checkpoint_save(tr, l->run->ckpt, &err) != 0)
                status = cli_error("train", cli_write_status(&err), "%s", err.msg);
        }
    }
    return status;
}

/* After the loop: the last checkpoint, and the summary (or where a stopped
 * run stands). Returns the exit status. */
static int loop_finish(TrainLoop *l)
{
    TsErr err;
    Trainer *tr = l->tr;
    const TrainRun *args = l->run;
    tr->elapsed_s = l->before + (ts_now() - l->t0);
    if (checkpoint_save(tr, args->ckpt, &err) != 0)
        return cli_error("train", cli_write_status(&err), "%s", err.msg);
    AppLang lang = cli_lang();
    char total[64] = "", secs[32], so_far[4200] = "";
    if (l->before > 0.0) /* a resumed run: the time of every run so far too */
        snprintf(total, sizeof total, cli_label(LBL_CLI_TRAIN_IN_ALL),
                 app_num(lang, tr->elapsed_s, 1, secs, sizeof secs));
    if (interrupted || tr->step < tr->tc.steps) {
        /* without a validation text (or with --save-last) the model file holds
         * the last weights: a stopped run leaves them too, not only a checkpoint */
        int keep_last = l->n_val <= 1 || args->save_last;
        if (keep_last && model_save(l->model, args->out, &err) != 0)
            return cli_error("train", cli_write_status(&err), "%s", err.msg);
        TsQuoted qc, qo;
        if (keep_last)
            snprintf(so_far, sizeof so_far, cli_label(LBL_CLI_TRAIN_SO_FAR),
                     ts_quote(&qo, args->out));
        fprintf(stderr, "tangscope train%s", lang_row(lang)->colon); /* as cli_error writes it */
        char step[32], steps[32];
        app_format_count(lang, tr->step, step, sizeof step);
        app_format_count(lang, tr->tc.steps, steps, sizeof steps);
        fprintf(stderr, cli_label(LBL_CLI_TRAIN_STOPPED), step, steps,
                app_num(lang, tr->elapsed_s, 1, secs, sizeof secs));
        fputs("\n  ", stderr);
        fprintf(stderr, cli_label(LBL_CLI_TRAIN_CHECKPOINT), ts_quote(&qc, args->ckpt), so_far);
        fputc('\n', stderr);
        return interrupted ? EXIT_INTERRUPTED : 0;
    }
    char done[32];
    app_num(lang, ts_now() - l->t0, 1, secs, sizeof secs);
    app_format_count(lang, tr->step - l->start_step, done, sizeof done);
    printf(cli_label_n(LBL_CLI_TRAIN_DONE, (long)(tr->step - l->start_step)), done, secs, total);
    if (l->n_val > 1) {
        char best[32], last[32];
        fputs("\n  ", stdout);
        printf(cli_label(args->save_last ? LBL_CLI_TRAIN_VAL_LAST : LBL_CLI_TRAIN_VAL_BEST),
               app_num(lang, train_loss_bits(tr->best_val), 4, best, sizeof best),
               app_num(lang, train_loss_bits(l->last_val), 4, last, sizeof last), args->out);
    } else {
        printf(cli_label(LBL_CLI_TRAIN_FINAL), args->out);
    }
    putchar('\n');
    return 0;
}

int train_loop_run(const TrainRun *run, Model *model, Trainer *tr, const int *data, size_t n_data,
                   const int *val, size_t n_val)
{
    TrainLoop l = {.run = run, .model = model, .tr = tr, .data = data, .val = val,
                   .n_data = n_data, .n_val = n_val};
    signal(SIGINT, on_sigint);
    signal(SIGTERM, on_sigint);
    int status = loop_open(&l);
    if (status == 0)
        status = loop_run(&l);
    loop_close(&l, status);
    return status ? status : loop_finish(&l);
}
