/* fuzz_cli.c - the command-line option parser, on any arguments.
 *
 * The input is a command line: its arguments separated by NUL bytes (at most
 * 32 of them). It is parsed against a table with an option of every kind
 * (cli.h: a flag, an integer, a number in a closed and in an open range, a
 * text, a 64-bit seed) and two places for plain words; the values that
 * name something are read by their own parsers (a language, a context
 * policy, a precision). Then the same line runs `tangscope kvcache`, whose
 * arithmetic takes every number the user gives (--layers, --kv-heads,
 * --head-dim, --latent, --tokens): sizes that must not overflow.
 */
#include <string.h>

#include "cli/cli.h"
#include "fuzz.h"
#include "engine/generate.h"

enum { MAX_ARGS = 32 };


static void parse(int argc, char **argv)
{
    int flag = 0, integer = 0;
    float number = 0, open = 1;
    uint64_t seed = 0;
    const char *str = NULL, *lang = NULL, *policy = NULL, *precision = NULL;
    const Opt opts[] = {
        {"--json", OPT_FLAG, &flag, 0, 0},
        {"--top", OPT_INT, &integer, 1, 1000000},
        {"--temperature", OPT_FLOAT, &number, 0, 2},
        {"--top-p", OPT_FLOAT_OPEN, &open, 0, 1},
        {"--model", OPT_STR, &str, 0, 0},
        {"--seed", OPT_U64, &seed, 0, 0},
        {"--lang", OPT_STR, &lang, 0, 0},
        {"--context-policy", OPT_STR, &policy, 0, 0},
        {"--precision", OPT_STR, &precision, 0, 0},
    };
    const char *pos[2];
    int n_pos = 0;
    if (cli_parse("fuzz", argc, argv, opts, (int)(sizeof opts / sizeof opts[0]), pos, 2,
                  &n_pos) != 0)
        return;
    if (n_pos < 0 || n_pos > 2)
        abort(); /* more words than there are places */
    ContextPolicy p;
    if (lang)
        app_lang_parse(lang);
    if (policy)
        gen_policy_parse(policy, &p);
    if (precision)
        cli_precision("fuzz", precision);
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    fuzz_start();
    char *buf = malloc(size + 1);
    if (!buf)
        return 0;
    memcpy(buf, data, size);
    buf[size] = 0;
    char *argv[MAX_ARGS + 2];
    int argc = 0;
    argv[argc++] = "kvcache";
    for (char *p = buf; p <= buf + size && argc <= MAX_ARGS; p += strlen(p) + 1)
        argv[argc++] = p;
    argv[argc] = NULL;
    parse(argc, argv);
    /* the kvcache model is the test model unless the line names another */
    char *kv_argv[MAX_ARGS + 4];
    int kv_argc = 0;
    kv_argv[kv_argc++] = "kvcache";
    kv_argv[kv_argc++] = "--model";
    kv_argv[kv_argc++] = "tests/data/tiny.bin";
    for (int i = 1; i < argc; i++)
        kv_argv[kv_argc++] = argv[i];
    kv_argv[kv_argc] = NULL;
    cmd_kvcache(kv_argc, kv_argv);
    free(buf);
    return 0;
}
