/* help_de.c - the commands' --help in de (see cli_help.h). */
#include <stddef.h>

#include "cli/cli_help.h"

const CliHelp CLI_HELP_DE[] = {
    {NULL, NULL},
};

const CliVerbHelp CLI_VERBS_DE[] = {
    {NULL, NULL},
};
