/* cli_help.h - the lessons' verbs described in the run's language (cli_help.c;
 * a command's --help: cli.h cli_help_text). */
#ifndef TS_CLI_HELP_H
#define TS_CLI_HELP_H

/* What lesson verb `verb` ("set top-k") does, one line in the run's
 * language (po/: "verb NAME"); "(lessons)" is the mark before the verbs
 * meant for lessons, with the space the language puts after it. */
const char *cli_verb_help(const char *verb);

#endif
