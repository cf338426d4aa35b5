/* cli_kvcache.c - `tangscope kvcache`: what a KV cache costs, for this model
 * and for large ones (the arithmetic is src/engine/kvcost.c). */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "cli/cli.h"
#include "app/json.h"
#include "engine/kvcost.h"
#include "engine/model.h"

/* One row: its name, the bytes per token (and in a binary unit), the bytes
 * at N tokens, as the interface language writes them. */
static void print_row(const KvShape *s, const char *name, long tokens, int json, int first)
{
    size_t per = kvcost_bytes_per_token(s);
    double total = (double)per * (double)tokens;
    if (json) {
        printf("%s{\"name\": ", first ? "" : ", ");
        json_write_string(stdout, s->name);
        printf(", \"shape\": ");
        json_write_string(stdout, s->example);
        printf(", \"attention\": \"%s\", \"layers\": %d, ",
               s->kind == KV_LATENT ? "latent" : "multi-head", s->layers);
        if (s->kind == KV_LATENT)
            printf("\"latent\": %d, \"rope_dim\": %d, ", s->latent, s->rope_dim);
        else
            printf("\"kv_heads\": %d, \"head_dim\": %d, ", s->kv_heads, s->head_dim);
        printf("\"bytes_per_number\": %d, \"bytes_per_token\": %zu, \"total_bytes\": %.0f}",
               s->bytes_per_number, per, total);
        return;
    }
    AppLang lang = cli_lang();
    char per_n[32], per_s[32], total_s[32];
    app_format_count(lang, (long)per, per_n, sizeof per_n);
    app_bytes(lang, (double)per, per_s, sizeof per_s);
    app_bytes(lang, total, total_s, sizeof total_s);
    fputs("  ", stdout);
    cli_put_left(stdout, name, 40);
    printf(" ");
    printf(cli_label(LBL_CLI_KV_ROW), per_n, per_s, total_s);
    putchar('\n');
}

/* A shape given by flags ("custom"): a multi-head cache needs --layers,
 * --kv-heads and --head-dim, a latent one --layers and --latent (and
 * --rope-dim). Fills mine (its example in shape[160]) and its row's name
 * (name[256]). Returns 0 or the exit status of a shape that is not whole. */
static int custom_shape(KvShape *mine, char shape[160], char name[256])
{
    char n1[16], n2[16], n3[16], n4[16];
    int bits = mine->bytes_per_number * 8;
    snprintf(n1, sizeof n1, "%d", mine->layers);
    snprintf(n4, sizeof n4, "%d", bits);
    if (!mine->layers)
        return cli_error("kvcache", EXIT_USAGE, "a custom shape needs --layers");
    if (mine->latent) {
        if (mine->kv_heads || mine->head_dim)
            return cli_error("kvcache", EXIT_USAGE,
                             "--latent is latent attention: leave out --kv-heads and --head-dim");
        mine->kind = KV_LATENT;
        snprintf(shape, 160, "%d layers, latent %d + positional key %d, %d-bit", mine->layers,
                 mine->latent, mine->rope_dim, bits);
        snprintf(n2, sizeof n2, "%d", mine->latent);
        snprintf(n3, sizeof n3, "%d", mine->rope_dim);
        snprintf(name, 256, cli_label(LBL_CLI_KV_CUSTOM_LATENT), n1, n2, n3, n4);
    } else {
        if (!mine->kv_heads || !mine->head_dim || mine->rope_dim)
            return cli_error("kvcache", EXIT_USAGE,
                             "a custom shape needs --kv-heads and --head-dim (or --latent)");
        snprintf(shape, 160, "%d layers, %d key/value heads x %d, %d-bit", mine->layers,
                 mine->kv_heads, mine->head_dim, bits);
        snprintf(n2, sizeof n2, "%d", mine->kv_heads);
        snprintf(n3, sizeof n3, "%d", mine->head_dim);
        snprintf(name, 256, cli_label(LBL_CLI_KV_CUSTOM), n1, n2, n3, n4);
    }
    mine->example = shape;
    return 0;
}

