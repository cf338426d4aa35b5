/* cli_help.c - each command's --help in the interface language.
 *
 * A command's English help stays beside its options (cli_NAME.c) and is what
 * cli_parse gets; the other languages' are in help_zh.c, help_de.c and
 * help_fr.c, one row per command, found here by the command's name. Each
 * lists the same options (flags as they are) as the English one: the test
 * tests/e2e/help_lang.sh holds every language's help to the options the
 * parser takes (--list-options). */
#include <stdlib.h>
#include <string.h>

#include "cli/cli.h"
#include "cli/cli_help.h"

/* The helps of each language; English: the commands' own. */
static const CliHelp *const BY_LANG[LANG_COUNT] = {
    [LANG_EN] = NULL,
    [LANG_ZH] = CLI_HELP_ZH,
    [LANG_DE] = CLI_HELP_DE,
    [LANG_FR] = CLI_HELP_FR,
};

const char *cli_help_text(const char *cmd, const char *english)
{
    const CliHelp *rows = BY_LANG[cli_lang()];
    for (int i = 0; rows && cmd && rows[i].cmd; i++) {
        if (strcmp(rows[i].cmd, cmd) != 0)
            continue;
        /* its parts joined: each within the length C compilers must take
         * for one string */
        static char *joined;
        size_t n = 1;
        for (const char *const *p = rows[i].parts; *p; p++)
            n += strlen(*p);
        free(joined);
        joined = malloc(n);
        if (!joined)
            return english;
        joined[0] = 0;
        for (const char *const *p = rows[i].parts; *p; p++)
            strcat(joined, *p);
        return joined;
    }
    return english;
}

static const CliVerbHelp *const VERBS_BY_LANG[LANG_COUNT] = {
    [LANG_EN] = NULL,
    [LANG_ZH] = CLI_VERBS_ZH,
    [LANG_DE] = CLI_VERBS_DE,
    [LANG_FR] = CLI_VERBS_FR,
};

const char *cli_verb_help(const char *verb, const char *english)
{
    const CliVerbHelp *rows = VERBS_BY_LANG[cli_lang()];
    for (int i = 0; rows && rows[i].verb; i++)
        if (strcmp(rows[i].verb, verb) == 0)
            return rows[i].help;
    return english;
}
