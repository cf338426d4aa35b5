/* json.c - strings in JSON (see json.h). */
#include "app/json.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "engine/vocab.h"

/* The character at s[*pos..n) as it stands inside a JSON string: itself, or
 * its escape; into out, returns how many bytes, and steps *pos past it. DEL,
 * the C1 controls, the bidirectional controls and the line and paragraph
 * separators (ts_cp_unsafe) are escaped as well as what JSON requires, so
 * that JSON shown on a terminal moves or reorders nothing either. A byte
 * that is not UTF-8 stands as it is. */
static int escaped(const char *s, size_t n, size_t *pos, char out[8])
{
    unsigned char c = (unsigned char)s[*pos];
    size_t at = *pos;
    uint32_t cp;
    if (c >= 0x7F && utf8_decode(s, n, &at, &cp) == 0 && ts_cp_unsafe(cp)) {
        *pos = at;
        return snprintf(out, 8, "\\u%04x", (unsigned)cp);
    }
    *pos += 1;
    if (c == '"' || c == '\\')
        return snprintf(out, 8, "\\%c", c);
    if (c == '\n')
        return snprintf(out, 8, "\\n");
    if (c < 0x20)
        return snprintf(out, 8, "\\u%04x", c);
    out[0] = (char)c;
    return 1;
}

