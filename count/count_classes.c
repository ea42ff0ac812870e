/* Counting by symmetry class, after Koichiro Takahashi ("Takaken", 2003,
 * "N-Queens problem" pages): the search visits only boards that can be the
 * canonical representative of their class (the first row's queen nearest a
 * corner, with extra restrictions on the rows near the edges), and each
 * board found is classified by comparing it with its own rotations:
 *   C2: unchanged by a quarter turn   (class of 2 boards)
 *   C4: unchanged by a half turn only (class of 4)
 *   C8: no rotational symmetry        (class of 8)
 * so that total = 2*C2 + 4*C4 + 8*C8 and fundamental = C2 + C4 + C8.
 * Two cases: a queen in the top-left corner (no other board of its class
 * can be smaller, and it is never symmetric, so it counts 8), and row 0's
 * queen at column bound1 in 1..(n-3)/2 with the four edges restricted.
 *
 * Rows are bit sets: bit c is column c; `left`/`right` carry the diagonal
 * attacks one row down (M. Richards' bitboard formulation, 1997).
 *
 * Work is split in two phases (as GPU and cluster counters do, e.g. the Q27
 * project): phase one enumerates every legal prefix of the first few rows
 * into a job list; phase two hands jobs to worker threads, largest first,
 * from a shared index, so a thread that drew small jobs simply takes more.
 * Each job keeps its own counts, and the sums do not depend on who ran
 * what. The list is count_backtrack_jobs.c (the method's side of the
 * contract in nqsat/count_plan.h), the threads are count_plan.c's, shared
 * with every counting method, parts, checkpoints and MPI.
 *
 * Below the split, one of two kernels searches: count_kernel_bitwise.c fills the
 * rows top to bottom (portable C); count_kernel_simd.c fills the row with the
 * fewest free squares first (AVX-512, where the processor has it). The
 * shape rules and the classification (class_classify.c) are the same, so
 * they must agree on every count, which the tests check against OEIS for
 * both. Measured against the plain mirror-symmetry counter
 * (bench/count.sh, bench/README.md) at N = 16: the row kernel places 3.9
 * times fewer queens at about 1.3 times the cost per queen, the vector
 * kernel 2.4 times fewer again at about 1.9 times the row kernel's cost. */
#include <unistd.h>

#include "class_search.h"
#include "nqsat/count_plan.h"

nq_status nq_count_classes(int n, int threads, nq_count_classes_result *counts) {
  return nq_count_classes_with(n, threads, NQ_COUNT_KERNEL_AUTO, counts);
}

nq_status nq_count_classes_with(int n, int threads, nq_count_kernel kernel,
                                nq_count_classes_result *counts) {
  if (n < 1 || n > NQ_COUNT_MAX_N || threads < 0 || threads > NQ_COUNT_MAX_THREADS ||
      !nq_count_kernel_available(kernel, n))
    return NQ_ERR_ARGUMENT;
  if (kernel == NQ_COUNT_KERNEL_AUTO)
    kernel = nq_count_vector_supported(n) ? NQ_COUNT_KERNEL_VECTOR : NQ_COUNT_KERNEL_ROWS;
  *counts = (nq_count_classes_result){0};
  nq_count_plan *plan;
  nq_status status = nq_count_plan_create(n, NQ_COUNT_METHOD_BACKTRACK, kernel, &plan);
  if (status != NQ_OK)
    return status;
  nq_count_tally tally = {0};
  status = nq_count_plan_run(plan, 0, nq_count_plan_jobs(plan), threads, NULL, &tally);
  nq_count_plan_free(plan);
  if (status != NQ_OK)
    return status;
  counts->kernel = n < 6 ? NQ_COUNT_KERNEL_AUTO : kernel; /* small boards: enumerated */
  counts->total = nq_count_tally_total(n, &tally);
  counts->fundamental = tally.count2 + tally.count4 + tally.count8;
  counts->nodes = tally.work;
  return NQ_OK;
}
