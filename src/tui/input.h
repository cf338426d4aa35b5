/* input.h - keys to Commands, through one table (input.c). */
#ifndef TS_INPUT_H
#define TS_INPUT_H

#include <wchar.h>

#include "commands.h"

/* Key codes for the start and end of a bracketed paste (registered with
 * define_key by tui.c): everything between them is text, even letters,
 * digits and newlines that would otherwise be commands. */
enum { KEY_PASTE_BEGIN = 01000, KEY_PASTE_END = 01001 };

/* What get_wch returned: `is_key` for a function key (KEY_CODE_YES, e.g.
 * KEY_LEFT), else a character; `pasting` inside a bracketed paste. Fills
 * *arg; CMD_NONE for keys that do nothing. A character that is not a key is
 * typed into the prompt. */
Command input_map(int is_key, wint_t key, int pasting, CmdArg *arg);

#endif
