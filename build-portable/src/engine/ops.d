build-portable/src/engine/ops.o: src/engine/ops.c src/engine/ops.h \
 src/engine/gemm.h src/engine/common.h
src/engine/ops.h:
src/engine/gemm.h:
src/engine/common.h:
