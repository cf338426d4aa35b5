/* cli_help.c - each command's --help and the lesson verbs' lines in the
 * run's language: the texts of po/ ("help CMD", "verb NAME"), English where a
 * language has none. Each help lists the same options (flags as they are)
 * as the English one: tests/e2e/help_lang.sh holds every language's help to
 * the options the parser takes (--list-options). */
#include "cli/cli.h"
#include "cli/cli_help.h"

#include "app/po.h"

const char *cli_help_text(const char *cmd)
{
    const char *text = po_help(cli_lang(), cmd);
    return text ? text : "";
}

const char *cli_verb_help(const char *verb)
{
    const char *text = po_verb(cli_lang(), verb);
    return text ? text : "";
}
