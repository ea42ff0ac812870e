/* count/count_method.h - internal to count/: what a counting method
 * supplies to the job driver (count/count_plan.c): the join's
 * nq_count_join_ops (count_join.c) and backtracking's nq_count_backtrack_ops
 * (count_backtrack_jobs.c). */
#ifndef NQSAT_COUNT_METHOD_H
#define NQSAT_COUNT_METHOD_H
#include "nqsat/count_plan.h"

typedef struct count_method_ops {
  const char *name;
  uint64_t (*memory_estimate)(int n, int threads);
  /* Builds shared read-only state and the job count. `isa` is the
   * instruction-set level to count with (never AUTO; one this processor
   * has): the job list must not depend on it or on the kernel. */
  nq_status (*create)(int n, nq_count_kernel kernel, nq_count_isa isa, void **shared, size_t *jobs);
  /* Optional (may be NULL): builds the large shared tables now, on up to
   * `threads` threads, so a run with T threads uses T cores for them too
   * and timed jobs do not pay for them. Idempotent and thread-safe; run_job
   * prepares on its own thread when nobody did. */
  nq_status (*prepare)(void *shared, int threads, const volatile sig_atomic_t *stop);
  void (*destroy)(void *shared);
  /* Bytes describing job j (for the checksum); at most 64. */
  size_t (*describe_job)(const void *shared, size_t job, unsigned char bytes[64]);
  /* A relative cost guess for job j: the driver runs large jobs first. */
  double (*job_weight)(const void *shared, size_t job);
  /* Per-thread scratch (may set *worker = NULL). */
  nq_status (*worker_create)(const void *shared, void **worker);
  void (*worker_destroy)(void *worker);
  /* Runs job j; must poll *stop (may be NULL) every ~50 ms of work and
   * return NQ_ERR_INTERRUPTED when set (the partial tally is discarded). */
  nq_status (*run_job)(const void *shared, void *worker, size_t job,
                       const volatile sig_atomic_t *stop, nq_count_tally *tally);
  /* Optional (may be NULL): an unbiased estimate of job j's
   * work (Knuth's random probes, 1975) from `probes` random descents, for
   * --estimate where jobs are too long to time. *random_state: xorshift64. */
  double (*estimate_job_work)(const void *shared, size_t job, int probes, uint64_t *random_state);
  /* Optional (may be NULL: the level's name): the kernel the jobs search
   * with, for --stats ("rows", "vector", ...). */
  const char *(*kernel_name)(const void *shared);
} count_method_ops;

extern const count_method_ops nq_count_backtrack_ops; /* count_backtrack_jobs.c */
extern const count_method_ops nq_count_join_ops;      /* count_join.c */
/* The AUTO rule (in count_join.c): 1 when the join method costs less CPU
 * time for n split over `parts` processes (each builds its tables). */
int nq_count_join_preferred(int n, size_t parts);
#endif
