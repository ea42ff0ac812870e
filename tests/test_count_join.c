/* test_count_join.c - the join counting method against OEIS.
 *
 * Usage: test_count_join FIRST LAST
 * For each n in FIRST..LAST: runs every job of nq_count_join_ops on this
 * thread (in order, then for n <= 13 in reverse, so no job leans on
 * another's scratch, and with NQSAT_JOIN_PLAIN, pairs of halves one by
 * one) and through the plan driver on 1, 2 and 7 threads, and checks the
 * total (2*c2 + 4*c4 + c1) against A000170 and c2 + c4 + c1/8 against
 * A002562 (typed in below from OEIS, not computed by nqsat), and the
 * classes of 2 and 4 against the backtracking method's. Every
 * instruction-set level the processor has (the others are skipped with a
 * message) counts every n through the driver on two threads, and each of
 * its jobs must find what the same job found at the first level. n = 17
 * runs only that way. */
#define _POSIX_C_SOURCE 200809L /* setenv */
#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>

#include "../count/count_method.h"
#include "check.h"
#include "nqsat/count_plan.h"
#include "nqsat/verify.h"

/* OEIS A000170 and A002562, n = 1..17. */
static const uint64_t a000170[] = {0,     1,     0,      0,       2,        10,
                                   4,     40,    92,     352,     724,      2680,
                                   14200, 73712, 365596, 2279184, 14772512, 95815104};
static const uint64_t a002562[] = {0,  1,  0,   0,    1,    2,     1,      6,       12,
                                   46, 92, 341, 1787, 9233, 45752, 285053, 1846955, 11977939};

static uint64_t fundamental(const nq_count_tally *t) {
  return t->count2 + t->count4 + t->count8 + t->count1 / 8;
}

static int same(const nq_count_tally *x, const nq_count_tally *y) {
  return x->count1 == y->count1 && x->count2 == y->count2 && x->count4 == y->count4 &&
         x->count8 == y->count8;
}

/* Each job's tally, kept by the driver's done hook (called under its lock). */
typedef struct job_tallies {
  nq_count_tally *job;
  size_t jobs;
} job_tallies;

static void keep_job(void *context, size_t job, const nq_count_tally *tally) {
  job_tallies *kept = context;
  if (job < kept->jobs)
    kept->job[job] = *tally;
}

/* Through the plan driver on `threads` threads at level `isa`; with `kept`
 * (may be NULL), each job's tally into kept->job (allocated here). */
static int run_plan_isa(int n, nq_count_method method, nq_count_isa isa, int threads,
                        nq_count_tally *sum, job_tallies *kept) {
  nq_count_plan *plan = NULL;
  if (nq_count_plan_create_isa(n, method, NQ_COUNT_KERNEL_AUTO, isa, &plan) != NQ_OK)
    return -1;
  *sum = (nq_count_tally){0};
  nq_count_run_hooks hooks = {.done = keep_job, .context = kept};
  if (kept) {
    kept->jobs = nq_count_plan_jobs(plan);
    kept->job = calloc(kept->jobs, sizeof *kept->job);
    if (!kept->job) {
      nq_count_plan_free(plan);
      return -1;
    }
  }
  nq_status status =
      nq_count_plan_run(plan, 0, nq_count_plan_jobs(plan), threads, kept ? &hooks : NULL, sum);
  nq_count_plan_free(plan);
  return status == NQ_OK ? 0 : -1;
}

static int run_plan(int n, nq_count_method method, int threads, nq_count_tally *sum) {
  return run_plan_isa(n, method, NQ_COUNT_ISA_AUTO, threads, sum, NULL);
}

/* Every level this processor has counts n job by job like the first. */
static void check_levels(int n) {
  static const nq_count_isa levels[] = {NQ_COUNT_ISA_AVX512, NQ_COUNT_ISA_AVX2,
                                        NQ_COUNT_ISA_PORTABLE};
  static int told;
  job_tallies first = {0};
  for (int i = 0; i < 3; i++) {
    const char *name = nq_count_isa_name(levels[i]);
    if (!nq_count_isa_available(levels[i])) {
      if (!told)
        printf("test_count_join: level %s skipped: this processor lacks it\n", name);
      continue;
    }
    job_tallies kept = {0};
    nq_count_tally t = {0};
    CHECK(run_plan_isa(n, NQ_COUNT_METHOD_JOIN, levels[i], 2, &t, &kept) == 0, "n=%d %s", n, name);
    CHECK(nq_count_tally_total(n, &t) == a000170[n], "n=%d %s", n, name);
    CHECK(fundamental(&t) == a002562[n], "n=%d %s", n, name);
    if (!first.job) {
      first = kept;
      continue;
    }
    CHECK(kept.jobs == first.jobs, "n=%d %s: job lists differ", n, name);
    for (size_t j = 0; j < kept.jobs && j < first.jobs; j++)
      CHECK(same(&kept.job[j], &first.job[j]), "n=%d %s: job %zu differs", n, name, j);
    free(kept.job);
  }
  told = 1;
  free(first.job);
}

