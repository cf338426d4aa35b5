/* nanoexport.h - a tangscope model as nanoGPT's checkpoint and meta.pkl.
 *
 * What nanoGPT's train.py saves and its sample.py loads, built in memory
 * (ptsave.h writes the pickles and the zip), byte for byte what the
 * reference tools/export-nanogpt.py writes for the same model:
 *
 *   ckpt.pt: {'model': the state_dict, in nanoGPT's order (wte, wpe, the
 *            blocks, ln_f, lm_head; keys from nanokeys.h), each tensor
 *            float32 with a storage of its own but lm_head.weight, which
 *            shares wte's (storage "0": the tied output layer),
 *            'model_args': {n_layer, n_head, n_embd, block_size, bias,
 *            vocab_size, dropout 0.0}, 'iter_num': 0, 'best_val_loss': 0.0,
 *            'config': {'dataset': DATASET}, 'tangscope_gelu': 'tanh' or
 *            'erf', 'tangscope_ln_eps': the epsilon}
 *   meta.pkl: {'vocab_size': V, 'itos': {id: character}, 'stoi':
 *            {character: id}}, as Python's pickle.dump(protocol=2) writes it
 *
 * bias is False, and the bias keys absent, when every bias of the model is
 * zero (a model imported from a bias=False checkpoint). The two tangscope_
 * keys, which nanoGPT ignores, carry the GELU and the epsilon so that an
 * import gives back the very model file. sample.py reads
 * os.path.join('data', config['dataset'], 'meta.pkl'): an absolute DATASET
 * (the folder holding the meta.pkl) is found from any folder, a name such
 * as "tang" under nanoGPT's data/.
 */
#ifndef TS_NANOEXPORT_H
#define TS_NANOEXPORT_H

#include "engine/bytebuf.h"
#include "engine/common.h"
#include "engine/model.h"

/* 1 when some bias of m (any layer's, or ln_f's) is not zero. */
int nano_has_bias(const Model *m);

/* The checkpoint's bytes, appended to out (empty); dataset is UTF-8 text.
 * Fails (err) when memory runs out, dataset is not UTF-8, or the archive
 * would pass 2 GB. */
int nano_export_checkpoint(const Model *m, const char *dataset, ByteBuf *out, TsErr *err);

/* meta.pkl's bytes, appended to out (empty). Fails when memory runs out. */
int nano_export_meta(const Model *m, ByteBuf *out, TsErr *err);

#endif
