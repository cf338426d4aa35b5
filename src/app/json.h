/* json.h - strings in JSON, written the one way every JSON output of tangscope
 * writes them (the explorer's session file, generate --trace and --json, the
 * other commands' --json, and the requests to a student's stage program).
 *
 * Each writes a whole JSON string, quotes included: '"' and '\' escaped, the
 * newline as \n, other control characters as \u00XX, DEL, the C1 controls,
 * the bidirectional controls and U+2028/U+2029 (ts_cp_unsafe) as \uXXXX too,
 * so that JSON read on a terminal acts on nothing, and every other byte
 * (UTF-8 included) as it is. The text is expected to be valid UTF-8; bytes
 * that are not pass through unchanged.
 */
#ifndef TS_JSON_H
#define TS_JSON_H

#include <stddef.h>
#include <stdint.h>
#include <stdio.h>

#include "engine/bytebuf.h"

/* The NUL-terminated string s. */
void json_write_string(FILE *f, const char *s);
/* n bytes of UTF-8 from s (they may hold a NUL, written as \u0000). */
void json_write_utf8(FILE *f, const char *s, size_t n);
/* n code points, written as UTF-8 (one that is not a valid scalar value is
 * left out). */
void json_write_cps(FILE *f, const uint32_t *cps, size_t n);
/* The NUL-terminated string s, added to b. */
void json_add_string(ByteBuf *b, const char *s);

/* ---- reading: one checker for every JSON tangscope reads (a session file,
 * a student's program's answers, stageprog.h) ---- */

/* Is s[0..n) one JSON value, white space around it allowed? Nesting deeper
 * than 64 levels is refused. */
int json_valid(const char *s, size_t n);
/* In a valid text (json_valid) that is an object: the offset in s where the
 * value of its member `key` starts (the first such member), or 0 when it has
 * none or the text is no object. */
size_t json_member(const char *s, size_t n, const char *key);
/* The offset of the first character from `at` on that is no white space. */
size_t json_skip_space(const char *s, size_t n, size_t at);
/* A number as JSON writes it, after white space from *at: its value, and
 * *integer = 1 when it has no fraction and no exponent; *at moves past it.
 * Returns 0, or -1 when no number starts there. */
int json_number(const char *s, size_t n, size_t *at, double *value, int *integer);

/* Reading back what these wrote (tangscope --session): the value of the
 * top-level member "key" of json, a NUL-terminated text that must be valid
 * JSON (a damaged one has no members). A string is unescaped into out
 * (at most size - 1 bytes, then cut) and its length returned; -1 when the key
 * is missing, its value is not a string (null is not one) or the string is
 * damaged. A boolean: 1 or 0, -1 when missing or not true/false. */
int json_read_string(const char *json, const char *key, char *out, size_t size);
int json_read_bool(const char *json, const char *key);
/* 1 when the value of the first "key": is null, else 0. */
int json_read_null(const char *json, const char *key);

#endif
