/* nqsat/count_plan.h - a counting method's work as a deterministic list of
 * independent jobs (public; count/ library).
 *
 * The same list serves a whole run, parts on several machines and their
 * merge, checkpoints, the time estimate and nqsat-mpi: a job's result
 * depends only on the plan and the job's index, never on threads or on
 * which process ran it. Each method (backtracking, the join) fills in the
 * job operations of count/count_method.h.
 */
#ifndef NQSAT_COUNT_PLAN_H
#define NQSAT_COUNT_PLAN_H
#include "nqsat/count_classes.h"
#include "nqsat/status.h"
#include <signal.h>
#include <stddef.h>
#include <stdint.h>

typedef enum nq_count_method {
  NQ_COUNT_METHOD_AUTO = 0, /* the faster for n (measured; documented) */
  NQ_COUNT_METHOD_BACKTRACK =
      1,                   /* symmetry classes by backtracking (its kernels: nq_count_kernel) */
  NQ_COUNT_METHOD_JOIN = 2 /* quarter boards joined into halves, halves matched */
} nq_count_method;

/* Largest n the join method counts: a half board's diagonals, two fields
 * of n + n/2 - 1 bits (or 2n - 1 - n/2), fill one 64-bit word. */
#define NQ_COUNT_JOIN_MAX_N 22
/* Smallest n for which the automatic choice may take the join (below it the
 * class counter finishes before the join's tables are built). */
#define NQ_COUNT_JOIN_AUTO_MIN_N 14

/* What a job (or a sum of jobs) found: solutions by class size, so
 * total = 2*count2 + 4*count4 + 8*count8 and fundamental = the sum of the
 * three. `work` is the method's unit of effort (nodes for backtrack, joins
 * for join) for speed figures; `work` is NOT deterministic across kernels. */
typedef struct nq_count_tally {
  uint64_t count2, count4, count8;
  uint64_t work;
  /* Solutions counted one by one, all in classes of 8 (a method that counts
   * totals by symmetry weights and finds its symmetric solutions apart, as
   * the join method does). A sum over all jobs holds a multiple of 8: such a
   * run's fundamental count is count2 + count4 + count8 + count1 / 8 and its
   * total 2*count2 + 4*count4 + 8*count8 + count1. */
  uint64_t count1;
} nq_count_tally;

typedef struct nq_count_plan nq_count_plan; /* opaque */

const char *nq_count_method_name(nq_count_method method); /* "backtrack", "join", "auto" */
/* The method AUTO picks for n (never AUTO). */
nq_count_method nq_count_method_for(int n);
/* The method AUTO picks for n counted as `parts` processes (--part I/K,
 * or MPI ranks): each process of the join builds its tables again, so for
 * many parts of a small n backtracking costs less in all. */
nq_count_method nq_count_method_for_parts(int n, size_t parts);
/* Peak bytes the method needs for n with `threads` workers (plan + workers),
 * so the CLI can refuse over --max-memory before building anything. */
uint64_t nq_count_memory_estimate(int n, nq_count_method method, int threads);

/* Instruction-set levels of the counting loops, chosen at run time (one
 * binary runs on every processor). AVX512: AVX-512 F, BW and VPOPCNTDQ with
 * BMI2; AVX2: AVX2, BMI2 and POPCNT (x86-64-v3); PORTABLE: plain C, any
 * processor. The join counts with the level's kernels; backtracking's
 * vector kernel is the AVX512 level, its rows kernel runs at every level.
 * Every level gives the same job list and the same counts, so parts and
 * checkpoints made at one level merge with another's. */
typedef enum nq_count_isa {
  NQ_COUNT_ISA_AUTO = 0, /* the fastest level this processor has */
  NQ_COUNT_ISA_AVX512 = 1,
  NQ_COUNT_ISA_AVX2 = 2,
  NQ_COUNT_ISA_PORTABLE = 3
} nq_count_isa;
const char *nq_count_isa_name(nq_count_isa isa); /* "auto", "avx512", "avx2", "portable" */
/* Sets *isa from its name; -1 for an unknown name. */
int nq_count_isa_parse(const char *name, nq_count_isa *isa);
/* 1 when this processor has the level (AUTO and PORTABLE: always). */
int nq_count_isa_available(nq_count_isa isa);
/* The fastest level this processor has (what AUTO means). */
nq_count_isa nq_count_isa_best(void);

/* Builds the job list (and any shared tables). Deterministic: same n,
 * method and version give the same jobs in the same order. Counts at the
 * fastest level the processor has. */
nq_status nq_count_plan_create(int n, nq_count_method method, nq_count_kernel kernel,
                               nq_count_plan **plan);
/* The same at level `isa`: NQ_ERR_ARGUMENT when the processor lacks it.
 * Below AVX512 a backtracking kernel AUTO means ROWS. */
nq_status nq_count_plan_create_isa(int n, nq_count_method method, nq_count_kernel kernel,
                                   nq_count_isa isa, nq_count_plan **plan);
/* The level the plan counts with (never AUTO). */
nq_count_isa nq_count_plan_isa(const nq_count_plan *plan);
/* The kernel the plan's jobs search with, as --stats names it: for the
 * join its level ("avx2"), for backtracking "vector" or "rows" (or a note
 * that a board under 6 rows is enumerated). */
const char *nq_count_plan_kernel_name(const nq_count_plan *plan);

/* ---- Choices by name --------------------------------------------------------
 * What `nqsat count` and nqsat-mpi let a user choose, parsed in one place
 * so both programs take the same names and say the same things. */
