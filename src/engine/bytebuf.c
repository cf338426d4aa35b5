/* bytebuf.c - a growing run of bytes (see bytebuf.h). */
#include "engine/bytebuf.h"

#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* Room for n more bytes and the NUL after them; 0, or -1 (and failed set)
 * when memory ran out. */
static int reserve(ByteBuf *b, size_t n)
{
    if (b->failed)
        return -1;
    if (b->len + n + 1 <= b->cap)
        return 0;
    size_t cap = b->cap ? b->cap : 256;
    while (cap < b->len + n + 1)
        cap *= 2;
    char *bigger = realloc(b->p, cap);
    if (!bigger) {
        b->failed = 1;
        return -1;
    }
    b->p = bigger;
    b->cap = cap;
    return 0;
}

void bytebuf_put(ByteBuf *b, const void *data, size_t n)
{
    if (reserve(b, n) != 0)
        return;
    if (n)
        memcpy(b->p + b->len, data, n);
    b->len += n;
    b->p[b->len] = 0;
}

void bytebuf_str(ByteBuf *b, const char *s) { bytebuf_put(b, s, strlen(s)); }

void bytebuf_fmt(ByteBuf *b, const char *fmt, ...)
{
    if (b->failed)
        return;
    /* Most additions fit the room there is: format once, straight in. */
    size_t room = b->p ? b->cap - b->len : 0;
    va_list ap;
    va_start(ap, fmt);
    int k = vsnprintf(room ? b->p + b->len : NULL, room, fmt, ap);
    va_end(ap);
    if (k < 0) {
        b->failed = 1;
        return;
    }
    if ((size_t)k >= room) {
        if (reserve(b, (size_t)k) != 0) {
            if (b->p) /* the try above wrote past the NUL */
                b->p[b->len] = 0;
            return;
        }
        va_start(ap, fmt);
        vsnprintf(b->p + b->len, (size_t)k + 1, fmt, ap);
        va_end(ap);
    }
    b->len += (size_t)k;
}

void bytebuf_clear(ByteBuf *b)
{
    b->len = 0;
    b->failed = 0;
    if (b->p)
        b->p[0] = 0;
}

void bytebuf_u32(ByteBuf *b, uint32_t v)
{
    unsigned char x[4] = {(unsigned char)v, (unsigned char)(v >> 8), (unsigned char)(v >> 16),
                          (unsigned char)(v >> 24)};
    bytebuf_put(b, x, 4);
}

void bytebuf_u64(ByteBuf *b, uint64_t v)
{
    bytebuf_u32(b, (uint32_t)v);
    bytebuf_u32(b, (uint32_t)(v >> 32));
}

void bytebuf_f32(ByteBuf *b, float f)
{
    uint32_t u;
    memcpy(&u, &f, 4);
    bytebuf_u32(b, u);
}

char *bytebuf_take(ByteBuf *b)
{
    if (!b->p && !b->failed)
        bytebuf_put(b, "", 0);
    char *p = b->failed ? NULL : b->p;
    if (b->failed)
        free(b->p);
    *b = (ByteBuf){0};
    return p;
}

void bytebuf_free(ByteBuf *b)
{
    free(b->p);
    *b = (ByteBuf){0};
}
