/* cli_import.c - `tangscope import`: a nanoGPT checkpoint as a tangscope model.
 *
 * The checkpoint (a torch.save zip) and meta.pkl are read here, within the
 * limits of their kinds (fileio.h: plain files only, so a device or a FIFO
 * is refused at once); the engine (nanogpt.h) maps them to a model without
 * running anything they name, and the model is written as every native
 * output is (fileio.h's output rules, through model_save). No Python is
 * needed; tools/import-nanogpt.py stays as the independent reference the
 * tests compare with.
 */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "cli/cli.h"
#include "cli/progress.h"
#include "engine/fileio.h"
#include "engine/nanogpt.h"

/* A path for the line on stdout: as it is when it shows as it is, else
 * quoted and escaped. */
static const char *shown(TsQuoted *q, const char *path)
{
    ts_quote(q, path);
    size_t n = strlen(path);
    if (strlen(q->s) == n + 2 && strncmp(q->s + 1, path, n) == 0)
        return path;
    return q->s;
}

typedef struct {
    const char *ckpt, *meta, *out, *gelu;
    int n_head, quiet;
    float ln_eps;
} ImportArgs;

static int parse(int argc, char **argv, ImportArgs *a)
{
    memset(a, 0, sizeof *a);
    Opt opts[] = {
        {"--meta", OPT_STR, &a->meta, 0, 0},
        {"--out", OPT_STR, &a->out, 0, 0},
        {"--n-head", OPT_INT, &a->n_head, 1, 64},
        {"--gelu", OPT_STR, &a->gelu, 0, 0},
        {"--ln-eps", OPT_FLOAT_OPEN, &a->ln_eps, 0, 0.1},
        {"--quiet", OPT_FLAG, &a->quiet, 0, 0},
    };
    const char *pos[1] = {NULL};
    int n_pos = 0;
    int rc = cli_parse("import", argc, argv, opts, (int)(sizeof opts / sizeof opts[0]),
                       pos, 1, &n_pos);
    if (rc)
        return rc == 1 ? 1 : rc;
    a->ckpt = pos[0];
    if (!a->ckpt || !a->meta || !a->out)
        return cli_error("import", EXIT_USAGE, "give a checkpoint, --meta META.pkl and --out "
                                               "FILE.bin (tangscope import --help)");
    TsQuoted q;
    if (a->gelu && strcmp(a->gelu, "erf") != 0 && strcmp(a->gelu, "tanh") != 0)
        return cli_error("import", EXIT_USAGE, "--gelu must be erf or tanh, not %s",
                         ts_quote(&q, a->gelu));
    return 0;
}

/* The output, checked before any work: a folder, a disk or a link into a
 * folder that cannot take the file is refused now (exit 2). */
static int output_usable(const char *out)
{
    OutputWay way;
    char *target;
    TsErr err;
    if (output_plan(out, &way, &target, &err) != 0)
        return cli_error("import", EXIT_USAGE, "%s", err.msg);
    free(target);
    return 0;
}

/* The checkpoint and meta.pkl read, mapped and written as a model, each a
 * part of the progress line (4 in all). */
static int run(const ImportArgs *a, Model *m, Progress *p)
{
    TsErr err;
    TsQuoted q;
    unsigned char *ckpt = NULL, *meta = NULL;
    size_t ckpt_len, meta_len;
    progress_part(p, LBL_PROGRESS_READING, a->ckpt, 0);
    if (read_file(a->ckpt, FILE_CHECKPOINT, &ckpt, &ckpt_len, &err) != 0) {
        return cli_error("import", EXIT_USAGE, "%s", err.msg);
    }
    progress_part(p, LBL_PROGRESS_READING, a->meta, 1);
    if (read_file(a->meta, FILE_META, &meta, &meta_len, &err) != 0) {
        free(ckpt);
        return cli_error("import", EXIT_USAGE, "%s", err.msg);
    }
    NanoOptions opt = {.n_head = a->n_head, .gelu_given = a->gelu != NULL,
                       .gelu = a->gelu && strcmp(a->gelu, "tanh") == 0 ? GELU_TANH : GELU_ERF,
                       .ln_eps_given = a->ln_eps > 0, .ln_eps = a->ln_eps};
    NanoBlame blame;
    progress_part(p, LBL_PROGRESS_CONVERTING, NULL, 2);
    int rc = nanogpt_import(m, ckpt, ckpt_len, meta, meta_len, &opt, &blame, &err);
    free(ckpt);
    free(meta);
    if (rc != 0) {
        return cli_error("import", err.code == ENOMEM ? 1 : EXIT_USAGE, "%s: %s",
                         ts_quote(&q, blame == NANO_BLAME_META ? a->meta : a->ckpt), err.msg);
    }
    progress_part(p, LBL_PROGRESS_WRITING, a->out, 3);
    if (model_save(m, a->out, &err) != 0) {
        model_free(m);
        return cli_error("import", cli_write_status(&err), "%s", err.msg);
    }
    progress_update(p, 4);
    return 0;
}

int cmd_import(int argc, char **argv)
{
    ImportArgs a;
    int rc = parse(argc, argv, &a);
    if (rc)
        return rc == 1 ? 0 : rc;
    if ((rc = output_usable(a.out)) != 0)
        return rc;
    Model m;
    Progress p;
    progress_start(&p, a.quiet, NULL, 4, LBL_PROGRESS_STEPS);
    rc = run(&a, &m, &p);
    progress_end(&p); /* before any line: the error's, or what was written */
    if (rc != 0)
        return rc;
    TsQuoted q;
    printf("%s: %d layers, %d dimensions, %d heads, context %d, %d characters, %s GELU, "
           "LayerNorm epsilon %g\n",
           shown(&q, a.out), m.cfg.n_layer, m.cfg.n_embd, m.cfg.n_head, m.cfg.context,
           m.cfg.vocab_size, m.num.gelu == GELU_ERF ? "erf" : "tanh", (double)m.num.ln_eps);
    /* no poem can start on it: every command then reads its text as --mid-text does */
    if (vocab_id(&m.vocab, '\n') < 0)
        cli_error("import", 0, "%s: its vocabulary has no newline, so no poem can start: the "
                               "explorer, lessons, probs and generate read its text as fragments "
                               "from inside a text (--mid-text) by themselves", shown(&q, a.out));
    model_free(&m);
    return 0;
}
