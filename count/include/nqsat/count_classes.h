/* nqsat/count_classes.h - N-Queens counts of one board size by symmetry
 * class (public; count/ library, the counter). The verifier takes its
 * ground truth from here; the job list behind it is nqsat/count_plan.h. */
#ifndef NQSAT_COUNT_CLASSES_H
#define NQSAT_COUNT_CLASSES_H
#include <stdint.h>

#include "nqsat/status.h"

/* Largest N the counter handles (one bit per column in 32 bits). */
#define NQ_COUNT_MAX_N 32

/* ----------------------------------------------------------------------------
 * Counts of one board size by symmetry class (see count/count_classes.c for the
 * method): `total` = A000170(n), `fundamental` = A002562(n), and `nodes`,
 * the number of queens placed during the search (for speed figures).
 *
 * The search below the job split is one of two kernels. Both visit the
 * representatives of the same classes, in a different order, so they must
 * agree on every count (the tests check both against OEIS); `nodes`
 * differs. */
typedef enum nq_count_kernel {
  NQ_COUNT_KERNEL_AUTO = 0,  /* VECTOR where available, else ROWS */
  NQ_COUNT_KERNEL_ROWS = 1,  /* row after row, portable C */
  NQ_COUNT_KERNEL_VECTOR = 2 /* the row with fewest free squares first, AVX-512 */
} nq_count_kernel;
/* Largest n of the vector kernel (it also needs AVX-512F and VPOPCNTDQ). */
#define NQ_COUNT_VECTOR_MAX_N 20

typedef struct nq_count_classes_result {
  uint64_t total;
  uint64_t fundamental;
  uint64_t nodes;
  /* The kernel that searched (ROWS or VECTOR); AUTO when none did: boards
   * of fewer than 6 rows are counted by plain enumeration. */
  nq_count_kernel kernel;
} nq_count_classes_result;

/* Counts with `threads` worker threads (1..NQ_COUNT_MAX_THREADS; 0 means
 * one per online processor). Deterministic: the result does not depend on
 * the number of threads. NQ_ERR_ARGUMENT for n outside 1..NQ_COUNT_MAX_N or
 * a bad thread count; NQ_ERR_MEMORY when the job list or a thread cannot be
 * created. */
#define NQ_COUNT_MAX_THREADS 256
nq_status nq_count_classes(int n, int threads, nq_count_classes_result *counts);

/* 1 when `kernel` can count boards of n rows (1..NQ_COUNT_MAX_N) on this
 * processor, else 0. */
int nq_count_kernel_available(nq_count_kernel kernel, int n);

/* nq_count_classes with a chosen kernel; NQ_ERR_ARGUMENT also when
 * the kernel is not available for n here. */
nq_status nq_count_classes_with(int n, int threads, nq_count_kernel kernel,
                                nq_count_classes_result *counts);

#endif
