/* main.c - tangscope: find the subcommand and hand over. */
#define _POSIX_C_SOURCE 200809L
#include <stdbool.h>
#include <stdio.h>
#include <string.h>
#include <unistd.h>

#include "app/textw.h"
#include "cli/cli.h"
#include "engine/convert.h"
#include "engine/sgemm.h"

/* One row of the table of subcommands: its name, its entry, one line for
 * --help (a label, in the interface language). */
typedef struct {
    const char *name;
    int (*run)(int argc, char **argv);
    LabelId summary;
} Subcommand;

static const Subcommand SUBCOMMANDS[] = {
    {"explore", cmd_explore, LBL_CMD_EXPLORE},
    {"probs", cmd_probs, LBL_CMD_PROBS},
    {"corpus", cmd_corpus, LBL_CMD_CORPUS},
    {"generate", cmd_generate, LBL_CMD_GENERATE},
    {"acrostic", cmd_acrostic, LBL_CMD_ACROSTIC},
    {"jueju", cmd_jueju, LBL_CMD_JUEJU},
    {"lesson", cmd_lesson, LBL_CMD_LESSON},
    {"exercise", cmd_exercise, LBL_CMD_EXERCISE},
    {"demo", cmd_demo, LBL_CMD_DEMO},
    {"info", cmd_info, LBL_CMD_INFO},
    {"import", cmd_import, LBL_CMD_IMPORT},
    {"export", cmd_export, LBL_CMD_EXPORT},
    {"kvcache", cmd_kvcache, LBL_CMD_KVCACHE},
    {"train", cmd_train, LBL_CMD_TRAIN},
    {"eval", cmd_eval, LBL_CMD_EVAL},
    {"quantize", cmd_quantize, LBL_CMD_QUANTIZE},
    {"bench", cmd_bench, LBL_CMD_BENCH},
};

/* The program's version, printed by --version. */
#define TANGSCOPE_VERSION "1.0"

/* Which optional libraries this build has (the Makefile's OPENMP, BLAS and
 * OPENCC), each "yes" or "no". */
static void print_optional_parts(void)
{
#ifdef _OPENMP
    const char *openmp = "yes";
#else
    const char *openmp = "no (one thread)";
#endif
    bool blas = strcmp(sgemm_library(), "OpenBLAS") == 0;
    printf("optional parts: OpenMP %s, OpenBLAS %s, OpenCC %s\n", openmp,
           blas ? "yes" : "no (built-in matrix products)",
           convert_has_opencc() ? "yes" : "no (traditional characters stay as typed)");
}

/* A paragraph wrapped to 78 columns (a Chinese one anywhere, others at spaces). */
static void print_wrapped(FILE *out, const char *text)
{
    while (*text) {
        size_t n = textw_wrap(text, 78);
        if (n == 0)
            break;
        size_t end = n;
        while (end > 0 && text[end - 1] == ' ')
            end--;
        fprintf(out, "%.*s\n", (int)end, text);
        text += n;
        while (*text == ' ')
            text++;
    }
}

static void usage(FILE *out)
{
    fprintf(out, "%s\n       ", cli_label(LBL_CLI_USAGE));
    fprintf(out, cli_label(LBL_CLI_USAGE_EXPLORER), app_lang_codes("|"));
    fprintf(out, "\n       %s", cli_label(LBL_CLI_USAGE_SESSION));
    fprintf(out, "\n\n%s\n\n%s\n", cli_label(LBL_CLI_ABOUT), cli_label(LBL_CLI_COMMANDS));
    for (size_t i = 0; i < sizeof SUBCOMMANDS / sizeof SUBCOMMANDS[0]; i++)
        fprintf(out, "  %-10s %s\n", SUBCOMMANDS[i].name, cli_label(SUBCOMMANDS[i].summary));
    fputc('\n', out);
    print_wrapped(out, cli_label(LBL_CLI_USAGE_NOTE));
    char line[512];
    snprintf(line, sizeof line, cli_label(LBL_CLI_USAGE_LANG), app_lang_codes(", "));
    print_wrapped(out, line);
}

