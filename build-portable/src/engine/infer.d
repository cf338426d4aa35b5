build-portable/src/engine/infer.o: src/engine/infer.c src/engine/infer.h \
 src/engine/model.h src/engine/common.h src/engine/fileio.h \
 src/engine/vocab.h src/engine/ops.h src/engine/gemm.h
src/engine/infer.h:
src/engine/model.h:
src/engine/common.h:
src/engine/fileio.h:
src/engine/vocab.h:
src/engine/ops.h:
src/engine/gemm.h:
