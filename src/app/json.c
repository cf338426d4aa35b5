/* json.c - strings in JSON (see json.h). */
#include "app/json.h"

#include <string.h>

#include "engine/vocab.h"

/* The inside of a JSON string: s[0..n) with what JSON requires escaped. */
static void put_escaped(FILE *f, const char *s, size_t n)
{
    for (size_t i = 0; i < n; i++) {
        unsigned char c = (unsigned char)s[i];
        if (c == '"' || c == '\\')
            fprintf(f, "\\%c", c);
        else if (c == '\n')
            fputs("\\n", f);
        else if (c < 0x20)
            fprintf(f, "\\u%04x", c);
        else
            fputc(c, f);
    }
}

void json_write_utf8(FILE *f, const char *s, size_t n)
{
    fputc('"', f);
    put_escaped(f, s, n);
    fputc('"', f);
}

void json_write_string(FILE *f, const char *s)
{
    json_write_utf8(f, s, strlen(s));
}

void json_write_cps(FILE *f, const uint32_t *cps, size_t n)
{
    fputc('"', f);
    for (size_t i = 0; i < n; i++) {
        char b[4];
        put_escaped(f, b, (size_t)utf8_encode(cps[i], b));
    }
    fputc('"', f);
}