static int run_all(int n, int reverse, nq_count_tally *sum) {
  const count_method_ops *ops = &nq_count_join_ops;
  void *shared = NULL, *worker = NULL;
  size_t jobs = 0;
  if (ops->create(n, NQ_COUNT_KERNEL_AUTO, nq_count_isa_best(), &shared, &jobs) != NQ_OK)
    return -1;
  if (ops->worker_create(shared, &worker) != NQ_OK)
    return -1;
  *sum = (nq_count_tally){0};
  int bad = 0;
  for (size_t k = 0; k < jobs && !bad; k++) {
    size_t j = reverse ? jobs - 1 - k : k;
    unsigned char bytes[64];
    if (ops->describe_job(shared, j, bytes) > 64 || !(ops->job_weight(shared, j) > 0))
      bad = 1;
    nq_count_tally t = {0};
    if (ops->run_job(shared, worker, j, NULL, &t) != NQ_OK)
      bad = 1;
    sum->count2 += t.count2, sum->count4 += t.count4, sum->count8 += t.count8;
    sum->count1 += t.count1;
    sum->work += t.work;
  }
  /* A job out of range is refused, and a set stop flag interrupts. */
  nq_count_tally t = {0};
  if (ops->run_job(shared, worker, jobs, NULL, &t) != NQ_ERR_ARGUMENT)
    bad = 1;
  volatile sig_atomic_t stop = 1;
  if (n >= 4 && jobs > 0 && ops->run_job(shared, worker, 0, &stop, &t) != NQ_ERR_INTERRUPTED)
    bad = 1;
  if (ops->memory_estimate(n, 2) < ops->memory_estimate(n, 1))
    bad = 1;
  ops->worker_destroy(worker);
  ops->destroy(shared);
  return bad ? -1 : 0;
}

int main(int argc, char **argv) {
  int first = argc > 1 ? atoi(argv[1]) : 1, last = argc > 2 ? atoi(argv[2]) : 12;
  if (first < 1 || last > 17 || first > last) {
    fprintf(stderr, "usage: test_count_join FIRST LAST (1 <= FIRST <= LAST <= 17)\n");
    return 2;
  }
#ifdef __SANITIZE_ADDRESS__
  /* Under the sanitizers N = 16 and 17 take minutes. */
  if (last > 15) {
    printf("test_count_join: sanitizer build, N = 16..%d skipped\n", last);
    last = 15;
  }
#endif
  for (int n = first; n <= last; n++) {
    check_levels(n);
    if (n >= 17)
      continue; /* the largest board only once per level */
    nq_count_tally sum = {0};
    for (int reverse = 0; reverse < (n <= 13 ? 2 : 1); reverse++) {
      CHECK(run_all(n, reverse, &sum) == 0, "n=%d", n);
      uint64_t total = nq_count_tally_total(n, &sum);
      if (total != a000170[n] || fundamental(&sum) != a002562[n])
        fprintf(stderr,
                "n=%d: join total %" PRIu64 " fundamental %" PRIu64 " (c1 %" PRIu64 " c2 %" PRIu64
                " c4 %" PRIu64 "), OEIS %" PRIu64 " %" PRIu64 "\n",
                n, total, fundamental(&sum), sum.count1, sum.count2, sum.count4, a000170[n],
                a002562[n]);
      CHECK(total == a000170[n], "n=%d", n);
      CHECK(fundamental(&sum) == a002562[n], "n=%d", n);
      CHECK(sum.count1 % 8 == 0 && sum.count8 == 0, "n=%d", n);
    }
    if (n <= 12) {
      /* Pairs of halves one by one give the same tally. */
      nq_count_tally plain = {0};
      setenv("NQSAT_JOIN_PLAIN", "1", 1);
      CHECK(run_all(n, 0, &plain) == 0, "n=%d", n);
      unsetenv("NQSAT_JOIN_PLAIN");
      CHECK(same(&plain, &sum), "n=%d: pairs one by one", n);
    }
    /* The plan driver on 1, 2 and 7 threads gives the same tally, and the
     * backtracking method the same classes (its count8 is c1 / 8). */
    static const int threads[] = {1, 2, 7};
    for (int k = n <= 13 ? 0 : 1; k < 3; k++) {
      nq_count_tally t = {0};
      CHECK(run_plan(n, NQ_COUNT_METHOD_JOIN, threads[k], &t) == 0, "n=%d", n);
      CHECK(same(&t, &sum), "n=%d threads=%d", n, threads[k]);
    }
    nq_count_tally t = {0};
    CHECK(run_plan(n, NQ_COUNT_METHOD_BACKTRACK, 2, &t) == 0, "n=%d", n);
    if (n > 1)
      CHECK(t.count2 == sum.count2 && t.count4 == sum.count4 && 8 * t.count8 == sum.count1,
            "n=%d backtrack", n);
  }
  return check_report("test_count_join");
}
