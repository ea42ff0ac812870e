/* The job driver shared by every counting method (nqsat/count_plan.h): a
 * method (count/count_method.h) supplies a deterministic job list and runs
 * one job; this file orders the jobs largest first, spreads them over
 * threads from a shared index (a thread that drew small jobs takes more),
 * reports each finished job through the caller's hooks and stops when asked.
 * Because each job keeps its own tally and the sums are added under a lock,
 * the result does not depend on which thread ran what. The same list, dealt
 * out by weight, gives the parts of a multi-machine run (nq_count_plan_parts). */
#include <pthread.h>
#include <stdatomic.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "count_method.h"
#include "processors.h"

struct nq_count_plan {
  const count_method_ops *ops;
  nq_count_method method;
  nq_count_isa isa; /* the level it counts with (never AUTO) */
  int n;
  void *shared;
  size_t jobs;
  double *weights;
  uint64_t checksum;
};

/* The registry: which ops implement a method. */
static const count_method_ops *method_ops(nq_count_method method) {
  switch (method) {
  case NQ_COUNT_METHOD_BACKTRACK: return &nq_count_backtrack_ops;
  case NQ_COUNT_METHOD_JOIN: return &nq_count_join_ops;
  case NQ_COUNT_METHOD_AUTO: break;
  }
  return NULL;
}

const char *nq_count_method_name(nq_count_method method) {
  switch (method) {
  case NQ_COUNT_METHOD_AUTO: return "auto";
  case NQ_COUNT_METHOD_BACKTRACK: return "backtrack";
  case NQ_COUNT_METHOD_JOIN: return "join";
  }
  return "unknown";
}

const char *nq_count_plan_kernel_name(const nq_count_plan *plan) {
  if (plan->ops->kernel_name)
    return plan->ops->kernel_name(plan->shared);
  return nq_count_isa_name(plan->isa);
}

nq_count_method nq_count_method_for(int n) { return nq_count_method_for_parts(n, 1); }

nq_count_method nq_count_method_for_parts(int n, size_t parts) {
  return nq_count_join_preferred(n, parts ? parts : 1) ? NQ_COUNT_METHOD_JOIN
                                                       : NQ_COUNT_METHOD_BACKTRACK;
}

uint64_t nq_count_memory_estimate(int n, nq_count_method method, int threads) {
  if (method == NQ_COUNT_METHOD_AUTO)
    method = nq_count_method_for(n);
  const count_method_ops *ops = method_ops(method);
  return ops ? ops->memory_estimate(n, threads) : 0;
}

/* FNV-1a, 64 bits (Fowler, Noll, Vo): enough to tell two job lists apart. */
static uint64_t fnv1a(uint64_t hash, const void *bytes, size_t size) {
  const unsigned char *byte = bytes;
  for (size_t i = 0; i < size; i++)
    hash = (hash ^ byte[i]) * UINT64_C(0x100000001b3);
  return hash;
}

nq_status nq_count_plan_create(int n, nq_count_method method, nq_count_kernel kernel,
                               nq_count_plan **plan) {
  return nq_count_plan_create_isa(n, method, kernel, NQ_COUNT_ISA_AUTO, plan);
}

nq_status nq_count_plan_create_isa(int n, nq_count_method method, nq_count_kernel kernel,
                                   nq_count_isa isa, nq_count_plan **plan) {
  *plan = NULL;
  if (isa == NQ_COUNT_ISA_AUTO)
    isa = nq_count_isa_best();
  if (n < 1 || n > NQ_COUNT_MAX_N || !nq_count_isa_available(isa))
    return NQ_ERR_ARGUMENT;
  if (method == NQ_COUNT_METHOD_AUTO)
    method = nq_count_method_for(n);
  const count_method_ops *ops = method_ops(method);
  if (!ops)
    return NQ_ERR_ARGUMENT;
  nq_count_plan *made = calloc(1, sizeof *made);
  if (!made)
    return NQ_ERR_MEMORY;
  made->ops = ops, made->method = method, made->n = n, made->isa = isa;
  nq_status status = ops->create(n, kernel, isa, &made->shared, &made->jobs);
  if (status != NQ_OK) {
    free(made);
    return status;
  }
  made->weights = malloc((made->jobs ? made->jobs : 1) * sizeof *made->weights);
  if (!made->weights) {
    nq_count_plan_free(made);
    return NQ_ERR_MEMORY;
  }
  uint64_t hash = UINT64_C(0xcbf29ce484222325);
  const char *name = ops->name;
  hash = fnv1a(hash, name, strlen(name) + 1);
  unsigned char header[8] = {(unsigned char)n};
  uint64_t jobs = made->jobs;
  for (int i = 0; i < 7; i++)
    header[1 + i] = (unsigned char)(jobs >> (8 * i));
  hash = fnv1a(hash, header, sizeof header);
  for (size_t job = 0; job < made->jobs; job++) {
    unsigned char bytes[64];
    size_t size = ops->describe_job(made->shared, job, bytes);
    hash = fnv1a(hash, bytes, size < sizeof bytes ? size : sizeof bytes);
    made->weights[job] = ops->job_weight(made->shared, job);
  }
  made->checksum = hash;
  *plan = made;
  return NQ_OK;
}

void nq_count_plan_free(nq_count_plan *plan) {
  if (!plan)
    return;
  if (plan->shared)
    plan->ops->destroy(plan->shared);
  free(plan->weights);
  free(plan);
}

size_t nq_count_plan_jobs(const nq_count_plan *plan) { return plan->jobs; }
nq_count_isa nq_count_plan_isa(const nq_count_plan *plan) { return plan->isa; }
nq_count_method nq_count_plan_method(const nq_count_plan *plan) { return plan->method; }
uint64_t nq_count_plan_checksum(const nq_count_plan *plan) { return plan->checksum; }
double nq_count_plan_job_weight(const nq_count_plan *plan, size_t job) {
  return job < plan->jobs ? plan->weights[job] : 0.0;
}

nq_status nq_count_plan_estimate_job(const nq_count_plan *plan, size_t job, int probes,
                                     uint64_t *random_state, double *work) {
  if (job >= plan->jobs || probes < 1 || !plan->ops->estimate_job_work || !*random_state)
    return NQ_ERR_ARGUMENT;
  *work = plan->ops->estimate_job_work(plan->shared, job, probes, random_state);
  return NQ_OK;
}

uint64_t nq_count_tally_total(int n, const nq_count_tally *tally) {
  if (n == 1)
    return tally->count2;
  return 2 * tally->count2 + 4 * tally->count4 + 8 * tally->count8 + tally->count1;
}

uint64_t nq_count_tally_fundamental(const nq_count_tally *tally) {
  return tally->count2 + tally->count4 + tally->count8 + tally->count1 / 8;
}

void nq_count_tally_add(nq_count_tally *sum, const nq_count_tally *part) {
  sum->count2 += part->count2, sum->count4 += part->count4, sum->count8 += part->count8;
  sum->count1 += part->count1, sum->work += part->work;
}

typedef struct weighted_job {
  double weight;
  size_t job;
} weighted_job;

static int heavier_first(const void *a, const void *b) {
  const weighted_job *left = a, *right = b;
  if (left->weight != right->weight)
    return left->weight > right->weight ? -1 : 1;
  return left->job < right->job ? -1 : left->job > right->job;
}

/* Jobs first..end-1, heaviest first (ties by index: deterministic). */
static weighted_job *jobs_by_weight(const nq_count_plan *plan, size_t first, size_t end) {
  size_t count = end - first;
  weighted_job *order = malloc((count ? count : 1) * sizeof *order);
  if (!order)
    return NULL;
  for (size_t i = 0; i < count; i++)
    order[i] = (weighted_job){plan->weights[first + i], first + i};
  qsort(order, count, sizeof *order, heavier_first);
  return order;
}

