/* checkpoint.h - the training checkpoint: everything a resumed run needs to
 * continue exactly where it stopped (the settings, the step, the generator,
 * the weights and both AdamW moments), in one file.
 *
 * The format: a 32-byte header (magic "TSCKPT04", u32 CRC-32 at offset 8,
 * u64 length of the rest at 12, 12 zero bytes), then the settings, progress,
 * generator state, the elapsed training time, the training and validation
 * files (path, CRC-32 and size of each), the model file image and both AdamW
 * moments, all little-endian. The CRC-32 covers the whole file but its own
 * four bytes, the header included. The elapsed time is the only thing two
 * identical runs write differently: a float64 at byte 152 (the header, 72
 * bytes of settings, 16 of progress, 32 of generator state before it).
 * Read too, with the CRC-32 over what follows the header alone and neither
 * the files nor the time: "TSCKPT03", "TSCKPT02" (without the precision)
 * and "TSCKPT01" (without the short-window settings either; both were
 * float32 runs).
 */
#ifndef TS_CHECKPOINT_H
#define TS_CHECKPOINT_H

#include "engine/train.h"

/* Write tr (and its model) to path, atomically (fileio.h: a temporary name,
 * renamed once complete). Returns 0, or -1 with a message naming path. */
int checkpoint_save(const Trainer *tr, const char *path, TsErr *err);
/* Load into a fresh model and trainer (both initialised here; on failure
 * neither holds anything). bf16 is the precision to continue in: -1 as the
 * checkpoint says, else 0 or 1. Fails, naming path, on a file of another
 * kind, a damaged one (its checksum, its length) or one cut short. */
int checkpoint_load(Model *model, Trainer *tr, const char *path, int bf16, TsErr *err);

#endif
