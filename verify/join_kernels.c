/* join_kernels.c - which instruction-set levels this processor has, asked
 * of the processor itself (CPUID through GCC's __builtin_cpu_supports), so
 * the build needs no -march and one binary runs on every machine. */
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

int nq_count_isa_available(nq_count_isa isa) {
  switch (isa) {
  case NQ_COUNT_ISA_AUTO:
  case NQ_COUNT_ISA_PORTABLE: return 1;
#ifdef JOIN_KERNELS_X86
  case NQ_COUNT_ISA_AVX512:
    return __builtin_cpu_supports("avx512f") && __builtin_cpu_supports("avx512bw") &&
           __builtin_cpu_supports("avx512vpopcntdq") && __builtin_cpu_supports("bmi2") &&
           __builtin_cpu_supports("popcnt");
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
  if (nq_count_isa_available(NQ_COUNT_ISA_AVX512)) return NQ_COUNT_ISA_AVX512;
  if (nq_count_isa_available(NQ_COUNT_ISA_AVX2)) return NQ_COUNT_ISA_AVX2;
  return NQ_COUNT_ISA_PORTABLE;
}

const join_kernels *join_kernels_for(nq_count_isa isa) {
  if (isa == NQ_COUNT_ISA_AUTO) isa = nq_count_isa_best();
  if (!nq_count_isa_available(isa)) return NULL;
  switch (isa) {
#ifdef JOIN_KERNELS_X86
  case NQ_COUNT_ISA_AVX512: return &join_kernels_avx512;
  case NQ_COUNT_ISA_AVX2: return &join_kernels_avx2;
#endif
  default: return &join_kernels_portable;
  }
}
