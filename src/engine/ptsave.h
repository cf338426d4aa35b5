/* ptsave.h - writing what PyTorch and Python read: pickle opcodes and the
 * zip archive torch.save writes.
 *
 * A nanoGPT checkpoint (ckpt.pt) is a zip archive of stored (uncompressed)
 * entries under one folder: data.pkl, a pickle of the saved dict whose
 * tensors name their storages by persistent ids; data/<key>, each storage's
 * raw little-endian bytes; byteorder and version. Its meta.pkl is a plain
 * pickle of dicts, strings and integers. Both are built in memory (a
 * ByteBuf) by the functions here; src/engine/nanoexport.c says what goes in
 * them, and the caller writes the bytes out (fileio.h's rules).
 *
 * The pickle writer emits protocol 2 opcodes one at a time, named as in
 * Python's pickletools. In the PICKLE_MEMO style it also does what Python's
 * pickle module does for the values a meta.pkl holds: each string, dict and
 * list it writes is memoised (BINPUT, then BINGET to refer to it again), and
 * an integer 256..65535 takes BININT2. PICKLE_PLAIN memoises nothing and
 * writes integers as BININT1, BININT or LONG1, as tools/nanogpt_ckpt.py's
 * writer (the export's reference) does; every unpickler reads both.
 *
 * The zip writer follows PKWARE's APPNOTE as Python's zipfile writes it:
 * each entry a local header (version 2.0, stored, dated 1980-01-01 00:00),
 * its name, an extra field with id "FB" whose zero bytes pad the entry's
 * data to start on a 64-byte boundary (as torch.save aligns them, so a
 * storage can be mapped in place), then the data; at the end the central
 * directory (made on Unix, mode 0600) and the end record. No zip64: an
 * archive and each entry stay under 2 GB.
 */
#ifndef TS_PTSAVE_H
#define TS_PTSAVE_H

#include "engine/bytebuf.h"
#include "engine/common.h"

#include <stddef.h>
#include <stdint.h>

/* ---- pickle, protocol 2 ---- */

typedef enum {
    PICKLE_PLAIN, /* no memo; integers as BININT1, BININT or LONG1 */
    PICKLE_MEMO,  /* as Python's pickle.dump(obj, f, protocol=2) */
} PickleStyle;

typedef struct {
    ByteBuf *out;      /* the opcodes are appended here; not owned */
    PickleStyle style;
    uint32_t n_memo;   /* PICKLE_MEMO: the next memo index */
} Pickler;

/* Start a pickle in out: PROTO 2. */
void pickle_begin(Pickler *p, ByteBuf *out, PickleStyle style);
/* STOP: the pickle is whole. */
void pickle_stop(Pickler *p);

void pickle_none(Pickler *p);                 /* NONE */
void pickle_bool(Pickler *p, int v);          /* NEWTRUE, NEWFALSE */
/* The smallest of BININT1 (0..255), BININT2 (256..65535, PICKLE_MEMO only),
 * BININT (a signed 32-bit value) and LONG1 (anything else). */
void pickle_int(Pickler *p, int64_t v);
void pickle_float(Pickler *p, double v);      /* BINFLOAT: 8 bytes, big-endian */
/* BINUNICODE: n bytes of UTF-8 (the caller's to be valid). Returns its memo
 * index (PICKLE_MEMO), for pickle_get; 0 in PICKLE_PLAIN. */
uint32_t pickle_str(Pickler *p, const char *s, size_t n);
/* BINGET or LONG_BINGET: the value memoised at index i again. */
void pickle_get(Pickler *p, uint32_t i);
/* GLOBAL: "c" module "\n" name "\n". */
void pickle_global(Pickler *p, const char *module, const char *name);

void pickle_mark(Pickler *p);        /* MARK: a tuple's, a batch of items' start */
void pickle_tuple(Pickler *p);       /* TUPLE: the values since the mark */
void pickle_empty_tuple(Pickler *p); /* EMPTY_TUPLE */
void pickle_empty_dict(Pickler *p);  /* EMPTY_DICT (memoised in PICKLE_MEMO) */
void pickle_empty_list(Pickler *p);  /* EMPTY_LIST (memoised in PICKLE_MEMO) */
void pickle_setitem(Pickler *p);     /* SETITEM: one key and value into the dict */
void pickle_setitems(Pickler *p);    /* SETITEMS: the pairs since the mark */
void pickle_appends(Pickler *p);     /* APPENDS: the values since the mark */
void pickle_reduce(Pickler *p);      /* REDUCE: call the callable with the tuple */
void pickle_binpersid(Pickler *p);   /* BINPERSID: the value on the stack is a persistent id */

/* ---- zip of stored entries, 64-byte aligned ---- */

#define ZIP_ALIGN 64

typedef struct {
    char *name;      /* owned */
    uint32_t crc;    /* CRC-32 of the data */
    uint32_t size;   /* bytes of data */
    uint32_t offset; /* of its local header from the archive's start */
    uint16_t pad;    /* zero bytes in its "FB" extra field */
} ZipEntry;

typedef struct {
    ByteBuf *out;     /* the archive, from its first byte; not owned */
    ZipEntry *entries; /* [n] (grown as added); owned */
    int n, cap;
    int open;         /* an entry's data are being appended (zip_entry_begin) */
} ZipWriter;

/* An empty archive to be built in out (which should be empty). */
void zip_init(ZipWriter *z, ByteBuf *out);
/* Start an entry called name: its local header goes into out, and the caller
 * then appends the entry's data to z->out itself, as many additions as it
 * likes, before zip_entry_end. Fails (with err) on a name longer than 65,535
 * bytes, an entry still open, or an archive past 2 GB. */
int zip_entry_begin(ZipWriter *z, const char *name, TsErr *err);
/* The entry's data are complete: their size and CRC-32 go into its local
 * header. Fails when they pass 2 GB or memory ran out. */
int zip_entry_end(ZipWriter *z, TsErr *err);
/* zip_entry_begin, the len bytes at data, zip_entry_end. */
int zip_add(ZipWriter *z, const char *name, const void *data, size_t len, TsErr *err);
/* Write the central directory and the end record: out is the archive. */
int zip_finish(ZipWriter *z, TsErr *err);
/* Free the list of entries (not out). */
void zip_free(ZipWriter *z);

#endif