static const Subcommand *find_subcommand(const char *name)
{
    for (size_t i = 0; i < sizeof SUBCOMMANDS / sizeof SUBCOMMANDS[0]; i++)
        if (strcmp(name, SUBCOMMANDS[i].name) == 0)
            return &SUBCOMMANDS[i];
    return NULL;
}

static int unknown_command(const char *name)
{
    TsQuoted q;
    return cli_error("", EXIT_USAGE, cli_label(LBL_CLI_UNKNOWN_COMMAND), ts_quote(&q, name));
}

/* The index of the first word after the global options that stand before
 * it (--lang CODE, --lang=CODE: cli_lang_init has read them), argc if none:
 * `tangscope --lang de lesson FILE` is the command `lesson` with --lang de. */
static int skip_global(int argc, char **argv)
{
    int i = 1;
    while (i < argc) {
        if (strncmp(argv[i], "--lang=", 7) == 0)
            i++;
        else if (strcmp(argv[i], "--lang") == 0 && i + 1 < argc)
            i += 2;
        else
            break;
    }
    return i;
}

/* argv with the word at `at` moved to argv[1], the global options before it
 * kept after it, where every command reads them (cli_parse). */
static void command_first(char **argv, int at)
{
    char *word = argv[at];
    memmove(argv + 2, argv + 1, (size_t)(at - 1) * sizeof *argv);
    argv[1] = word;
}

/* tangscope help [CMD]: the usage, or CMD's own --help; the global options
 * may stand anywhere around them. */
static int run_help(int argc, char **argv)
{
    const char *name = NULL;
    for (int i = 2; i < argc; i++) {
        if (strncmp(argv[i], "--lang=", 7) == 0)
            continue;
        if (strcmp(argv[i], "--lang") == 0) {
            i++;
            continue;
        }
        if (name)
            return unknown_command(argv[i]);
        name = argv[i];
    }
    int rc = cli_check_lang("", argc, argv);
    if (rc)
        return rc;
    if (!name) {
        usage(stdout);
        return 0;
    }
    const Subcommand *c = find_subcommand(name);
    if (!c)
        return unknown_command(name);
    char *help_argv[] = {(char *)name, "--help", NULL};
    return c->run(2, help_argv);
}

int main(int argc, char **argv)
{
    cli_set_program(argv[0]);
    cli_lang_init(argc, argv);
    if (argc < 2) {
        /* in a terminal, the explorer; in a pipe or a script, the usage */
        if (isatty(STDIN_FILENO) && isatty(STDOUT_FILENO))
            return cmd_explore(argc, argv);
        usage(stdout);
        return 0;
    }
    int at = skip_global(argc, argv);
    if (at >= argc) /* only global options: the explorer's too */
        return cmd_explore(argc, argv);
    const char *cmd = argv[at];
    if (strcmp(cmd, "--help") == 0 || strcmp(cmd, "-h") == 0) {
        int rc = cli_check_lang("", argc, argv);
        if (rc)
            return rc;
        usage(stdout);
        return 0;
    }
    if (strcmp(cmd, "--version") == 0) {
        printf("tangscope %s (writes model files of version 2, reads 1 and 2)\n", TANGSCOPE_VERSION);
        print_optional_parts();
        return 0;
    }
    if (strcmp(cmd, "--list-languages") == 0) {
        /* the interface languages' codes, one a line, for scripts (the tests') */
        for (int i = 0; i < LANG_COUNT; i++)
            puts(app_lang_code((AppLang)i));
        return 0;
    }
    if (strcmp(cmd, "help") == 0) {
        command_first(argv, at);
        return run_help(argc, argv);
    }
    /* options first and no command: the explorer's options */
    if (cmd[0] == '-' && cmd[1] != 0)
        return cmd_explore(argc, argv);
    const Subcommand *c = find_subcommand(cmd);
    if (!c)
        return unknown_command(cmd);
    command_first(argv, at);
    return c->run(argc - 1, argv + 1);
}
