/* main.c - tangscope: find the subcommand and hand over. */
#define _POSIX_C_SOURCE 200809L
#include <stdio.h>
#include <string.h>
#include <unistd.h>

#include "cli/cli.h"

/* One row of the table of subcommands: its name, its entry, one line for --help. */
typedef struct {
    const char *name;
    int (*run)(int argc, char **argv);
    const char *summary;
} Subcommand;

static const Subcommand SUBCOMMANDS[] = {
    {"explore", cmd_explore, "the full-screen explorer (also: tangscope with no command)"},
    {"probs", cmd_probs, "the next characters after a prompt, with probabilities and pinyin"},
    {"corpus", cmd_corpus, "how often the training text itself continues a context"},
    {"generate", cmd_generate, "write poems: prompt, temperature, top-k, top-p, min-p, seed, cache"},
    {"acrostic", cmd_acrostic, "write an acrostic (藏头诗) on the given line openers"},
    {"jueju", cmd_jueju, "write a jueju in fixed form: four lines of 5 or 7, ，。，。"},
    {"lesson", cmd_lesson, "guided lessons: step through one, --check them, --print a handout"},
    {"exercise", cmd_exercise, "check a student's solution of an exercise (top-p, jueju)"},
    {"demo", cmd_demo, "the lessons as handouts on the terminal, in the interface language"},
    {"info", cmd_info, "what is inside a model file: tensors, sizes, the KV cache"},
    {"kvcache", cmd_kvcache, "what a KV cache costs: this model and large ones, per token and at N"},
    {"train", cmd_train, "train the GPT on a text file (checkpoints, resume)"},
    {"eval", cmd_eval, "a model's loss in nats per character, and perplexity"},
    {"bench", cmd_bench, "speed: generation with and without the KV cache; --train; --ui"},
};

/* The program's version, printed by --version. */
#define TANGSCOPE_VERSION "1.0"

static void usage(FILE *out)
{
    fprintf(out, "usage: tangscope COMMAND [options]   (tangscope COMMAND --help for details)\n"
                 "       tangscope [--model FILE] [--prompt TEXT] [--lang zh|en|de|fr] ...   (the explorer)\n"
                 "       tangscope --code CODE | --session FILE.json   (a session again)\n"
                 "\n"
                 "tangscope opens up a small GPT trained on the Complete Tang Poems.\n"
                 "\n"
                 "Commands:\n");
    for (size_t i = 0; i < sizeof SUBCOMMANDS / sizeof SUBCOMMANDS[0]; i++)
        fprintf(out, "  %-10s %s\n", SUBCOMMANDS[i].name, SUBCOMMANDS[i].summary);
    fprintf(out, "\nIn a terminal, tangscope with no command, or with only the explorer's options\n"
                 "(tangscope explore --help lists them), opens the explorer.\n"
                 "tangscope help COMMAND is tangscope COMMAND --help; tangscope --version says\n"
                 "which tangscope this is. The bundled model is assets/tang.bin; set\n"
                 "TANGSCOPE_HOME to run from elsewhere.\n");
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
    return cli_error("", EXIT_USAGE, "unknown command %s (tangscope --help lists them)",
                     ts_quote(&q, name));
}

int main(int argc, char **argv)
{
    if (argc < 2) {
        /* in a terminal, the explorer; in a pipe or a script, the usage */
        if (isatty(STDIN_FILENO) && isatty(STDOUT_FILENO))
            return cmd_explore(argc, argv);
        usage(stdout);
        return 0;
    }
    const char *cmd = argv[1];
    if (strcmp(cmd, "--help") == 0 || strcmp(cmd, "-h") == 0 ||
        (strcmp(cmd, "help") == 0 && argc == 2)) {
        usage(stdout);
        return 0;
    }
    if (strcmp(cmd, "--version") == 0) {
        printf("tangscope %s (writes model files of version 2, reads 1 and 2)\n", TANGSCOPE_VERSION);
        return 0;
    }
    if (strcmp(cmd, "help") == 0) {
        /* tangscope help CMD: CMD's own --help */
        const Subcommand *c = find_subcommand(argv[2]);
        if (!c)
            return unknown_command(argv[2]);
        char *help_argv[] = {argv[2], "--help", NULL};
        return c->run(2, help_argv);
    }
    /* options first and no command: the explorer's options */
    if (cmd[0] == '-' && cmd[1] != 0)
        return cmd_explore(argc, argv);
    const Subcommand *c = find_subcommand(cmd);
    if (c)
        return c->run(argc - 1, argv + 1);
    return unknown_command(cmd);
}
