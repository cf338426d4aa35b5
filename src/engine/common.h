/* common.h - what every engine module shares: the error record and a few helpers.
 *
 * Engine functions never print and never exit. A function that can fail returns
 * 0 on success and -1 on failure, and on failure fills a TsErr with one line that
 * says what was wrong and, where it helps, what to do about it. The caller (the
 * CLI, the explorer, a test) decides how to show it.
 */
#ifndef TS_COMMON_H
#define TS_COMMON_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#define TS_ERR_MAX 512

typedef struct {
    char msg[TS_ERR_MAX]; /* one line, no trailing newline */
    int code;             /* the errno of a failure a caller may tell apart (EPIPE: an
                           * output's reader went away, output_write_failed), or
                           * TS_ERR_OUTPUT_PATH (fileio.h: an output refused by its
                           * path); else 0 */
} TsErr;

/* Fill err (if not NULL) with a printf-style message (and code 0), the format
 * first put through the translator (ts_set_translator below); always returns
 * -1 so a failing path can say `return ts_fail(err, "...")`. */
int ts_fail(TsErr *err, const char *fmt, ...)
#if defined(__GNUC__)
    __attribute__((format(printf, 2, 3)))
#endif
    ;

/* ---- the language of the messages ----
 * Engine messages are English printf formats. A program that speaks another
 * language installs a translator: given an English format, a fixed phrase a
 * message takes as an argument (ts_text) or the C library's text for an errno
 * (ts_strerror), it returns the same in its language, with the same
 * conversions in the same order, or NULL to keep the English. So the engine
 * knows no language and no table (src/app/errtext.c holds them), and no
 * engine function takes a language. Install it before any thread starts,
 * as ts_set_threads; NULL, the default, keeps every message English. */
typedef const char *(*TsTranslator)(const char *english);
void ts_set_translator(TsTranslator tr);
/* The quotation marks around a piece of input that a message echoes
 * (ts_quote): mark(0) opens, mark(1) closes, each a few bytes ("«" and a
 * no-break space); installed with the translator, by the same program
 * thread. NULL, the default, or a mark that returns NULL or "": '...'. */
typedef const char *(*TsQuoteMark)(int close);
void ts_set_quote_marks(TsQuoteMark mark);
/* The installed mark that opens (close 0) or closes (1) an echoed text;
 * ' unless the program installed its language's. */
const char *ts_quote_mark(int close);
/* english in the installed language (or english itself). */
const char *ts_text(const char *english);
/* strerror(errnum), in the installed language where the table has it. */
const char *ts_strerror(int errnum);

/* A piece of user input (an argument, a file name, a prompt) made safe to
 * echo in a one-line message: between the installed quotation marks (single
 * quotes unless ts_set_quote_marks said otherwise), with the backslash and
 * a single quote that is the mark escaped, control characters written as \n, \t, \r, \e or \xNN,
 * the other code points of ts_cp_unsafe (C1 controls, bidirectional
 * controls, U+2028, U+2029) as \uXXXX, bytes that are not
 * UTF-8 as \xNN, and cut off with "…" where it would pass TS_QUOTE_MAX
 * bytes. A message then stays one line, and a terminal never interprets what
 * the user typed. Every message that echoes input goes through it. Returns
 * q->s, to stand as a printf argument; two quoted strings in one message need
 * two TsQuoted. */
/* Would this code point, echoed as it is, make a terminal do something
 * rather than show a character: a C0 or C1 control, DEL, a bidirectional
 * mark, embedding, override or isolate (U+061C, U+200E, U+200F,
 * U+202A-U+202E, U+2066-U+2069), or the line and paragraph separators
 * U+2028 and U+2029? ts_quote and every message naming a character escape
 * these. */
int ts_cp_unsafe(uint32_t cp);

#define TS_QUOTE_MAX 200 /* bytes, with the quotes and the terminating NUL */
typedef struct {
    char s[TS_QUOTE_MAX];
} TsQuoted;
const char *ts_quote(TsQuoted *q, const char *text);

/* Allocation that reports failure through err instead of returning NULL
 * silently. Memory comes back zeroed. */
void *ts_calloc(size_t count, size_t size, TsErr *err);

/* Aligned (64-byte) zeroed allocation for float arrays the kernels stream
 * through; free with free(). */
float *ts_alloc_floats(size_t count, TsErr *err);

/* Ask for the block at p (bytes long, not yet touched) to be backed by 2 MB
 * pages where the system offers them (Linux transparent huge pages in
 * "madvise" mode); elsewhere, or for a block under 2 MB, nothing. Each 4 KB
 * page a program first touches costs a page fault, and a model, its packed
 * weights and its file take some 6000 of them: most of a short command's
 * time. ts_calloc, ts_alloc_floats and read_file ask for it themselves. */
void ts_huge_pages(void *p, size_t bytes);

/* Monotonic clock in seconds, for progress lines and benchmarks. */
double ts_now(void);

/* How a long engine loop says how far it is (the engine never prints): it
 * calls fn(ctx, done, total) now and then with done of total of its own
 * units; the caller shows it (cli/progress.h). fn NULL: nobody asked. */
typedef void (*TsProgressFn)(void *ctx, size_t done, size_t total);

/* The threads the engine's parallel loops may use (OpenMP); n <= 0 means one
 * per core. Inference gives the same numbers on any count, only sooner.
 * A build without OpenMP (make OPENMP=0) has one thread: ts_threads is 1,
 * the parallel loops' pragmas are ignored, and inside them ts_thread_id is
 * 0 and ts_team_size 1. */
void ts_set_threads(int n);
int ts_threads(void);
int ts_thread_id(void);     /* this thread's number in its parallel region, 0 outside */
int ts_team_size(void);     /* the threads of the current parallel region, 1 outside */
bool ts_in_parallel(void);  /* inside a parallel region with more than one thread */

/* FNV-1a, 64 bits: h carried on over the n bytes at data (start with
 * TS_FNV_START). A fingerprint, not a defence: files' own checksums are
 * CRC-32 (fileio.h). */
#define TS_FNV_START 14695981039346656037ULL
uint64_t ts_fnv1a(uint64_t h, const void *data, size_t n);

#endif
