build-portable/src/engine/gpt.o: src/engine/gpt.c src/engine/gpt.h \
 src/engine/model.h src/engine/common.h src/engine/fileio.h \
 src/engine/vocab.h src/engine/ops.h src/engine/gemm.h
src/engine/gpt.h:
src/engine/model.h:
src/engine/common.h:
src/engine/fileio.h:
src/engine/vocab.h:
src/engine/ops.h:
src/engine/gemm.h:
