/* nqsat count N --estimate [--sample S]: the CPU time a count will take,
 * before starting it.
 *
 * Stratified sampling: the jobs, sorted by their weight (the method's cost
 * guess), are cut into S strata of equal size and one job is drawn at
 * random from each. A drawn job's cost stands for its stratum through the
 * ratio to its weight (the stratum's weight times cost/weight), so the
 * large jobs, few but long, are always represented. The interval comes
 * from the spread between neighbouring strata (the collapsed-strata
 * variance estimate, Cochran, Sampling Techniques, 3rd ed., 5A.12).
 *
 * A job's cost is its thread CPU time when jobs are short enough to run
 * (N <= 20). Beyond, each drawn job's work is estimated by Knuth's random
 * probes (nq_count_plan_estimate_job) and converted into seconds at the
 * rate measured the same way at N = 17 with the same kernel; that is a
 * guess about how the rate changes with N, and the output says so. */
#include <inttypes.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "command_errors.h"
#include "count_jobs.h"
#include "nqsat/count_classes.h"

#define TIMED_MAX_N 20
#define CALIBRATION_N 17
#define PROBES 64

typedef struct stratum {
  size_t first, end; /* positions in the sorted order */
  double weight;     /* the stratum's total weight */
  size_t drawn;      /* the job drawn */
  double cost;       /* its cost (seconds, or estimated work) */
} stratum;

static uint64_t next_random(uint64_t *state) {
  uint64_t x = *state;
  x ^= x << 13, x ^= x >> 7, x ^= x << 17;
  return *state = x;
}

static double thread_seconds(void) {
  struct timespec now;
  clock_gettime(CLOCK_THREAD_CPUTIME_ID, &now);
  return (double)now.tv_sec + (double)now.tv_nsec / 1e9;
}

/* Cuts the plan's jobs into at most `wanted` strata and draws one job from
 * each. Returns the stratum count, 0 when out of memory. */
static size_t draw_strata(const nq_count_plan *plan, size_t wanted, uint64_t *random_state,
                          stratum **result) {
  size_t jobs = nq_count_plan_jobs(plan);
  size_t count = wanted < jobs ? wanted : jobs;
  size_t *order = malloc((jobs ? jobs : 1) * sizeof *order);
  stratum *strata = calloc(count ? count : 1, sizeof *strata);
  if (!order || !strata || nq_count_plan_heaviest_first(plan, order) != NQ_OK) {
    free(order), free(strata);
    return 0;
  }
  for (size_t i = 0; i < count; i++) {
    stratum *layer = &strata[i];
    layer->first = i * jobs / count, layer->end = (i + 1) * jobs / count;
    for (size_t position = layer->first; position < layer->end; position++)
      layer->weight += nq_count_plan_job_weight(plan, order[position]);
    size_t pick = layer->first + (size_t)(next_random(random_state) % (layer->end - layer->first));
    layer->drawn = order[pick];
  }
  free(order);
  *result = strata;
  return count;
}

/* Total = sum of each stratum's weight times cost/weight of its drawn job;
 * *deviation its estimated standard deviation; *largest the costliest job
 * scaled the same way (a lower bound on any wall time). */
static double stratified_total(const nq_count_plan *plan, const stratum *strata, size_t count,
                               double *deviation, double *largest) {
  double total = 0.0, variance = 0.0, previous = 0.0;
  *largest = 0.0;
  for (size_t i = 0; i < count; i++) {
    double weight = nq_count_plan_job_weight(plan, strata[i].drawn);
    double ratio = strata[i].cost / (weight > 0 ? weight : 1.0);
    double share = ratio * strata[i].weight;
    total += share;
    if (i % 2 == 1)
      variance += (share - previous) * (share - previous);
    previous = share;
    if (i == 0)
      *largest = strata[i].cost;
  }
  if (count % 2 == 1 && count > 1)
    variance *= (double)count / (double)(count - 1);
  *deviation = sqrt(variance);
  return total;
}

static int time_strata(const nq_count_plan *plan, stratum *strata, size_t count,
                       const volatile sig_atomic_t *stop) {
  /* The method's shared tables (the join's quarters) first, so no timed job
   * pays for them; the estimate is of the jobs' time. */
  nq_status prepared = nq_count_plan_prepare(plan, 1, stop);
  if (prepared == NQ_ERR_INTERRUPTED)
    return report_interrupted("count", "no estimate printed");
  if (prepared != NQ_OK)
    return runtime_error("count", "%s", nq_strerror(prepared));
  for (size_t i = 0; i < count; i++) {
    nq_count_tally tally = {0};
    double start = thread_seconds();
    nq_status status = nq_count_plan_run_job(plan, strata[i].drawn, stop, &tally);
    if (status == NQ_ERR_INTERRUPTED)
      return report_interrupted("count", "no estimate printed");
    if (status != NQ_OK)
      return runtime_error("count", "%s", nq_strerror(status));
    strata[i].cost = thread_seconds() - start;
  }
  return 0;
}

static int probe_strata(const nq_count_plan *plan, stratum *strata, size_t count,
                        uint64_t *random_state, const volatile sig_atomic_t *stop) {
  for (size_t i = 0; i < count; i++) {
    if (*stop)
      return report_interrupted("count", "no estimate printed");
    if (nq_count_plan_estimate_job(plan, strata[i].drawn, PROBES, random_state, &strata[i].cost) !=
        NQ_OK)
      return runtime_error("count",
                           "--estimate: this method cannot estimate jobs of N > %d "
                           "without running them",
                           TIMED_MAX_N);
  }
  return 0;
}

/* "312 s (5.2 min)" and the like. */
static void format_time(double seconds, char *text, size_t size) {
  static const struct {
    double length;
    const char *unit;
  } units[] = {{365.25 * 86400, "years"}, {86400, "days"}, {3600, "h"}, {60, "min"}};
  for (size_t i = 0; i < sizeof units / sizeof *units; i++)
    if (seconds >= 2 * units[i].length) {
      snprintf(text, size, "%.3g s (%.3g %s)", seconds, seconds / units[i].length, units[i].unit);
      return;
    }
  snprintf(text, size, "%.3g s", seconds);
}

int count_estimate(int n, const nq_count_plan *plan, size_t sample,
                   const volatile sig_atomic_t *stop) {
  uint64_t random_state = UINT64_C(0x9e3779b97f4a7c15) ^ (uint64_t)n;
  stratum *strata;
  size_t count = draw_strata(plan, sample, &random_state, &strata);
  if (!count)
    return runtime_error("count", "%s", nq_strerror(NQ_ERR_MEMORY));
  size_t jobs = nq_count_plan_jobs(plan);
  /* Beyond TIMED_MAX_N backtracking's jobs are too long to time and are
   * probed instead; the join's cannot be probed, but its jobs stay short
   * enough (about a second at N = 21) to time a smaller sample. */
  uint64_t probe_state = 1;
  double ignored_work;
  int can_probe = nq_count_plan_estimate_job(plan, 0, 1, &probe_state, &ignored_work) == NQ_OK;
  int timed = n <= TIMED_MAX_N || !can_probe;
  double rate = 1.0; /* seconds per estimated unit of work */
  int failed = 0;
  if (timed) {
    failed = time_strata(plan, strata, count, stop);
  } else {
    /* Calibrate: the same sample at N = 17, timed and probed. */
    nq_count_plan *small;
    nq_status status = nq_count_plan_create(CALIBRATION_N, nq_count_plan_method(plan),
                                            NQ_COUNT_KERNEL_ROWS, &small);
    if (status != NQ_OK) {
      free(strata);
      return runtime_error("count", "%s", nq_strerror(status));
    }
    stratum *calibration;
    size_t calibration_count = draw_strata(small, sample, &random_state, &calibration);
    failed = !calibration_count ? runtime_error("count", "%s", nq_strerror(NQ_ERR_MEMORY))
                                : time_strata(small, calibration, calibration_count, stop);
    double seconds = 0.0, work = 0.0, ignored;
    if (!failed) {
      seconds = stratified_total(small, calibration, calibration_count, &ignored, &ignored);
      failed = probe_strata(small, calibration, calibration_count, &random_state, stop);
    }
    if (!failed) {
      work = stratified_total(small, calibration, calibration_count, &ignored, &ignored);
      rate = work > 0 ? seconds / work : 0.0;
      failed = probe_strata(plan, strata, count, &random_state, stop);
    }
    if (calibration_count)
      free(calibration);
    nq_count_plan_free(small);
  }
  if (failed) {
    free(strata);
    return failed;
  }
  double deviation, largest;
  double total = rate * stratified_total(plan, strata, count, &deviation, &largest);
  deviation *= rate, largest *= rate;
  free(strata);
  double low = total - 1.96 * deviation, high = total + 1.96 * deviation;
  if (low < 0)
    low = 0;
  char text[64], low_text[64], high_text[64];
  format_time(total, text, sizeof text);
  format_time(low, low_text, sizeof low_text);
  format_time(high, high_text, sizeof high_text);
  printf("N = %d, method %s: %zu jobs; %s %zu of them (one from each of %zu strata by size)\n", n,
         nq_count_method_name(nq_count_plan_method(plan)), jobs,
         timed ? "timed" : "probed (Knuth's estimator, rate timed at N = 17)", count, count);
  printf("predicted CPU time: %s, 95%% interval %s .. %s\n", text, low_text, high_text);
  printf("wall time on P cores (CPU time / P, at least the largest job):\n");
  static const int cores[] = {1, 2, 8, 64, 1024};
  for (size_t i = 0; i < sizeof cores / sizeof *cores; i++) {
    double wall = total / cores[i];
    format_time(wall > largest ? wall : largest, text, sizeof text);
    printf("  P = %-5d %s\n", cores[i], text);
  }
  if (!timed)
    printf("note: beyond N = %d the seconds per estimated queen are taken from N = %d; the "
           "kernel's pruning changes slowly with N, so read this as an order of magnitude\n",
           TIMED_MAX_N, CALIBRATION_N);
  if (fflush(stdout) != 0 || ferror(stdout))
    return runtime_error("count", "cannot write to standard output");
  return NQ_EXIT_OK;
}