nq_status nq_count_plan_heaviest_first(const nq_count_plan *plan, size_t *order) {
  weighted_job *sorted = jobs_by_weight(plan, 0, plan->jobs);
  if (!sorted)
    return NQ_ERR_MEMORY;
  for (size_t i = 0; i < plan->jobs; i++)
    order[i] = sorted[i].job;
  free(sorted);
  return NQ_OK;
}

nq_status nq_count_plan_parts(const nq_count_plan *plan, size_t parts, uint32_t *part_of_job) {
  if (parts == 0 || parts > UINT32_MAX)
    return NQ_ERR_ARGUMENT;
  weighted_job *order = jobs_by_weight(plan, 0, plan->jobs);
  if (!order)
    return NQ_ERR_MEMORY;
  for (size_t i = 0; i < plan->jobs; i++) {
    size_t round = i / parts, seat = i % parts;
    part_of_job[order[i].job] = (uint32_t)(round % 2 ? parts - 1 - seat : seat);
  }
  free(order);
  return NQ_OK;
}

/* ---- running jobs on threads ---------------------------------------------- */

typedef struct run_state {
  const nq_count_plan *plan;
  const weighted_job *order;
  size_t count;
  atomic_size_t next;
  atomic_int failed; /* first error other than an interruption, 0 if none */
  atomic_int interrupted;
  const nq_count_run_hooks *hooks;
  pthread_mutex_t lock;
  nq_count_tally *total;
} run_state;

typedef struct runner {
  run_state *run;
  pthread_t thread;
} runner;

static int stop_requested(const run_state *run) {
  const volatile sig_atomic_t *stop = run->hooks ? run->hooks->stop : NULL;
  return stop && *stop;
}

static void *run_jobs(void *argument) {
  run_state *run = ((runner *)argument)->run;
  const count_method_ops *ops = run->plan->ops;
  const nq_count_run_hooks *hooks = run->hooks;
  void *worker = NULL;
  nq_status status = ops->worker_create(run->plan->shared, &worker);
  if (status != NQ_OK) {
    /* The other threads take this one's jobs: slower, still right. */
    return NULL;
  }
  while (!atomic_load(&run->failed)) {
    if (stop_requested(run)) {
      atomic_store(&run->interrupted, 1);
      break;
    }
    size_t index = atomic_fetch_add(&run->next, 1);
    if (index >= run->count)
      break;
    size_t job = run->order[index].job;
    if (hooks && hooks->skip && hooks->skip(hooks->context, job))
      continue;
    nq_count_tally tally = {0};
    status = ops->run_job(run->plan->shared, worker, job, hooks ? hooks->stop : NULL, &tally);
    if (status == NQ_ERR_INTERRUPTED) {
      atomic_store(&run->interrupted, 1);
      break;
    }
    if (status != NQ_OK) {
      int expected = 0;
      atomic_compare_exchange_strong(&run->failed, &expected, (int)status);
      break;
    }
    pthread_mutex_lock(&run->lock);
    nq_count_tally_add(run->total, &tally);
    if (hooks && hooks->done)
      hooks->done(hooks->context, job, &tally);
    pthread_mutex_unlock(&run->lock);
  }
  ops->worker_destroy(worker);
  return NULL;
}

