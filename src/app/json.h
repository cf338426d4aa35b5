/* json.h - strings in JSON, written the one way every JSON output of tangscope
 * writes them (the explorer's session file, generate --trace and --json, and
 * the other commands' --json).
 *
 * Each writes a whole JSON string, quotes included: '"' and '\' escaped, the
 * newline as \n, other control characters as \u00XX, and every other byte
 * (UTF-8 included) as it is. The text is expected to be valid UTF-8; bytes
 * that are not pass through unchanged.
 */
#ifndef TS_JSON_H
#define TS_JSON_H

#include <stddef.h>
#include <stdint.h>
#include <stdio.h>

/* The NUL-terminated string s. */
void json_write_string(FILE *f, const char *s);
/* n bytes of UTF-8 from s (they may hold a NUL, written as \u0000). */
void json_write_utf8(FILE *f, const char *s, size_t n);
/* n code points, written as UTF-8 (one that is not a valid scalar value is
 * left out). */
void json_write_cps(FILE *f, const uint32_t *cps, size_t n);

/* Reading back what these wrote (tangscope --session): the value of the first
 * `"key":` in json, a NUL-terminated text. A string is unescaped into out
 * (at most size - 1 bytes, then cut) and its length returned; -1 when the key
 * is missing, its value is not a string (null is not one) or the string is
 * damaged. A boolean: 1 or 0, -1 when missing or not true/false. */
int json_read_string(const char *json, const char *key, char *out, size_t size);
int json_read_bool(const char *json, const char *key);
/* 1 when the value of the first "key": is null, else 0. */
int json_read_null(const char *json, const char *key);

#endif
