/* cli_help.h - the commands' --help in Chinese, German and French (cli_help.c). */
#ifndef TS_CLI_HELP_H
#define TS_CLI_HELP_H

/* One command's help in one language: its parts, in order, then NULL. */
typedef struct {
    const char *cmd;          /* "probs"; NULL ends a table */
    const char *const *parts; /* joined as they are */
} CliHelp;

extern const CliHelp CLI_HELP_ZH[];
extern const CliHelp CLI_HELP_DE[];
extern const CliHelp CLI_HELP_FR[];

/* What a verb of the lessons does (script.c ScriptVerb.help), in a language;
 * the row "(lessons)" is the mark before those meant for lessons, with the
 * space the language puts after it. */
typedef struct {
    const char *verb; /* "set top-k"; NULL ends a table */
    const char *help;
} CliVerbHelp;

extern const CliVerbHelp CLI_VERBS_ZH[];
extern const CliVerbHelp CLI_VERBS_DE[];
extern const CliVerbHelp CLI_VERBS_FR[];

/* A verb's line in the run's language, or `english` (cli_help.c). */
const char *cli_verb_help(const char *verb, const char *english);

#endif
