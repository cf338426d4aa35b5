/* help_fr.c - the commands' --help in fr (see cli_help.h). */
#include <stddef.h>

#include "cli/cli_help.h"

const CliHelp CLI_HELP_FR[] = {
    {NULL, NULL},
};

const CliVerbHelp CLI_VERBS_FR[] = {
    {NULL, NULL},
};
