/* help_zh.c - the commands' --help in zh (see cli_help.h). */
#include <stddef.h>

#include "cli/cli_help.h"

const CliHelp CLI_HELP_ZH[] = {
    {NULL, NULL},
};

const CliVerbHelp CLI_VERBS_ZH[] = {
    {NULL, NULL},
};
