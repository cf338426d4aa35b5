/* cli_export.c - `tangscope export`: a model as nanoGPT's ckpt.pt and meta.pkl.
 *
 * The bytes come from the engine (nanoexport.h), the same as the reference
 * tools/export-nanogpt.py writes; this command finds the folder, names the
 * dataset and writes both files by the rules of every output (fileio.h). */
#define _XOPEN_SOURCE 700 /* realpath */
#include <errno.h>
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "cli/cli.h"
#include "cli/progress.h"
#include "engine/nanoexport.h"

/* DIR as a folder: there already (or a link to one), or made now (*made
 * set). Returns 0, or the exit status after saying why. */
static int out_folder(const char *dir, int *made)
{
    TsQuoted q;
    struct stat st;
    if (stat(dir, &st) == 0) {
        if (S_ISDIR(st.st_mode))
            return 0;
        return cli_error("export", EXIT_USAGE, "--out %s: is not a folder (--out names the "
                                               "folder for ckpt.pt and meta.pkl)",
                         ts_quote(&q, dir));
    }
    if (lstat(dir, &st) == 0) /* a link that leads nowhere */
        return cli_error("export", EXIT_USAGE, "--out %s: is not a folder (--out names the "
                                               "folder for ckpt.pt and meta.pkl)",
                         ts_quote(&q, dir));
    if (mkdir(dir, 0777) != 0)
        return cli_error("export", EXIT_USAGE, "--out %s: cannot make the folder (%s)",
                         ts_quote(&q, dir), ts_strerror(errno));
    *made = 1;
    return 0;
}

/* dir/name in out (malloc'd), or NULL when memory runs out. */
static char *join(const char *dir, const char *name)
{
    size_t n = strlen(dir);
    int slash = n > 0 && dir[n - 1] == '/';
    char *out = malloc(n + strlen(name) + 2);
    if (out)
        sprintf(out, "%s%s%s", dir, slash ? "" : "/", name);
    return out;
}

/* Write both files by output_plan's rules: both opened first (so a
 * temporary file in the way of the second, or a second path that cannot be
 * written, stops the export before anything is written), then both written
 * and put in place. Returns 0 or the exit status. */
static int write_outputs(char *const path[2], const ByteBuf *const bytes[2])
{
    TsErr err;
    AtomicFile af[2];
    int n_open = 0, rc = 0;
    for (; n_open < 2; n_open++)
        if (atomic_open(&af[n_open], path[n_open], &err) != 0) {
            rc = cli_error("export", EXIT_USAGE, "%s", err.msg);
            break;
        }
    for (int i = 0; rc == 0 && i < 2; i++)
        if (fwrite(bytes[i]->p, 1, bytes[i]->len, af[i].f) != bytes[i]->len ||
            fflush(af[i].f) != 0) {
            output_write_failed(path[i], errno, &err);
            rc = cli_error("export", cli_write_status(&err), "%s", err.msg);
        }
    int done = 0;
    for (; rc == 0 && done < 2; done++)
        if (atomic_commit(&af[done], &err) != 0)
            rc = cli_error("export", cli_write_status(&err), "%s", err.msg);
    /* each commit, done or failed, closed its file; the rest are given up */
    for (int i = done; i < n_open; i++)
        atomic_abort(&af[i]);
    return rc;
}

/* What was written, and what a tanh-GELU model needs in nanoGPT. */
static void say_written(const Model *m, const char *ckpt, const char *meta, const char *dir,
                        int own_dataset)
{
    TsQuoted qc, qm, qd;
    printf(cli_label(LBL_CLI_NANO_EXPORTED), ts_quote(&qc, ckpt), ts_quote(&qm, meta),
           m->cfg.n_layer, m->cfg.n_head, m->cfg.n_embd, m->cfg.context, m->cfg.vocab_size);
    putchar('\n');
    if (m->num.gelu != GELU_ERF)
        printf("%s\n", cli_label(LBL_CLI_EXPORTED_TANH));
    if (!own_dataset) {
        printf(cli_label(LBL_CLI_EXPORTED_SAMPLE), ts_quote(&qd, dir));
        putchar('\n');
    }
}

