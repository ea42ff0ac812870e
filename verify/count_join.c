/* PLACEHOLDER for issue 12 (the join method): the i12 helper replaces this
 * file with the real nq_count_join_ops and the AUTO rule. Until then the
 * method exists in the registry (count_plan.c) but refuses to build a plan,
 * and AUTO never picks it. */
#include "count_method.h"

int nq_count_join_preferred(int n) {
  (void)n;
  return 0;
}

static uint64_t join_memory(int n, int threads) {
  (void)n, (void)threads;
  return 0;
}

/* "join method not built": NQ_ERR_ARGUMENT (the CLI says so). */
static nq_status join_create(int n, nq_verify_kernel kernel, void **shared, size_t *jobs) {
  (void)n, (void)kernel;
  *shared = NULL, *jobs = 0;
  return NQ_ERR_ARGUMENT;
}

static void join_destroy(void *shared) { (void)shared; }

static size_t join_describe(const void *shared, size_t job, unsigned char bytes[64]) {
  (void)shared, (void)job, (void)bytes;
  return 0;
}

static double join_weight(const void *shared, size_t job) {
  (void)shared, (void)job;
  return 1.0;
}

static nq_status join_worker_create(const void *shared, void **worker) {
  (void)shared;
  *worker = NULL;
  return NQ_OK;
}

static void join_worker_destroy(void *worker) { (void)worker; }

static nq_status join_run_job(const void *shared, void *worker, size_t job,
                              const volatile sig_atomic_t *stop, nq_count_tally *tally) {
  (void)shared, (void)worker, (void)job, (void)stop, (void)tally;
  return NQ_ERR_ARGUMENT;
}

const count_method_ops nq_count_join_ops = {
    .name = "join",
    .memory_estimate = join_memory,
    .create = join_create,
    .destroy = join_destroy,
    .describe_job = join_describe,
    .job_weight = join_weight,
    .worker_create = join_worker_create,
    .worker_destroy = join_worker_destroy,
    .run_job = join_run_job,
};
