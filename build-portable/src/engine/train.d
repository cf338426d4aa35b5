build-portable/src/engine/train.o: src/engine/train.c src/engine/train.h \
 src/engine/gpt.h src/engine/model.h src/engine/common.h \
 src/engine/fileio.h src/engine/vocab.h src/engine/ops.h \
 src/engine/gemm.h src/engine/rng.h src/engine/infer.h
src/engine/train.h:
src/engine/gpt.h:
src/engine/model.h:
src/engine/common.h:
src/engine/fileio.h:
src/engine/vocab.h:
src/engine/ops.h:
src/engine/gemm.h:
src/engine/rng.h:
src/engine/infer.h:
