/* bytebuf.h - a growing run of bytes: the one buffer that serialises a
 * checkpoint, gathers a lesson's text, builds a frame of the training view
 * and the requests sent to a student's stage program.
 *
 * A ByteBuf starts zeroed ({0}) and owns its bytes. Adding never fails
 * loudly: when memory runs out the buffer keeps what it had, sets `failed`
 * and ignores every later addition, so a writer adds everything and checks
 * once at the end. The bytes are always followed by a NUL that len does not
 * count, so a buffer of text is also a C string.
 */
#ifndef TS_BYTEBUF_H
#define TS_BYTEBUF_H

#include <stddef.h>
#include <stdint.h>

typedef struct {
    char *p;       /* [len] bytes and a NUL after them; NULL until the first addition */
    size_t len;    /* bytes held, the NUL not counted */
    size_t cap;    /* bytes allocated */
    int failed;    /* memory ran out: an addition was dropped, the rest too */
} ByteBuf;

/* Append n bytes (n may be 0). Grows by doubling. */
void bytebuf_put(ByteBuf *b, const void *data, size_t n);
/* Append a C string, without its NUL. */
void bytebuf_str(ByteBuf *b, const char *s);
/* Append text formatted as printf would. */
void bytebuf_fmt(ByteBuf *b, const char *fmt, ...)
#if defined(__GNUC__)
    __attribute__((format(printf, 2, 3)))
#endif
    ;
/* Little-endian, the byte order of every file tangscope writes. */
void bytebuf_u32(ByteBuf *b, uint32_t v);
void bytebuf_u64(ByteBuf *b, uint64_t v);
/* A float32 as its bits. */
void bytebuf_f32(ByteBuf *b, float f);
/* Hand the bytes over as a NUL-terminated string, never NULL for a buffer
 * that did not fail (an empty string when nothing was added); NULL after a
 * failure. The buffer is empty again afterwards; free the string. */
char *bytebuf_take(ByteBuf *b);
/* Empty the buffer for a new run of additions, keeping its memory; a
 * failure is forgotten. */
void bytebuf_clear(ByteBuf *b);
/* Free the bytes; the buffer is empty again. */
void bytebuf_free(ByteBuf *b);

#endif
