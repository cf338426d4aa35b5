build-portable/src/cli/cli_eval.o: src/cli/cli_eval.c src/cli/cli.h \
 src/app/app.h src/engine/convert.h src/engine/common.h \
 src/engine/vocab.h src/engine/cachecmp.h src/engine/form.h \
 src/engine/generate.h src/engine/infer.h src/engine/model.h \
 src/engine/fileio.h src/engine/rng.h src/engine/sampler.h \
 src/engine/corpus.h src/engine/form.h src/engine/generate.h \
 src/engine/model.h src/engine/pinyin.h src/engine/rng.h \
 src/engine/sampler.h src/engine/common.h src/app/lesson.h src/app/app.h \
 src/engine/vocab.h src/engine/fileio.h src/engine/gpt.h src/engine/ops.h \
 src/engine/gemm.h src/engine/train.h src/engine/gpt.h
src/cli/cli.h:
src/app/app.h:
src/engine/convert.h:
src/engine/common.h:
src/engine/vocab.h:
src/engine/cachecmp.h:
src/engine/form.h:
src/engine/generate.h:
src/engine/infer.h:
src/engine/model.h:
src/engine/fileio.h:
src/engine/rng.h:
src/engine/sampler.h:
src/engine/corpus.h:
src/engine/form.h:
src/engine/generate.h:
src/engine/model.h:
src/engine/pinyin.h:
src/engine/rng.h:
src/engine/sampler.h:
src/engine/common.h:
src/app/lesson.h:
src/app/app.h:
src/engine/vocab.h:
src/engine/fileio.h:
src/engine/gpt.h:
src/engine/ops.h:
src/engine/gemm.h:
src/engine/train.h:
src/engine/gpt.h:
