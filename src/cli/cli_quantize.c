/* cli_quantize.c - `tangscope quantize`: a model file with smaller weights. */
#include <stdio.h>

#include "cli/cli.h"
#include "engine/model.h"

int cmd_quantize(int argc, char **argv)
{
    const char *model_path = NULL, *to = NULL, *out = NULL;
    Opt opts[] = {
        {"--model", OPT_STR, &model_path, 0, 0},
        {"--to", OPT_STR, &to, 0, 0},
        {"--out", OPT_STR, &out, 0, 0},
    };
    int rc = cli_parse("quantize", argc, argv, opts,
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
