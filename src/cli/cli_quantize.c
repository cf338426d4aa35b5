/* cli_quantize.c - `tangscope quantize`: a model file with smaller weights. */
#include <stdio.h>

#include "cli/cli.h"
#include "engine/model.h"

static const char QUANTIZE_HELP[] =
    "usage: tangscope quantize --to bf16|int8|fp32 --out FILE [--model FILE]\n"
    "\n"
    "Write the model again with its weight matrices (wte, qkv_w, attproj_w, fc_w,\n"
    "fcproj_w: 99% of the weights) in bfloat16 (2 bytes a weight) or in 8-bit\n"
    "integers with a float32 scale per row (1 byte a weight), rounded from the\n"
    "float32 weights; the position embedding, the biases and the LayerNorms stay\n"
    "float32. Such a file is version 3 of the model format (docs/model-format.md)\n"
    "and loads wherever a model file does; every command then computes with the\n"
    "rounded weights. --to fp32 writes the weights a file holds as float32 (what\n"
    "rounding took away does not come back). Training stays float32.\n"
    "\n"
    "  --to P         bf16, int8 or fp32\n"
    "  --out FILE     the new model file (written to a temporary name, then renamed)\n"
    "  --model FILE   model file to read (default assets/tang.bin)\n";

int cmd_quantize(int argc, char **argv)
{
    const char *model_path = NULL, *to = NULL, *out = NULL;
    Opt opts[] = {
        {"--model", OPT_STR, &model_path, 0, 0},
        {"--to", OPT_STR, &to, 0, 0},
        {"--out", OPT_STR, &out, 0, 0},
    };
    int rc = cli_parse("quantize", QUANTIZE_HELP, argc, argv, opts,
                       (int)(sizeof opts / sizeof opts[0]), NULL, 0, NULL);
    if (rc)
        return rc == 1 ? 0 : rc;
    if (!to || !out)
        return cli_error("quantize", EXIT_USAGE, "needs --to bf16|int8|fp32 and --out FILE");
    if (!model_path)
        model_path = cli_asset("tang.bin");
    TsErr err;
    Model m;
    if (model_load(&m, model_path, &err) != 0)
        return cli_error("quantize", EXIT_USAGE, "%s", err.msg);
    WeightPrec from = m.prec;
    size_t before = model_file_size(&m);
    rc = cli_weights("quantize", &m, to);
    if (rc == 0 && model_save(&m, out, &err) != 0)
        rc = cli_error("quantize", cli_write_status(&err), "%s", err.msg);
    if (rc == 0) {
        AppLang lang = cli_lang();
        char a[32], b[32];
        TsQuoted qi, qo;
        printf(cli_label(LBL_CLI_QUANTIZED), ts_quote(&qi, model_path), wprec_name(from),
               app_bytes(lang, (double)before, a, sizeof a), ts_quote(&qo, out),
               wprec_name(m.prec), app_bytes(lang, (double)model_file_size(&m), b, sizeof b));
        putchar('\n');
    }
    model_free(&m);
    return rc;
}
