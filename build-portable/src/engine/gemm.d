build-portable/src/engine/gemm.o: src/engine/gemm.c src/engine/gemm.h \
 src/engine/common.h
src/engine/gemm.h:
src/engine/common.h:
