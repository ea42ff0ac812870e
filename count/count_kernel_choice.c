/* Which kernel of the class counter can count boards of n rows here: the
 * portable one always, the vector one where the processor and the board
 * size allow (count_kernel_simd.c). Its own file because both the job
 * list (count_backtrack_jobs.c) and the public entry (count_classes.c)
 * ask, and the entry runs the job list through the plan driver: asking
 * the entry would close a circle. */
#include "class_search.h"

int nq_count_kernel_available(nq_count_kernel kernel, int n) {
  if (n < 1 || n > NQ_COUNT_MAX_N)
    return 0;
  switch (kernel) {
  case NQ_COUNT_KERNEL_AUTO:
  case NQ_COUNT_KERNEL_ROWS: return 1;
  case NQ_COUNT_KERNEL_VECTOR: return n < 6 || nq_count_vector_supported(n);
  }
  return 0;
}