/* Both files' bytes, then both files (parts 1 and 2 of the progress line).
 * Returns the exit status. */
static int export_model(const Model *m, const char *dir, const char *dataset, int own_dataset,
                        Progress *p)
{
    TsErr err;
    char *ckpt = join(dir, "ckpt.pt"), *meta = join(dir, "meta.pkl");
    ByteBuf bc = {0}, bm = {0};
    int rc = 0;
    if (!ckpt || !meta)
        rc = cli_error("export", 1, "out of memory");
    /* both paths usable before anything is written */
    for (int i = 0; rc == 0 && i < 2; i++) {
        OutputWay way;
        char *target = NULL;
        if (output_plan(i == 0 ? ckpt : meta, &way, &target, &err) != 0)
            rc = cli_error("export", EXIT_USAGE, "%s", err.msg);
        free(target);
    }
    progress_part(p, LBL_PROGRESS_CONVERTING, NULL, 1);
    if (rc == 0 && (nano_export_checkpoint(m, dataset, &bc, &err) != 0 ||
                    nano_export_meta(m, &bm, &err) != 0))
        rc = cli_error("export", 1, "%s", err.msg);
    char *const paths[2] = {ckpt, meta};
    const ByteBuf *const bytes[2] = {&bc, &bm};
    progress_part(p, LBL_PROGRESS_WRITING, dir, 2);
    if (rc == 0)
        rc = write_outputs(paths, bytes);
    progress_update(p, 3);
    progress_end(p); /* before the lines that say what was written */
    if (rc == 0)
        say_written(m, ckpt, meta, dir, own_dataset);
    bytebuf_free(&bc);
    bytebuf_free(&bm);
    free(ckpt);
    free(meta);
    return rc;
}

int cmd_export(int argc, char **argv)
{
    const char *out = NULL, *dataset = NULL, *pos[1] = {NULL};
    int n_pos = 0, quiet = 0;
    Opt opts[] = {
        {"--out", OPT_STR, &out, 0, 0},
        {"--dataset", OPT_STR, &dataset, 0, 0},
        {"--quiet", OPT_FLAG, &quiet, 0, 0},
    };
    int rc = cli_parse("export", argc, argv, opts,
                       (int)(sizeof opts / sizeof opts[0]), pos, 1, &n_pos);
    if (rc)
        return rc == 1 ? 0 : rc;
    if (n_pos != 1 || !out)
        return cli_error("export", EXIT_USAGE,
                         "give a model file and --out DIR (tangscope export --help)");
    TsErr err;
    Model m;
    Progress p;
    progress_start(&p, quiet, NULL, 3, LBL_PROGRESS_STEPS);
    progress_part(&p, LBL_PROGRESS_READING, pos[0], 0);
    if (model_load(&m, pos[0], &err) != 0) {
        progress_end(&p);
        return cli_error("export", EXIT_USAGE, "%s", err.msg);
    }
    int made = 0;
    rc = out_folder(out, &made);
    char *abs = NULL;
    if (rc == 0 && !dataset) {
        TsQuoted q;
        abs = realpath(out, NULL);
        if (!abs)
            rc = cli_error("export", EXIT_USAGE, "--out %s: cannot find its absolute path (%s)",
                           ts_quote(&q, out), ts_strerror(errno));
        else if (!utf8_valid(abs))
            rc = cli_error("export", EXIT_USAGE, "--out %s: its absolute path is not UTF-8 "
                                                 "text; give --dataset NAME",
                           ts_quote(&q, out));
    }
    if (rc == 0)
        rc = export_model(&m, out, dataset ? dataset : abs, dataset != NULL, &p);
    progress_end(&p);
    if (rc != 0 && made)
        rmdir(out); /* a refused export leaves no folder of its own (only an empty one goes) */
    free(abs);
    model_free(&m);
    return rc;
}
