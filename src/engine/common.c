/* common.c - the error record, checked allocation, the clock and the thread count. */
#define _POSIX_C_SOURCE 200809L
#ifndef TS_POSIX_ONLY
#define _DEFAULT_SOURCE /* madvise's huge-page advice (Linux); else none */
#endif
#include "engine/common.h"

#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <time.h>

#ifdef _OPENMP
#include <omp.h>
#endif

#include "engine/vocab.h"

/* Installed once at the start (common.h), read afterwards. */
static TsTranslator g_translator;

void ts_set_translator(TsTranslator tr) { g_translator = tr; }

const char *ts_text(const char *english)
{
    const char *t = g_translator && english ? g_translator(english) : NULL;
    return t ? t : english;
}

const char *ts_strerror(int errnum) { return ts_text(strerror(errnum)); }

/* Installed with the translator (common.h), read afterwards. */
static TsQuoteMark g_quote_mark;

void ts_set_quote_marks(TsQuoteMark mark) { g_quote_mark = mark; }

const char *ts_quote_mark(int close)
{
    const char *m = g_quote_mark ? g_quote_mark(close) : NULL;
    return m && *m && strlen(m) < 16 ? m : "'";
}

int ts_fail(TsErr *err, const char *fmt, ...)
{
    if (err) {
        va_list ap;
        va_start(ap, fmt);
        vsnprintf(err->msg, sizeof err->msg, ts_text(fmt), ap);
        va_end(ap);
        err->code = 0;
    }
    return -1;
}

/* The escaped form of one character of input, or "" if it stands as it is. */
int ts_cp_unsafe(uint32_t cp)
{
    return cp < 0x20 || cp == 0x7F || (cp >= 0x80 && cp <= 0x9F) /* C0, DEL, C1 */
           || cp == 0x061C || cp == 0x200E || cp == 0x200F      /* direction marks */
           || (cp >= 0x202A && cp <= 0x202E)                    /* embeddings, overrides */
           || (cp >= 0x2066 && cp <= 0x2069)                    /* isolates */
           || cp == 0x2028 || cp == 0x2029;                     /* line, paragraph separator */
}

/* ascii_quote: the marks are ' (which then stands escaped inside). */
static void quote_piece(uint32_t cp, int ascii_quote, char *out, size_t size)
{
    const char *named = cp == '\n' ? "\\n" : cp == '\t' ? "\\t" : cp == '\r' ? "\\r"
                      : cp == 0x1B ? "\\e" : cp == '\'' && ascii_quote ? "\\'"
                      : cp == '\\' ? "\\\\" : NULL;
    if (named)
        snprintf(out, size, "%s", named);
    else if (cp < 0x20 || cp == 0x7F)
        snprintf(out, size, "\\x%02x", (unsigned)cp);
    else if (ts_cp_unsafe(cp))
        snprintf(out, size, "\\u%04X", (unsigned)cp);
    else
        out[0] = 0;
}

const char *ts_quote(TsQuoted *q, const char *text)
{
    static const char ellipsis[] = "…";
    const char *open = ts_quote_mark(0), *close = ts_quote_mark(1);
    size_t n_open = strlen(open), n_close = strlen(close);
    int ascii_quote = strcmp(open, "'") == 0 || strcmp(close, "'") == 0;
    size_t len = strlen(text), pos = 0, at = 0;
    /* room kept for the closing quote, an ellipsis and the NUL */
    size_t room = sizeof q->s - n_close - (sizeof ellipsis - 1) - 1;
    memcpy(q->s, open, n_open);
    at += n_open;
    while (pos < len) {
        size_t start = pos;
        uint32_t cp;
        char piece[16];
        if (utf8_decode(text, len, &pos, &cp) != 0) {
            snprintf(piece, sizeof piece, "\\x%02x", (unsigned)(unsigned char)text[pos]);
            pos++;
        } else {
            quote_piece(cp, ascii_quote, piece, sizeof piece);
        }
        const char *bytes = piece[0] ? piece : text + start;
        size_t n = piece[0] ? strlen(piece) : pos - start;
        if (at + n > room) {
            memcpy(q->s + at, ellipsis, sizeof ellipsis - 1);
            at += sizeof ellipsis - 1;
            break;
        }
        memcpy(q->s + at, bytes, n);
        at += n;
    }
    memcpy(q->s + at, close, n_close);
    at += n_close;
    q->s[at] = 0;
    return q->s;
}

void *ts_calloc(size_t count, size_t size, TsErr *err)
{
    if (count == 0)
        count = 1;
    if (size != 0 && count > SIZE_MAX / size) {
        ts_fail(err, "allocation of %zu x %zu bytes overflows", count, size);
        return NULL;
    }
    void *p = calloc(count, size);
    if (!p)
        ts_fail(err, "out of memory (wanted %zu bytes)", count * size);
    else
        ts_huge_pages(p, count * size); /* (a large calloc is fresh, untouched pages) */
    return p;
}

void ts_huge_pages(void *p, size_t bytes)
{
#ifdef MADV_HUGEPAGE
    /* from the block's first page: a large block is a mapping of its own,
     * which the kernel starts on a 2 MB boundary, so its first 2 MB count */
    const uintptr_t page = 4096, huge = (uintptr_t)2 << 20;
    uintptr_t from = (uintptr_t)p & ~(page - 1);
    if (bytes >= huge)
        (void)madvise((void *)from, (uintptr_t)p + bytes - from, MADV_HUGEPAGE); /* advice: no error to tell */
#else
    (void)p;
    (void)bytes;
#endif
}

float *ts_alloc_floats(size_t count, TsErr *err)
{
    if (count == 0)
        count = 1;
    if (count > SIZE_MAX / sizeof(float) - 64) {
        ts_fail(err, "allocation of %zu floats overflows", count);
        return NULL;
    }
    size_t bytes = (count * sizeof(float) + 63) / 64 * 64;
    void *p = NULL;
    if (posix_memalign(&p, 64, bytes) != 0) {
        ts_fail(err, "out of memory (wanted %zu bytes)", bytes);
        return NULL;
    }
    ts_huge_pages(p, bytes);
    memset(p, 0, bytes);
    return p;
}

double ts_now(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (double)ts.tv_sec + (double)ts.tv_nsec * 1e-9;
}

#ifdef _OPENMP
void ts_set_threads(int n) { omp_set_num_threads(n > 0 ? n : omp_get_num_procs()); }

int ts_threads(void) { return omp_get_max_threads(); }

int ts_thread_id(void) { return omp_get_thread_num(); }

int ts_team_size(void) { return omp_get_num_threads(); }

bool ts_in_parallel(void) { return omp_in_parallel(); }
#else
void ts_set_threads(int n) { (void)n; }

int ts_threads(void) { return 1; }

int ts_thread_id(void) { return 0; }

int ts_team_size(void) { return 1; }

bool ts_in_parallel(void) { return false; }
#endif

uint64_t ts_fnv1a(uint64_t h, const void *data, size_t n)
{
    const unsigned char *p = data;
    for (size_t i = 0; i < n; i++) {
        h ^= p[i];
        h *= 1099511628211ULL;
    }
    return h;
}