/* The inside of a JSON string: s[0..n) with what JSON requires escaped. */
static void put_escaped(FILE *f, const char *s, size_t n)
{
    for (size_t i = 0; i < n;) {
        char e[8];
        fwrite(e, 1, (size_t)escaped(s, n, &i, e), f);
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

void json_add_string(ByteBuf *b, const char *s)
{
    bytebuf_str(b, "\"");
    size_t n = strlen(s);
    for (size_t i = 0; i < n;) {
        char e[8];
        bytebuf_put(b, e, (size_t)escaped(s, n, &i, e));
    }
    bytebuf_str(b, "\"");
}

/* ---- reading: the checker ---- */

typedef struct {
    const char *s;
    size_t i, n;
    int depth;
} Json;

static void ws(Json *j)
{
    while (j->i < j->n && (j->s[j->i] == ' ' || j->s[j->i] == '\t' || j->s[j->i] == '\n' ||
                           j->s[j->i] == '\r'))
        j->i++;
}

/* Steps over the next byte when it is c; 1 when it did. */
static int eat(Json *j, char c)
{
    if (j->i >= j->n || j->s[j->i] != c)
        return 0;
    j->i++;
    return 1;
}

static int lit(Json *j, const char *word)
{
    size_t k = strlen(word);
    if (j->n - j->i < k || memcmp(j->s + j->i, word, k) != 0)
        return -1;
    j->i += k;
    return 0;
}

static int hexval(char c)
{
    if (c >= '0' && c <= '9')
        return c - '0';
    if (c >= 'a' && c <= 'f')
        return c - 'a' + 10;
    if (c >= 'A' && c <= 'F')
        return c - 'A' + 10;
    return -1;
}

/* A string; its raw inside (escapes as written) in [*from, *to). */
static int string(Json *j, size_t *from, size_t *to)
{
    if (!eat(j, '"'))
        return -1;
    *from = j->i;
    while (j->i < j->n) {
        unsigned char c = (unsigned char)j->s[j->i];
        if (c == '"') {
            *to = j->i++;
            return 0;
        }
        if (c < 0x20)
            return -1;
        if (c == '\\') {
            if (++j->i >= j->n)
                return -1;
            char e = j->s[j->i];
            if (e == 'u') {
                if (j->n - j->i < 5)
                    return -1;
                for (int k = 1; k <= 4; k++)
                    if (hexval(j->s[j->i + k]) < 0)
                        return -1;
                j->i += 4;
            } else if (!strchr("\"\\/bfnrt", e) || e == 0) {
                return -1;
            }
        }
        j->i++;
    }
    return -1;
}

/* A number as JSON writes it; *integer is set when it has no fraction or
 * exponent, and *value to its value. */
static int number(Json *j, double *value, int *integer)
{
    size_t start = j->i;
    *integer = 1;
    eat(j, '-');
    if (j->i >= j->n || j->s[j->i] < '0' || j->s[j->i] > '9')
        return -1;
    if (j->s[j->i] == '0')
        j->i++;
    else
        while (j->i < j->n && j->s[j->i] >= '0' && j->s[j->i] <= '9')
            j->i++;
    if (j->i < j->n && j->s[j->i] == '.') {
        *integer = 0;
        j->i++;
        if (j->i >= j->n || j->s[j->i] < '0' || j->s[j->i] > '9')
            return -1;
        while (j->i < j->n && j->s[j->i] >= '0' && j->s[j->i] <= '9')
            j->i++;
    }
    if (j->i < j->n && (j->s[j->i] == 'e' || j->s[j->i] == 'E')) {
        *integer = 0;
        j->i++;
        if (j->i < j->n && (j->s[j->i] == '+' || j->s[j->i] == '-'))
            j->i++;
        if (j->i >= j->n || j->s[j->i] < '0' || j->s[j->i] > '9')
            return -1;
        while (j->i < j->n && j->s[j->i] >= '0' && j->s[j->i] <= '9')
            j->i++;
    }
    char tmp[64];
    size_t k = j->i - start;
    if (k >= sizeof tmp) {
        *value = HUGE_VAL; /* too long to be an id */
        *integer = 0;
        return 0;
    }
    memcpy(tmp, j->s + start, k);
    tmp[k] = 0;
    *value = strtod(tmp, NULL);
    return 0;
}

static int value(Json *j);

static int array(Json *j)
{
    j->i++; /* [ */
    ws(j);
    if (eat(j, ']'))
        return 0;
    for (;;) {
        if (value(j) != 0)
            return -1;
        ws(j);
        if (!eat(j, ','))
            return eat(j, ']') ? 0 : -1;
    }
}

static int object(Json *j)
{
    j->i++; /* { */
    ws(j);
    if (eat(j, '}'))
        return 0;
    for (;;) {
        size_t a, b;
        ws(j);
        if (string(j, &a, &b) != 0)
            return -1;
        ws(j);
        if (!eat(j, ':') || value(j) != 0)
            return -1;
        ws(j);
        if (!eat(j, ','))
            return eat(j, '}') ? 0 : -1;
    }
}

static int value(Json *j)
{
    ws(j);
    if (j->i >= j->n)
        return -1;
    if (++j->depth > 64)
        return -1;
    int rc;
    size_t a, b;
    double v;
    int integer;
    switch (j->s[j->i]) {
    case '{': rc = object(j); break;
    case '[': rc = array(j); break;
    case '"': rc = string(j, &a, &b); break;
    case 't': rc = lit(j, "true"); break;
    case 'f': rc = lit(j, "false"); break;
    case 'n': rc = lit(j, "null"); break;
    default: rc = number(j, &v, &integer); break;
    }
    j->depth--;
    return rc;
}

size_t json_member(const char *s, size_t n, const char *key)
{
    size_t klen = strlen(key);
    Json j = {s, 0, n, 0};
    ws(&j);
    if (j.i >= n || s[j.i] != '{')
        return 0;
    j.i++;
    ws(&j);
    if (j.i < n && s[j.i] == '}')
        return 0;
    for (;;) {
        size_t a, b;
        ws(&j);
        if (string(&j, &a, &b) != 0)
            return 0;
        ws(&j);
        if (j.i >= n || s[j.i] != ':')
            return 0;
        j.i++;
        ws(&j);
        if (b - a == klen && memcmp(s + a, key, klen) == 0)
            return j.i;
        if (value(&j) != 0)
            return 0;
        ws(&j);
        if (j.i >= n || s[j.i] != ',')
            return 0;
        j.i++;
    }
}

int json_valid(const char *s, size_t n)
{
    Json j = {s, 0, n, 0};
    if (value(&j) != 0)
        return 0;
    ws(&j);
    return j.i == n;
}

size_t json_skip_space(const char *s, size_t n, size_t at)
{
    Json j = {s, at, n, 0};
    ws(&j);
    return j.i;
}

int json_number(const char *s, size_t n, size_t *at, double *value_out, int *integer)
{
    Json j = {s, json_skip_space(s, n, *at), n, 0};
    if (number(&j, value_out, integer) != 0)
        return -1;
    *at = j.i;
    return 0;
}
/* ---- reading: values ---- */

/* Where the value of the top-level member "key" starts, or NULL (also when
 * the text is not valid JSON: a damaged file reads as nothing). */
static const char *json_value(const char *json, const char *key)
{
    size_t n = strlen(json);
    if (!json_valid(json, n))
        return NULL;
    size_t at = json_member(json, n, key);
    return at ? json + at : NULL;
}

static int hex4(const char *s, uint32_t *out)
{
    uint32_t v = 0;
    for (int i = 0; i < 4; i++) {
        int d = hexval(s[i]);
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