nq_status nq_count_plan_run(const nq_count_plan *plan, size_t first, size_t end, int threads,
                            const nq_count_run_hooks *hooks, nq_count_tally *tally) {
  if (first > end || end > plan->jobs || threads < 0 || threads > NQ_COUNT_MAX_THREADS)
    return NQ_ERR_ARGUMENT;
  if (threads == 0)
    threads = online_processors(NQ_COUNT_MAX_THREADS);
  if (plan->ops->prepare) {
    nq_status prepared = plan->ops->prepare(plan->shared, threads, hooks ? hooks->stop : NULL);
    if (prepared != NQ_OK)
      return prepared;
  }
  weighted_job *order = jobs_by_weight(plan, first, end);
  runner *runners = calloc((size_t)threads, sizeof *runners);
  if (!order || !runners) {
    free(order);
    free(runners);
    return NQ_ERR_MEMORY;
  }
  run_state run = {
      .plan = plan, .order = order, .count = end - first, .hooks = hooks, .total = tally};
  atomic_init(&run.next, 0);
  atomic_init(&run.failed, 0);
  atomic_init(&run.interrupted, 0);
  pthread_mutex_init(&run.lock, NULL);
  /* The calling thread is runner 0; a thread that cannot be started leaves
   * its share to the others (the index is shared). */
  int started = 1;
  for (int i = 0; i < threads; i++)
    runners[i].run = &run;
  for (int i = 1; i < threads; i++) {
    if (pthread_create(&runners[i].thread, NULL, run_jobs, &runners[i]) != 0)
      break;
    started++;
  }
  run_jobs(&runners[0]);
  for (int i = 1; i < started; i++)
    pthread_join(runners[i].thread, NULL);
  pthread_mutex_destroy(&run.lock);
  free(runners);
  free(order);
  int failed = atomic_load(&run.failed);
  if (failed)
    return (nq_status)failed;
  if (atomic_load(&run.interrupted))
    return NQ_ERR_INTERRUPTED;
  /* Every thread failed to make its scratch: nothing ran. */
  if (atomic_load(&run.next) < run.count)
    return NQ_ERR_MEMORY;
  return NQ_OK;
}

nq_status nq_count_plan_prepare(const nq_count_plan *plan, int threads,
                                const volatile sig_atomic_t *stop) {
  if (threads < 0 || threads > NQ_COUNT_MAX_THREADS)
    return NQ_ERR_ARGUMENT;
  if (threads == 0)
    threads = online_processors(NQ_COUNT_MAX_THREADS);
  return plan->ops->prepare ? plan->ops->prepare(plan->shared, threads, stop) : NQ_OK;
}

struct nq_count_worker {
  const count_method_ops *ops;
  void *scratch;
};

nq_status nq_count_worker_create(const nq_count_plan *plan, nq_count_worker **worker) {
  *worker = malloc(sizeof **worker);
  if (!*worker)
    return NQ_ERR_MEMORY;
  (*worker)->ops = plan->ops;
  nq_status status = plan->ops->worker_create(plan->shared, &(*worker)->scratch);
  if (status != NQ_OK) {
    free(*worker);
    *worker = NULL;
  }
  return status;
}

void nq_count_worker_free(nq_count_worker *worker) {
  if (!worker)
    return;
  worker->ops->worker_destroy(worker->scratch);
  free(worker);
}

nq_status nq_count_plan_run_job_with(const nq_count_plan *plan, nq_count_worker *worker, size_t job,
                                     const volatile sig_atomic_t *stop, nq_count_tally *tally) {
  if (job >= plan->jobs || worker->ops != plan->ops)
    return NQ_ERR_ARGUMENT;
  if (stop && *stop)
    return NQ_ERR_INTERRUPTED;
  nq_count_tally job_tally = {0};
  nq_status status = plan->ops->run_job(plan->shared, worker->scratch, job, stop, &job_tally);
  if (status == NQ_OK)
    nq_count_tally_add(tally, &job_tally);
  return status;
}

nq_status nq_count_plan_run_job(const nq_count_plan *plan, size_t job,
                                const volatile sig_atomic_t *stop, nq_count_tally *tally) {
  if (job >= plan->jobs)
    return NQ_ERR_ARGUMENT;
  nq_count_worker *worker;
  nq_status status = nq_count_worker_create(plan, &worker);
  if (status != NQ_OK)
    return status;
  status = nq_count_plan_run_job_with(plan, worker, job, stop, tally);
  nq_count_worker_free(worker);
  return status;
}
