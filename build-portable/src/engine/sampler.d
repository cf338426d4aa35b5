build-portable/src/engine/sampler.o: src/engine/sampler.c \
 src/engine/sampler.h src/engine/common.h src/engine/vocab.h \
 src/engine/ops.h src/engine/gemm.h
src/engine/sampler.h:
src/engine/common.h:
src/engine/vocab.h:
src/engine/ops.h:
src/engine/gemm.h:
