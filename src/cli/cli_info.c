/* cli_info.c - `tangscope info`: what is inside a model file. */
#include <stdio.h>

#include "cli/cli.h"
#include "app/json.h"
#include "engine/infer.h"
#include "engine/model.h"

/* "4 x 384 x 128" ("7.311 x 128" as the language groups), or "[7311, 128]" for JSON */
static void format_shape(const ParamInfo *t, int json, char *out, size_t size)
{
    size_t at = (size_t)snprintf(out, size, "%s", json ? "[" : "");
    for (int d = 0; d < t->ndim && at < size; d++) {
        char dim[32];
        if (json)
            snprintf(dim, sizeof dim, "%d", t->shape[d]);
        else
            app_format_count(cli_lang(), t->shape[d], dim, sizeof dim);
        at += (size_t)snprintf(out + at, size - at, "%s%s", d ? (json ? ", " : " x ") : "", dim);
    }
    if (json && at < size)
        snprintf(out + at, size - at, "]");
}

/* the model for a person, in the interface language: its shape, its
 * tensors, its size, its numerics and its KV cache */
static void print_model(const char *path, const Model *m, const ParamInfo *table,
                        size_t per_char)
{
    AppLang lang = cli_lang();
    const ModelConfig *c = &m->cfg;
    char a[48], b[48];
    TsQuoted q;
    printf(cli_label(LBL_CLI_INFO_HEAD), cli_shown_path(&q, path), c->n_layer, c->n_embd,
           c->n_head, c->n_embd / c->n_head);
    app_format_count(lang, c->vocab_size, a, sizeof a);
    fputs("\n  ", stdout);
    printf(cli_label(LBL_CLI_INFO_SIZES), c->context, a);
    putchar('\n');
    for (int i = 0; i < P_COUNT; i++) {
        char shape[64];
        format_shape(&table[i], 0, shape, sizeof shape);
        app_format_count(lang, (long)table[i].size, a, sizeof a);
        printf("  %-10s ", table[i].name);
        cli_put_left(stdout, shape, 19); /* in columns: a no-break space is one */
        cli_put_right(stdout, a, 9);
        printf(" %s\n", cli_label(LBL_CLI_INFO_FLOATS));
    }
    app_format_count(lang, (long)m->n_params, a, sizeof a);
    app_bytes(lang, (double)m->n_params * 4, b, sizeof b);
    fputs("  ", stdout);
    printf(cli_label(LBL_CLI_INFO_PARAMS), a, b, wprec_name(m->prec));
    app_format_count(lang, (long)model_file_size(m), a, sizeof a);
    app_bytes(lang, (double)model_file_size(m), b, sizeof b);
    fputs("\n  ", stdout);
    printf(cli_label(LBL_CLI_INFO_FILE), a, b);
    snprintf(b, sizeof b, "%g", (double)m->num.ln_eps);
    fputs("\n  ", stdout);
    printf(cli_label(LBL_CLI_INFO_GELU),
           cli_label(m->num.gelu == GELU_ERF ? LBL_CLI_INFO_GELU_ERF : LBL_CLI_INFO_GELU_TANH), b);
    app_format_count(lang, (long)per_char, a, sizeof a);
    app_bytes(lang, (double)per_char * (double)c->context, b, sizeof b);
    fputs("\n  ", stdout);
    printf(cli_label(LBL_CLI_INFO_CACHE), a, b, c->context);
    fputs("\n  ", stdout);
    printf(cli_label(LBL_CLI_INFO_CACHE_WHY), c->n_embd, c->n_layer);
    putchar('\n');
}

int cmd_info(int argc, char **argv)
{
    const char *model_path = NULL;
    int json = 0;
    Opt opts[] = {
        {"--model", OPT_STR, &model_path, 0, 0},
        {"--json", OPT_FLAG, &json, 0, 0},
    };
    int rc = cli_parse("info", argc, argv, opts, (int)(sizeof opts / sizeof opts[0]),
                       NULL, 0, NULL);
    if (rc)
        return rc == 1 ? 0 : rc;
    if (!model_path)
        model_path = cli_asset("tang.bin");
    TsErr err;
    Model m;
    if (model_load(&m, model_path, &err) != 0)
        return cli_error("info", EXIT_USAGE, "%s", err.msg);
    const ModelConfig *c = &m.cfg;
    ParamInfo table[P_COUNT];
    param_table(c, table);
    size_t per_char = infer_cache_bytes_per_char(c);
    if (json) {
        printf("{\"model\": ");
        json_write_string(stdout, model_path);
        printf(", \"layers\": %d, \"dims\": %d, \"heads\": %d, \"context\": %d, \"vocab\": %d, "
               "\"params\": %zu, \"weights\": \"%s\", \"file_bytes\": %zu, "
               "\"cache_bytes_per_char\": %zu, \"cache_bytes_full\": %zu, \"gelu\": \"%s\", "
               "\"ln_eps\": %g, \"tensors\": [",
               c->n_layer, c->n_embd, c->n_head, c->context, c->vocab_size, m.n_params,
               wprec_name(m.prec), model_file_size(&m), per_char, per_char * (size_t)c->context,
               m.num.gelu == GELU_ERF ? "erf" : "tanh", (double)m.num.ln_eps);
        for (int i = 0; i < P_COUNT; i++) {
            char shape[64];
            format_shape(&table[i], 1, shape, sizeof shape);
            printf("%s{\"name\": \"%s\", \"shape\": %s, \"count\": %zu}", i ? ", " : "",
                   table[i].name, shape, table[i].size);
        }
        puts("]}");
    } else {
        print_model(model_path, &m, table, per_char);
    }
    model_free(&m);
    return 0;
}
