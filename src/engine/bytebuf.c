/* bytebuf.c - a growing run of bytes (see bytebuf.h). */
#include "engine/bytebuf.h"

#include <stdlib.h>
#include <string.h>

void bytebuf_put(ByteBuf *b, const void *data, size_t n)
{
    if (b->failed)
        return;
    if (b->len + n + 1 > b->cap) { /* + 1: the NUL after the bytes */
        size_t cap = b->cap ? b->cap : 256;
        while (cap < b->len + n + 1)
            cap *= 2;
        char *bigger = realloc(b->p, cap);
        if (!bigger) {
            b->failed = 1;
            return;
        }
        b->p = bigger;
        b->cap = cap;
    }
    if (n)
        memcpy(b->p + b->len, data, n);
    b->len += n;
    b->p[b->len] = 0;
}

void bytebuf_str(ByteBuf *b, const char *s) { bytebuf_put(b, s, strlen(s)); }

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
