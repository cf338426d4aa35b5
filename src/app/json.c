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

/* ---- reading ---- */

/* Where the value of the first "key": starts (spaces skipped), or NULL. */
static const char *json_value(const char *json, const char *key)
{
    size_t klen = strlen(key);
    for (const char *p = strchr(json, '"'); p; p = strchr(p + 1, '"')) {
        if (strncmp(p + 1, key, klen) != 0 || p[1 + klen] != '"')
            continue;
        const char *v = p + 2 + klen;
        v += strspn(v, " \t\r\n");
        if (*v != ':')
            continue;
        v++;
        return v + strspn(v, " \t\r\n");
    }
    return NULL;
}

static int hex4(const char *s, uint32_t *out)
{
    uint32_t v = 0;
    for (int i = 0; i < 4; i++) {
        char c = s[i];
        int d = c >= '0' && c <= '9' ? c - '0' : c >= 'a' && c <= 'f' ? c - 'a' + 10
                : c >= 'A' && c <= 'F' ? c - 'A' + 10 : -1;
        if (d < 0)
            return -1;
        v = v * 16 + (uint32_t)d;
    }
    *out = v;
    return 0;
}

int json_read_string(const char *json, const char *key, char *out, size_t size)
{
    const char *v = json_value(json, key);
    if (!v || *v != '"' || size == 0)
        return -1;
    size_t n = 0;
    int cut = 0; /* out is full: the rest is read, not kept */
    for (v++; *v && *v != '"'; v++) {
        char buf[4];
        size_t len = 1;
        buf[0] = *v;
        unsigned char lead = (unsigned char)*v;
        if (lead >= 0xC0) { /* a whole UTF-8 character, so a cut never splits one */
            size_t want = lead >= 0xF0 ? 4 : lead >= 0xE0 ? 3 : 2;
            while (len < want && ((unsigned char)v[len] & 0xC0) == 0x80) {
                buf[len] = v[len];
                len++;
            }
            v += len - 1;
        } else if (*v == '\\') {
            v++;
            uint32_t cp;
            switch (*v) {
            case '"': case '\\': case '/': buf[0] = *v; break;
            case 'n': buf[0] = '\n'; break;
            case 't': buf[0] = '\t'; break;
            case 'r': buf[0] = '\r'; break;
            case 'b': buf[0] = '\b'; break;
            case 'f': buf[0] = '\f'; break;
            case 'u':
                if (hex4(v + 1, &cp) != 0)
                    return -1;
                v += 4;
                if (cp >= 0xD800 && cp <= 0xDBFF) { /* a surrogate pair */
                    uint32_t lo;
                    if (v[1] != '\\' || v[2] != 'u' || hex4(v + 3, &lo) != 0 || lo < 0xDC00 ||
                        lo > 0xDFFF)
                        return -1;
                    cp = 0x10000 + ((cp - 0xD800) << 10) + (lo - 0xDC00);
                    v += 6;
                }
                len = (size_t)utf8_encode(cp, buf);
                break;
            default:
                return -1;
            }
        }
        if (!cut && n + len < size) {
            memcpy(out + n, buf, len);
            n += len;
        } else {
            cut = 1;
        }
    }
    if (*v != '"')
        return -1;
    out[n] = 0;
    return (int)n;
}

int json_read_bool(const char *json, const char *key)
{
    const char *v = json_value(json, key);
    if (v && strncmp(v, "true", 4) == 0)
        return 1;
    if (v && strncmp(v, "false", 5) == 0)
        return 0;
    return -1;
}

int json_read_null(const char *json, const char *key)
{
    const char *v = json_value(json, key);
    return v && strncmp(v, "null", 4) == 0;
}
