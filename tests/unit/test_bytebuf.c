/* test_bytebuf.c - the one growing buffer: formatted additions that cross
 * its capacity keep every byte in order and the NUL after them; emptying it
 * keeps nothing of the last run. Expected texts are written out by hand. */
#include <string.h>

#include "check.h"
#include "engine/bytebuf.h"

/* Three hundred numbered items cross the first allocation (256 bytes) and
 * several doublings; the text must be exactly what they say, in order. */
static void test_fmt_grows(void)
{
    ByteBuf b = {0};
    size_t want_len = 0;
    for (int i = 0; i < 300; i++) {
        bytebuf_fmt(&b, "[%03d]", i);
        want_len += 5;
    }
    CHECK(!b.failed, "an addition failed");
    CHECK(b.len == want_len, "len %zu, want %zu", b.len, want_len);
    CHECK(b.p && strlen(b.p) == b.len, "the NUL is not right after the text");
    CHECK(b.p && memcmp(b.p, "[000][001][002]", 15) == 0, "start: %.15s", b.p);
    CHECK(b.p && strcmp(b.p + b.len - 10, "[298][299]") == 0, "end: %s", b.p + b.len - 10);
    bytebuf_free(&b);
}

/* One addition longer than everything before it, past the room there is. */
static void test_fmt_long_piece(void)
{
    ByteBuf b = {0};
    char piece[1001];
    memset(piece, 'x', 1000);
    piece[1000] = 0;
    bytebuf_str(&b, "ab");
    bytebuf_fmt(&b, "<%s>%d", piece, 7);
    CHECK(b.len == 2 + 1 + 1000 + 1 + 1, "len %zu", b.len);
    CHECK(b.p && memcmp(b.p, "ab<x", 4) == 0 && strcmp(b.p + 1002, "x>7") == 0,
          "text: %.4s...%s", b.p, b.p + 1002);
    bytebuf_free(&b);
}

static void test_clear_starts_anew(void)
{
    ByteBuf b = {0};
    bytebuf_fmt(&b, "%s %d", "first", 1);
    bytebuf_clear(&b);
    CHECK(b.len == 0 && b.p && b.p[0] == 0, "not empty after clear");
    bytebuf_fmt(&b, "%s", "again");
    CHECK(b.p && strcmp(b.p, "again") == 0, "after clear: %s", b.p);
    char *s = bytebuf_take(&b);
    CHECK(s && strcmp(s, "again") == 0, "taken: %s", s);
    CHECK(b.p == NULL && b.len == 0, "the buffer still holds bytes after take");
    free(s);
}

int main(void)
{
    RUN(test_fmt_grows);
    RUN(test_fmt_long_piece);
    RUN(test_clear_starts_anew);
    return test_summary();
}
