/* join_kernels.c - which instruction-set levels this processor has, asked
 * of the processor itself (CPUID through GCC's __builtin_cpu_supports), so
 * the build needs no -march and one binary runs on every machine. */
#include <stdlib.h>
#include <string.h>

#include "join_kernels.h"

const char *nq_count_isa_name(nq_count_isa isa) {
  switch (isa) {
  case NQ_COUNT_ISA_AUTO: return "auto";
  case NQ_COUNT_ISA_AVX512: return "avx512";
  case NQ_COUNT_ISA_AVX2: return "avx2";
  case NQ_COUNT_ISA_PORTABLE: return "portable";
  }
  return "unknown";
}

int nq_count_isa_parse(const char *name, nq_count_isa *isa) {
  static const nq_count_isa levels[] = {NQ_COUNT_ISA_AUTO, NQ_COUNT_ISA_AVX512, NQ_COUNT_ISA_AVX2,
                                        NQ_COUNT_ISA_PORTABLE};
  for (size_t i = 0; i < sizeof levels / sizeof levels[0]; i++)
    if (!strcmp(name, nq_count_isa_name(levels[i]))) {
      *isa = levels[i];
      return 0;
    }
  return -1;
}

/* Levels from the most capable down: a level's processors have every
 * level after it. */
static int rank_of(nq_count_isa isa) {
  return isa == NQ_COUNT_ISA_AVX512 ? 2 : isa == NQ_COUNT_ISA_AVX2 ? 1 : 0;
}

/* NQSAT_ISA_MAX=LEVEL makes the processor look as if it had nothing above
 * LEVEL: the refusals and the fallbacks of a lesser processor, testable
 * on any machine. */
static int above_the_limit(nq_count_isa isa) {
  const char *limit = getenv("NQSAT_ISA_MAX");
  nq_count_isa max;
  if (!limit || nq_count_isa_parse(limit, &max) || max == NQ_COUNT_ISA_AUTO)
    return 0;
  return rank_of(isa) > rank_of(max);
}

int nq_count_isa_available(nq_count_isa isa) {
  if (above_the_limit(isa))
    return 0;
  switch (isa) {
  case NQ_COUNT_ISA_AUTO:
  case NQ_COUNT_ISA_PORTABLE: return 1;
#ifdef JOIN_KERNELS_X86
  case NQ_COUNT_ISA_AVX512:
    return __builtin_cpu_supports("avx512f") && __builtin_cpu_supports("avx512bw") &&
           __builtin_cpu_supports("avx512vl") && __builtin_cpu_supports("avx512vpopcntdq") &&
           __builtin_cpu_supports("bmi2") && __builtin_cpu_supports("popcnt");
  case NQ_COUNT_ISA_AVX2:
    return __builtin_cpu_supports("avx2") && __builtin_cpu_supports("bmi2") &&
           __builtin_cpu_supports("popcnt");
#else
  case NQ_COUNT_ISA_AVX512:
  case NQ_COUNT_ISA_AVX2: return 0;
#endif
  }
  return 0;
}

nq_count_isa nq_count_isa_best(void) {
  if (nq_count_isa_available(NQ_COUNT_ISA_AVX512))
    return NQ_COUNT_ISA_AVX512;
  if (nq_count_isa_available(NQ_COUNT_ISA_AVX2))
    return NQ_COUNT_ISA_AVX2;
  return NQ_COUNT_ISA_PORTABLE;
}

const join_kernels *join_kernels_for(nq_count_isa isa) {
  if (isa == NQ_COUNT_ISA_AUTO)
    isa = nq_count_isa_best();
  if (!nq_count_isa_available(isa))
    return NULL;
  switch (isa) {
#ifdef JOIN_KERNELS_X86
  case NQ_COUNT_ISA_AVX512: return &join_kernels_avx512;
  case NQ_COUNT_ISA_AVX2: return &join_kernels_avx2;
#endif
  default: return &join_kernels_portable;
  }
}