/* The table: this model's row, the presets', the custom shape's (mine, when
 * given), in the interface language or as JSON. */
static void print_table(const KvShape *ours, const KvShape *mine, const char *mine_name,
                        int tokens, int json)
{
    const KvShape *presets;
    int n = kvcost_presets(&presets);
    /* the names the explorer's r view gives them, with an ASCII x */
    char name[256];
    if (json) {
        printf("{\"tokens\": %d, \"models\": [", tokens);
    } else {
        char count[32];
        app_format_count(cli_lang(), tokens, count, sizeof count);
        printf(cli_label(LBL_CLI_KV_HEAD), count);
        putchar('\n');
    }
    snprintf(name, sizeof name, cli_label(LBL_KV_THIS), ours->layers, "x",
             ours->kv_heads * ours->head_dim);
    print_row(ours, name, tokens, json, 1);
    for (int i = 0; i < n; i++) {
        snprintf(name, sizeof name, cli_label((LabelId)(LBL_KV_PRESET_MHA + i)), "x", "x");
        print_row(&presets[i], name, tokens, json, 0);
    }
    if (mine)
        print_row(mine, mine_name, tokens, json, 0);
    if (json)
        puts("]}");
}

int cmd_kvcache(int argc, char **argv)
{
    const char *model_path = NULL;
    int json = 0, tokens = 4096, layers = 0, kv_heads = 0, head_dim = 0, latent = 0, rope = 0;
    int bits = 16;
    const char *bits_arg = NULL;
    Opt opts[] = {
        {"--tokens", OPT_INT, &tokens, 1, 1e9},
        {"--model", OPT_STR, &model_path, 0, 0},
        {"--json", OPT_FLAG, &json, 0, 0},
        {"--layers", OPT_INT, &layers, 1, 1000},
        {"--kv-heads", OPT_INT, &kv_heads, 1, 1024},
        {"--head-dim", OPT_INT, &head_dim, 1, 4096},
        {"--latent", OPT_INT, &latent, 1, 65536},
        {"--rope-dim", OPT_INT, &rope, 0, 65536},
        {"--bits", OPT_STR, &bits_arg, 0, 0},
    };
    int rc = cli_parse("kvcache", argc, argv, opts, (int)(sizeof opts / sizeof opts[0]),
                       NULL, 0, NULL);
    if (rc)
        return rc == 1 ? 0 : rc;
    if (bits_arg) {
        TsQuoted q;
        if (strcmp(bits_arg, "16") != 0 && strcmp(bits_arg, "32") != 0)
            return cli_error("kvcache", EXIT_USAGE, cli_label(LBL_CLI_EITHER), "--bits", "16", "32",
                             ts_quote(&q, bits_arg));
        bits = atoi(bits_arg);
    }
    int custom = layers || kv_heads || head_dim || latent || rope;
    KvShape mine = {
        .name = "custom", .example = "", .kind = KV_MULTI_HEAD, .layers = layers,
        .kv_heads = kv_heads, .head_dim = head_dim, .latent = latent, .rope_dim = rope,
        .bytes_per_number = bits / 8,
    };
    char shape[160], mine_name[256];
    if (custom && (rc = custom_shape(&mine, shape, mine_name)) != 0)
        return rc;
    if (!model_path)
        model_path = cli_asset("tang.bin");
    TsErr err;
    Model m;
    if (model_load(&m, model_path, &err) != 0)
        return cli_error("kvcache", EXIT_USAGE, "%s", err.msg);
    KvShape ours = kvcost_of_model(&m.cfg);
    char our_shape[160];
    snprintf(our_shape, sizeof our_shape, "%d layers x %d dims, float32: 2 x %d x %d x 4 bytes",
             m.cfg.n_layer, m.cfg.n_embd, m.cfg.n_layer, m.cfg.n_embd);
    ours.example = our_shape;
    model_free(&m);
    print_table(&ours, custom ? &mine : NULL, mine_name, tokens, json);
    return 0;
}
