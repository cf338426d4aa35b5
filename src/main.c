/* main.c - tangscope: find the subcommand and hand over. */
#define _POSIX_C_SOURCE 200809L
#include <stdio.h>
#include <string.h>
#include <unistd.h>

#include "cli/cli.h"

typedef struct {
    const char *name;
    int (*run)(int argc, char **argv);
    const char *summary;
} Command;

static const Command COMMANDS[] = {
    {"explore", cmd_explore, "the full-screen explorer (also: tangscope with no command)"},
    {"probs", cmd_probs, "the top next characters after a prompt, with probabilities"},
    {"corpus", cmd_corpus, "how often the training text itself continues a context"},
    {"generate", cmd_generate, "write poems: prompt, temperature, top-k, top-p, min-p, seed, cache"},
    {"acrostic", cmd_acrostic, "write an acrostic (藏头诗) on the given line openers"},
    {"jueju", cmd_jueju, "write a jueju in fixed form: four lines of 5 or 7, ，。，。"},
    {"lesson", cmd_lesson, "guided lessons: step through one, --check them, --print a handout"},
    {"demo", cmd_demo, "the lessons as handouts on the terminal, in the interface language"},
    {"info", cmd_info, "what is inside a model file: tensors, sizes, the KV cache"},
    {"kvcache", cmd_kvcache, "what a KV cache costs: this model and large ones, per token and at N"},
    {"train", cmd_train, "train the GPT on a text file (checkpoints, resume)"},
    {"eval", cmd_eval, "a model's loss in nats per character, and perplexity"},
    {"bench", cmd_bench, "speed: generation with and without the KV cache; --train; --ui"},
};

static void usage(FILE *out)
{
    fprintf(out, "usage: tangscope COMMAND [options]   (tangscope COMMAND --help for details)\n"
                 "\n"
                 "tangscope opens up a small GPT trained on the Complete Tang Poems.\n"
                 "\n"
                 "Commands:\n");
    for (size_t i = 0; i < sizeof COMMANDS / sizeof COMMANDS[0]; i++)
        fprintf(out, "  %-10s %s\n", COMMANDS[i].name, COMMANDS[i].summary);
    fprintf(out, "\nIn a terminal, tangscope with no command opens the explorer.\n"
                 "The bundled model is assets/tang.bin; set TANGSCOPE_HOME to run from elsewhere.\n");
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
    if (strcmp(cmd, "--help") == 0 || strcmp(cmd, "-h") == 0 || strcmp(cmd, "help") == 0) {
        usage(stdout);
        return 0;
    }
    for (size_t i = 0; i < sizeof COMMANDS / sizeof COMMANDS[0]; i++)
        if (strcmp(cmd, COMMANDS[i].name) == 0)
            return COMMANDS[i].run(argc - 1, argv + 1);
    fprintf(stderr, "tangscope: unknown command '%s' (tangscope --help lists them)\n", cmd);
    return 2;
}