typedef struct nq_count_choice {
  nq_count_method method; /* --method: auto, backtrack, join */
  nq_count_isa isa;       /* --isa: auto, avx512, avx2, portable */
  /* Which option set `isa` ("isa" or the old spelling "kernel"); NULL
   * while neither did. */
  const char *isa_option;
} nq_count_choice;
#define NQ_COUNT_CHOICE_DEFAULT                                                                    \
  { NQ_COUNT_METHOD_AUTO, NQ_COUNT_ISA_AUTO, NULL }
/* Takes the value of option `option` ("method", "isa", or "kernel", the
 * old spelling of --isa kept for one release: rows = portable, vector =
 * avx512, auto = auto) into *choice. Returns 0, or -1 with a message in
 * why[why_size] (an unknown name, listing the names; --kernel and --isa
 * both given). */
int nq_count_choice_parse(nq_count_choice *choice, const char *option, const char *value, char *why,
                          size_t why_size);
void nq_count_plan_free(nq_count_plan *plan);
size_t nq_count_plan_jobs(const nq_count_plan *plan);
nq_count_method nq_count_plan_method(const nq_count_plan *plan);
/* Checksum of the job list (method, n, every job's description). */
uint64_t nq_count_plan_checksum(const nq_count_plan *plan);

/* Runs jobs [first, end) on `threads` threads (0 = one per processor),
 * largest first within the range, adding into *tally. `done` (may be NULL)
 * is called once per finished job from the finishing thread under a lock
 * (checkpoints, progress); `skip` (may be NULL) says a job is already done.
 * Polls *stop (may be NULL) at least every ~50 ms of work: returns
 * NQ_ERR_INTERRUPTED with *tally holding only finished jobs. */
typedef struct nq_count_run_hooks {
  int (*skip)(void *context, size_t job);
  void (*done)(void *context, size_t job, const nq_count_tally *job_tally);
  void *context;
  const volatile sig_atomic_t *stop;
} nq_count_run_hooks;
nq_status nq_count_plan_run(const nq_count_plan *plan, size_t first, size_t end, int threads,
                            const nq_count_run_hooks *hooks, nq_count_tally *tally);

/* Builds the method's shared tables now on up to `threads` threads (0 =
 * one per processor), polling *stop (may be NULL: NQ_ERR_INTERRUPTED);
 * nq_count_plan_run does it itself, so this is for callers that time
 * single jobs (--estimate) or run jobs one by one (nqsat-mpi). */
nq_status nq_count_plan_prepare(const nq_count_plan *plan, int threads,
                                const volatile sig_atomic_t *stop);

/* A worker's scratch, kept across the jobs one thread runs one by one
 * (a join worker's lists and matcher grow to their size once, not per
 * job). */
typedef struct nq_count_worker nq_count_worker; /* opaque */
nq_status nq_count_worker_create(const nq_count_plan *plan, nq_count_worker **worker);
void nq_count_worker_free(nq_count_worker *worker);
/* Job `job` on the calling thread with `worker` (made for this plan). */
nq_status nq_count_plan_run_job_with(const nq_count_plan *plan, nq_count_worker *worker, size_t job,
                                     const volatile sig_atomic_t *stop, nq_count_tally *tally);

/* One job on the calling thread (for tests; a fresh worker each call). */
nq_status nq_count_plan_run_job(const nq_count_plan *plan, size_t job,
                                const volatile sig_atomic_t *stop, nq_count_tally *tally);

/* ---- Weights, parts and order ---------------------------------------------- */
/* The plan's cost guess for job j (the method's job_weight): larger runs
 * first; parts and the estimate's strata are built from it. */
double nq_count_plan_job_weight(const nq_count_plan *plan, size_t job);

/* Deterministic, balanced shares for `parts` machines: part_of_job[j] gets
 * the part (0..parts-1) of job j. The jobs, by weight (heaviest first, ties
 * by index), are dealt out in snake order 0,1,..,K-1,K-1,..,0,0,1,.. so every
 * part gets a like mix of large and small jobs. Depends only on the plan and
 * `parts` (never on threads). NQ_ERR_ARGUMENT when parts is 0. */
nq_status nq_count_plan_parts(const nq_count_plan *plan, size_t parts, uint32_t *part_of_job);

/* Fills order[0 .. jobs) with the jobs heaviest first, ties by index (the
 * order parts are dealt in, nqsat-mpi hands jobs out in, and the estimate
 * cuts its strata from). NQ_ERR_MEMORY. */
nq_status nq_count_plan_heaviest_first(const nq_count_plan *plan, size_t *order);

/* An estimate of job j's work without running it (Knuth's tree-size
 * estimator, `probes` random descents; *random_state any nonzero seed,
 * advanced). NQ_ERR_ARGUMENT when the method has no estimator. */
nq_status nq_count_plan_estimate_job(const nq_count_plan *plan, size_t job, int probes,
                                     uint64_t *random_state, double *work);

/* ---- Tallies ------------------------------------------------------------- */
/* All solutions in a tally: 2*count2 + 4*count4 + 8*count8, except for
 * n = 1, whose single board is a class of one (kept in count2). */
uint64_t nq_count_tally_total(int n, const nq_count_tally *tally);
/* Fundamental solutions (classes) in a complete tally: count2 + count4 +
 * count8 + count1 / 8 (count1 is a multiple of 8 over all jobs). */
uint64_t nq_count_tally_fundamental(const nq_count_tally *tally);
/* Adds `part` into `sum`, field by field. */
void nq_count_tally_add(nq_count_tally *sum, const nq_count_tally *part);
#endif
