/* Enumerating the models of any DIMACS formula. By default each batch of
 * cubes runs nqsat's all-solutions engine (allsat_engine.h, see
 * solve_batch_native: no blocking clauses at all); with the PicoSAT
 * engine blocking clauses remain the mechanism, but no instance carries
 * many of them. Items 2, 5 and 6 serve both engines; 3 and 4 are
 * PicoSAT's.
 *
 * 1. Compact numbering (cnf_compact.c): only variables that occur exist,
 *    so the cost follows the file's contents, not its header.
 * 2. Split (cnf_cubes.c): the projection variables are split into cubes,
 *    consistent leaves of a unit-propagation tree. Every model lies in
 *    exactly one cube, and each cube is enumerated with its own blocking
 *    clauses only (in batches: one PicoSAT instance per batch, the cube's
 *    literals as assumptions, its blocking clauses behind a selector):
 *    the per-model cost of a blocking-clause loop grows with the clauses
 *    it carries, so many small loops beat one long one.
 * 3. Projection: PicoSAT decides projection variables first
 *    (picosat_set_more_important_lit) and blocking clauses hold only
 *    projection variables: two models that agree there count once.
 * 4. Shrinking the blocking clauses (all sound, all kept):
 *    - a cube's own literals are fixed while it runs, so they are left
 *      out of its blocking clauses (their negations are false there);
 *    - propagation-minimal clauses (shrunk_blocking_clause): only the
 *      model's projection literals from which unit propagation derives
 *      the rest;
 *    - picosat_deref_partial gives a partial assignment that satisfies
 *      every clause added so far (the formula, the cube, the blocking
 *      clauses: picosat_save_original_clauses keeps them all). Every total
 *      extension of it is then a model that no earlier blocking clause
 *      excludes, so the projection variables it leaves open are free: the
 *      model stands for 2^free projected models, all counted (and listed
 *      with --all), and the blocking clause names only the assigned
 *      projection variables. Formulas with many don't-care variables
 *      (random 3-SAT) then need far fewer SAT calls.
 *    Measured in bench/README.md; the option no_shrink turns all off.
 * 5. Threads: fixed batches of consecutive cubes (see solve_batch) are
 *    handed to workers in order; each cube's models are kept until every
 *    earlier cube was reported (the cube next in line streams), so the
 *    output is the same for any thread count. PicoSAT instances share
 *    nothing (Debian's libpicosat has no writable globals).
 * 6. Symmetry (cnf_symmetry.h): see orbit_in_cube here, and the orbits
 *    and lex-leader clauses in cnf_orbit.h.
 */
#include <picosat/picosat.h>
#include <pthread.h>
#include <stdatomic.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "allsat_engine.h"
#include "allsat_order.h"
#include "cnf_compact.h"
#include "cnf_cubes.h"
#include "cnf_orbit.h"
#include "cnf_propagate.h"
#include "cnf_symmetry.h"
#include "grow.h"
#include "picosat_memory.h"
#include "processors.h"
#include "search_clock.h"

/* Cubes aimed at by default (the same for any thread count, so the output
 * does not depend on it): measured on shuffled N-Queens files
 * (bench/README.md, "How the design was chosen"). MAX_SPLIT_DEPTH bounds a
 * cube's decisions; MAX_FREE the free variables one partial assignment may
 * stand for (2^62 models). */
enum { DEFAULT_CUBE_TARGET = 2048, MAX_SPLIT_DEPTH = 40, MAX_FREE = 62 };
/* The native engine needs no small cubes (it adds no blocking clauses
 * whose number small cubes would bound), and splitting costs unit
 * propagation per leaf: callgrind, --count on one thread, 2048 cubes
 * against 256: ladder N = 10 parsimonious 1.18 G instructions against
 * 0.52 G, shuffled pairwise N = 11 1.15 G against 0.54 G, random 3-SAT
 * 70/260 0.76 G against 0.60 G. 128 against 256 (each cube starts its
 * walk of the tree afresh): ladder N = 11 parsimonious 0.97 G against
 * 1.05 G, N = 12 ladder 4.64 G against 4.95 G, binary 5.70 against 6.00,
 * bimander 3.60 against 3.85, seq 3.07 against 3.19, product and
 * commander 1% fewer, pairwise and shuffled pairwise 1% more, random
 * 3-SAT 70/260 0.56 G against 0.52 G (one cube to each of the 128
 * batches). */
enum { NATIVE_CUBE_TARGET = 128 };
/* Symmetry (cnf_symmetry.h): detection gets at most SYMMETRY_SECONDS (it
 * takes milliseconds on N-Queens files up to N = 14, 0.8 s on 1.6 million
 * clauses), is skipped past SYMMETRY_MAX_LITERALS (nauty's first
 * refinement cannot be interrupted), and a group whose action on the
 * projection has more than SYMMETRY_MAX_ORDER elements (or an unknown
 * order) is not used: orbits are listed member by member. */
#define SYMMETRY_SECONDS 1.0
enum { SYMMETRY_MAX_LITERALS = 20000000, SYMMETRY_MAX_ORDER = 100000 };
/* The static decision order (allsat_order.h) is computed for formulas of
 * up to this many literals (at most 64 steps a literal); larger ones are
 * decided by VSIDS. */
enum { ORDER_MAX_LITERALS = 1 << 22 };
/* Cubes are run in at most this many batches (see solve_batch). */
enum { BATCHES = 128 };

struct nq_cnf_plan {
  cnf_compact formula;
  cnf_cubes cubes;
  propagator tables; /* cloned by each worker for shrinking */
  cnf_formula_view view;
  cnf_symmetry_group group;
  int symmetric;      /* the group is used: orbits blocked within each cube */
  int *decision_rank; /* native engine: the static decision order, or NULL (VSIDS) */
  int shrink;
  int engine;                    /* nq_cnf_engine */
  int partial;                   /* nq_cnf_options.partial */
  uint64_t decisions, conflicts; /* of the last enumeration (engine NATIVE) */
  nq_cnf_watch watch;
  nq_cnf_report report;
};

static void fill_report(nq_cnf_plan *plan) {
  nq_cnf_report *r = &plan->report;
  r->variables = plan->formula.variables;
  r->projected = plan->formula.projection_count;
  r->unused_projected = plan->formula.unused_projected;
  r->clauses = plan->formula.clause_count;
  r->literals = plan->formula.literal_count - plan->formula.clause_count;
  r->cubes = plan->cubes.count;
  r->split_depth = plan->cubes.depth;
  r->shrink = plan->shrink;
  r->engine = plan->engine;
  if (!r->group_order[0])
    strcpy(r->group_order, "1");
}

static int thread_count(const nq_solver_control *control) {
  if (control && control->threads > 0)
    return control->threads;
  return online_processors(0);
}

nq_status nq_cnf_plan_make(const nq_cnf *cnf, const nq_cnf_options *options,
                           const nq_solver_control *control, nq_cnf_plan **out,
                           nq_cnf_report *report) {
  static const nq_cnf_options defaults = {0};
  if (!options)
    options = &defaults;
  *out = NULL;
  nq_cnf_plan *plan = calloc(1, sizeof *plan);
  if (!plan)
    return NQ_ERR_MEMORY;
  nq_status status = cnf_compact_build(cnf, &plan->formula);
  if (status != NQ_OK) {
    free(plan);
    return status;
  }
  /* A stop asked for while reading or planning ends the plan here: the
   * caller reports the run as stopped before its first model. */
  const volatile sig_atomic_t *stop = control ? control->interrupt : NULL;
  if (stop && *stop) {
    cnf_compact_free(&plan->formula);
    free(plan);
    return NQ_ERR_INTERRUPTED;
  }
  plan->shrink = !options->no_shrink;
  plan->engine = options->engine;
  plan->partial = options->partial && options->engine == NQ_CNF_ENGINE_NATIVE;
  size_t target = options->cube_target                      ? options->cube_target
                  : options->engine == NQ_CNF_ENGINE_NATIVE ? NATIVE_CUBE_TARGET
                                                            : DEFAULT_CUBE_TARGET;
  search_clock clock;
  search_clock_start(&clock, NULL);
  status = cnf_cubes_build(&plan->formula, options->no_split ? 1 : target,
                           options->no_split ? 0 : MAX_SPLIT_DEPTH,
                           control ? control->interrupt : NULL, &plan->cubes);
  if (status != NQ_OK) {
    cnf_compact_free(&plan->formula);
    free(plan);
    return status;
  }
  plan->report.split_seconds = search_clock_elapsed(&clock);
  if (stop && *stop) {
    cnf_cubes_free(&plan->cubes);
    cnf_compact_free(&plan->formula);
    free(plan);
    return NQ_ERR_INTERRUPTED;
  }
  if (plan->shrink && propagator_init(&plan->tables, &plan->formula) != NQ_OK) {
    cnf_cubes_free(&plan->cubes);
    cnf_compact_free(&plan->formula);
    free(plan);
    return NQ_ERR_MEMORY;
  }
  plan->view.variables = plan->formula.variables;
  plan->view.literals = plan->formula.literals;
  plan->view.literal_count = plan->formula.literal_count;
  plan->view.projected = plan->formula.projected;
  strcpy(plan->report.group_order, "1");
  /* A stop asked for from here on skips the detection (up to a second on
   * large files): the enumeration then ends at once. */
  if (!(stop && *stop) && !options->no_symmetry && plan->formula.variables > 0 &&
      plan->formula.literal_count <= SYMMETRY_MAX_LITERALS &&
      !(options->listing && plan->formula.projection_count < plan->formula.variables)) {
    char error[200];
    search_clock_start(&clock, NULL);
    double limit = SYMMETRY_SECONDS;
    if (control && control->time_limit_seconds > 0 && 0.05 * control->time_limit_seconds < limit)
      limit = 0.05 * control->time_limit_seconds; /* a small share of a limited run */
    nq_status found =
        cnf_symmetry_detect(&plan->view, limit, stop, &plan->group, error, sizeof error);
    plan->report.symmetry_seconds = search_clock_elapsed(&clock);
    uint64_t order = plan->group.projected_order;
    plan->symmetric = found == NQ_OK && plan->group.projected_generator_count > 0 && order > 1 &&
                      order <= SYMMETRY_MAX_ORDER;
    if (found == NQ_OK && plan->group.order_text[0])
      snprintf(plan->report.group_order, sizeof plan->report.group_order, "%s",
               plan->group.order_text);
    plan->report.symmetry_used = plan->symmetric;
  }
  if (plan->engine == NQ_CNF_ENGINE_NATIVE && plan->formula.literal_count <= ORDER_MAX_LITERALS) {
    plan->decision_rank = malloc(((size_t)plan->formula.variables + 1) * sizeof(int));
    if (plan->decision_rank &&
        allsat_order_by_links(plan->formula.variables, plan->formula.literals,
                              plan->formula.literal_count, plan->decision_rank)) {
      free(plan->decision_rank);
      plan->decision_rank = NULL; /* out of memory: VSIDS decides */
    }
  }
  int threads = thread_count(control);
  plan->report.threads =
      (size_t)threads > plan->cubes.count && plan->cubes.count ? (int)plan->cubes.count : threads;
  fill_report(plan);
  if (report)
    *report = plan->report;
  *out = plan;
  return NQ_OK;
}

void nq_cnf_plan_free(nq_cnf_plan *plan) {
  if (!plan)
    return;
  if (plan->shrink)
    propagator_free(&plan->tables);
  cnf_symmetry_free(&plan->group);
  free(plan->decision_rank);
  cnf_cubes_free(&plan->cubes);
  cnf_compact_free(&plan->formula);
  free(plan);
}

void nq_cnf_plan_watch(nq_cnf_plan *plan, const nq_cnf_watch *watch) {
  nq_cnf_watch none = {0, NULL, NULL};
  plan->watch = watch ? *watch : none;
}

void nq_cnf_plan_search_counts(const nq_cnf_plan *plan, uint64_t *decisions, uint64_t *conflicts) {
  *decisions = plan->decisions;
  *conflicts = plan->conflicts;
}

/* The all-solutions engine per worker (allsat_engine.c): the clauses in
 * its arena (2 header words each) and their watches (12 bytes, two per
 * clause), occurrence lists (4 bytes a literal), about 64 bytes per
 * variable, and the learned clauses it keeps before reducing (512 plus an
 * eighth of the clauses, of up to 64 literals each: charged four times,
 * for the growth when reasons fill it). */
static double native_instance_bytes(const cnf_compact *f) {
  double literals = (double)(f->literal_count - f->clause_count), clauses = (double)f->clause_count;
  double formula = 4.0 * (literals + 2.0 * clauses) + 24.0 * clauses + 4.0 * literals;
  double width = f->projection_count < 64 ? f->projection_count : 64;
  double learned = 4.0 * (512.0 + clauses / 8.0) * (4.0 * (width + 2.0) + 24.0);
  return 65536.0 + 64.0 * f->variables + formula + learned;
}

/* PicoSAT's cost by its model (picosat_memory.c), a blocking clause's
 * learned share growing with the projection; the native engine's by
 * native_instance_bytes (no blocking clauses). */
uint64_t nq_cnf_plan_memory_estimate(const nq_cnf_plan *plan, int threads,
                                     uint64_t blocking_clauses) {
  const cnf_compact *f = &plan->formula;
  if (plan->engine == NQ_CNF_ENGINE_NATIVE)
    blocking_clauses = 0;
  double per_instance = picosat_instance_bytes(
      f->variables, (double)(f->literal_count - f->clause_count), (double)f->clause_count);
  if (plan->shrink) /* the saved original clauses */
    per_instance += 8.0 * (double)f->literal_count;
  double instances = threads > 1 ? threads : 1;
  if (plan->engine == NQ_CNF_ENGINE_NATIVE)
    per_instance = native_instance_bytes(f);
  double blocking =
      picosat_blocking_bytes((double)blocking_clauses, 4.0 * (double)f->projection_count);
  /* The compact copy, the cubes and the caller's formula. */
  double tables = 12.0 * (double)f->literal_count + 16.0 * f->variables +
                  4.0 * (double)(plan->cubes.start ? plan->cubes.start[plan->cubes.count] : 0);
  return picosat_bytes_rounded(PICOSAT_MARGIN * (per_instance * instances + blocking) + tables);
}

/* ---- the enumeration ---- */

typedef struct cube_state {
  signed char *kept; /* models to report, variables + 1 bytes each */
  size_t kept_count, kept_capacity;
  int done;
} cube_state;

enum { CUBE_WAITING = 0, CUBE_DONE = 1 };

typedef struct run {
  const nq_cnf_plan *plan;
  cube_state *cubes;
  int keep;
  int partial; /* models kept with their free variables open (-1), not expanded */
  uint64_t max_models;
  nq_model_fn on_model;
  void *context;
  search_clock clock;

  pthread_mutex_t lock; /* guards what follows */
  size_t batch_size;
  size_t next_batch, next_to_report;
  uint64_t reported;
  nq_status status;
  atomic_int stop;
  /* Counts below 2^128 as two words: a partial assignment stands for up
   * to 2^MAX_FREE models, so a few pass 2^64; 2^128 would take 2^66 SAT
   * calls. The low words wrap; count_add carries into the high ones. */
  atomic_ullong found, found_high;
  atomic_ullong fundamental, fundamental_high; /* orbits (= found without symmetry) */
  atomic_ullong decisions, conflicts;          /* the all-solutions engine's */
  int symmetric;                               /* the plan's group is used in this run */
  int lex_leader;                              /* with lex-leader clauses */
  /* The watch (nq_cnf_watch): steps published by the workers, the next
   * check (0: none), finished cubes. */
  atomic_ullong work, next_check, cubes_done;
  atomic_int checking;
} run;

static void set_status(run *r, nq_status status) {
  pthread_mutex_lock(&r->lock);
  if (r->status == NQ_OK)
    r->status = status;
  pthread_mutex_unlock(&r->lock);
  atomic_store(&r->stop, 1);
}

/* Adds to a two-word count: the one addition that wraps the low word
 * (fetch_add hands each adder the value before it) carries. */
static void count_add(atomic_ullong *low, atomic_ullong *high, unsigned long long amount) {
  unsigned long long before = atomic_fetch_add(low, amount);
  if (before + amount < before)
    atomic_fetch_add(high, 1ull);
}

static int stop_hook(void *state) {
  run *r = state;
  return atomic_load(&r->stop) || search_clock_expired(&r->clock);
}

/* Lock held. Reports and forgets what `cube` kept. */
static void report_cube(run *r, cube_state *cube) {
  int variables = r->plan->formula.variables;
  size_t width = (size_t)variables + 1;
  for (size_t i = 0; i < cube->kept_count; i++) {
    if (r->max_models && r->reported >= r->max_models)
      break;
    r->reported++;
    if (r->on_model && r->on_model(r->context, cube->kept + i * width,
                                   r->plan->formula.file_variable, variables)) {
      if (r->status == NQ_OK)
        r->status = NQ_ERR_STOPPED;
      atomic_store(&r->stop, 1);
      break;
    }
  }
  cube->kept_count = 0;
  if (r->max_models && r->reported >= r->max_models)
    atomic_store(&r->stop, 1);
}

static void report_ready(run *r, int finishing) {
  while (r->next_to_report < r->plan->cubes.count) {
    cube_state *cube = &r->cubes[r->next_to_report];
    if (cube->done == CUBE_WAITING && !finishing)
      return;
    if (!atomic_load(&r->stop) || r->status == NQ_OK)
      report_cube(r, cube);
    free(cube->kept);
    cube->kept = NULL;
    cube->kept_count = cube->kept_capacity = 0;
    r->next_to_report++;
  }
}

static int keep_model(cube_state *cube, const signed char *values, size_t width) {
  if (cube->kept_count == cube->kept_capacity) {
    signed char *kept =
        grow_array(cube->kept, &cube->kept_capacity, cube->kept_count + 1, width, 16);
    if (!kept)
      return -1;
    cube->kept = kept;
  }
  memcpy(cube->kept + cube->kept_count++ * width, values, width);
  return 0;
}

typedef struct worker_memory {
  signed char *values;
  unsigned char *fixed; /* [variables + 1]: set by the cube */
  int *free_variables;
  int *blocking;
  propagator up;        /* shrinking: the cube's literals, then the model's */
  cnf_cube_orbit orbit; /* symmetry: a model's orbit as the cube sees it */
  const int *cube_literals;
  size_t cube_size;
  int *inverse; /* lex-leader clauses: a generator's inverse */
  int *candidates;
  allsat_engine *engine; /* native engine: loaded by the first batch, kept for the rest */
  uint64_t published;    /* of its steps, added to run.work */
} worker_memory;

/* Keeps the 2^free models one partial assignment stands for: the free
 * variables run through every combination, first variable slowest. */
static int keep_expanded(run *r, cube_state *cube, worker_memory *m, int free_count) {
  size_t width = (size_t)r->plan->formula.variables + 1;
  uint64_t combinations = (uint64_t)1 << free_count;
  for (uint64_t bits = 0; bits < combinations; bits++) {
    for (int k = 0; k < free_count; k++)
      m->values[m->free_variables[k]] = (bits >> (free_count - 1 - k)) & 1;
    if (keep_model(cube, m->values, width))
      return -1;
    if (r->max_models && cube->kept_count >= r->max_models)
      break; /* no more can be reported from one cube */
  }
  return 0;
}

/* Tries of picosat_deref_partial per cube before it is given up when it
 * found no free variable (it scans every clause once per model: worth it
 * for formulas with don't-cares, pure cost for N-Queens). Per cube, so the
 * choice does not depend on which worker ran what. */
enum { PARTIAL_TRIES = 4, PARTIAL_MAX_LITERALS = 1 << 20 };

/* The blocking clause of the model in m->values, shrunk (see the file
 * comment): free variables from the partial assignment, then a subset D
 * of the model's other projection literals from which unit propagation
 * (with the cube's literals) derives all of them; the clause is not-D.
 * Any model containing D has, by propagation, the same values on the
 * non-free projection variables, so it is one the count already holds.
 * True literals are tried first: in at-most-one constraints they imply
 * the most. Returns the clause length; fills m->blocking. */
static int shrunk_blocking_clause(run *r, worker_memory *m, const signed char *values,
                                  PicoSAT *picosat, int base, int *partial_tries, int *free_count) {
  const cnf_compact *f = &r->plan->formula;
  int candidates = 0, found_free = 0;
  for (int pass = 0; pass < 2; pass++)
    for (int k = 0; k < f->projection_count; k++) {
      int v = f->projection[k];
      if (m->fixed[v] || values[v] != (pass == 0))
        continue;
      if (pass == 0 && *partial_tries > 0 && *free_count < MAX_FREE &&
          picosat_deref_partial(picosat, v) == 0) {
        m->free_variables[(*free_count)++] = v;
        continue;
      }
      if (pass == 1 && *partial_tries > 0 && *free_count < MAX_FREE &&
          picosat_deref_partial(picosat, -v) == 0) {
        m->free_variables[(*free_count)++] = v;
        continue;
      }
      m->candidates[candidates++] = values[v] ? v : -v;
    }
  found_free = *free_count > 0;
  if (*partial_tries > 0 && !found_free)
    (*partial_tries)--;
  else if (found_free)
    *partial_tries = PARTIAL_TRIES;
  propagator_backtrack(&m->up, base);
  int length = 0;
  for (int i = 0; i < candidates; i++) {
    int literal = m->candidates[i];
    int here = propagator_literal_value(&m->up, literal);
    if (here > 0)
      continue;
    if (here < 0) /* cannot happen for a model; block it whole to stay sound */
      goto whole;
    int mark = m->up.trail_size;
    propagator_assign(&m->up, literal);
    m->blocking[length++] = -literal;
    if (!propagator_propagate(&m->up, mark))
      goto whole;
  }
  return length;
whole:
  for (int i = 0; i < candidates; i++)
    m->blocking[i] = -m->candidates[i];
  return candidates;
}

/* The cube next in line streams what it finds: a huge cube (or --max K)
 * must not hold the output back. */
static void stream_if_next(run *r, cube_state *cube, size_t index) {
  pthread_mutex_lock(&r->lock);
  if (r->next_to_report == index)
    report_cube(r, cube);
  pthread_mutex_unlock(&r->lock);
}

/* Symmetry within a cube (the scheme of enumerate_symmetric.c, for any
 * group): when a cube finds a model it lists the model's orbit
 * (cnf_cube_orbit_collect); the orbit is counted (all its members, and
 * once for --unique) and listed by the cube that holds its least member,
 * and every member that lies in this cube is blocked here, so a cube meets
 * each orbit at most once. The cube holding the least member cannot miss
 * the orbit: the least member satisfies the cube and the lex-leader
 * clauses (cnf_lex_leader_clauses) and is blocked there only once a member
 * was found there. The images are projected models of the formula (an
 * automorphism maps models to models), so their shrunk blocking clauses
 * are sound as the model's own. Returns -1 after a failure. */
static int orbit_in_cube(run *r, worker_memory *m, size_t index, PicoSAT *picosat, int selector,
                         int base) {
  const cnf_compact *f = &r->plan->formula;
  size_t width = (size_t)f->variables + 1;
  cnf_cube_orbit *orbit = &m->orbit;
  if (cnf_cube_orbit_collect(orbit, &r->plan->group, &r->plan->view, f, m->values, m->cube_literals,
                             m->cube_size)) {
    set_status(r, NQ_ERR_MEMORY);
    return -1;
  }
  cube_state *cube = &r->cubes[index];
  if (orbit->least_in_cube) {
    count_add(&r->fundamental, &r->fundamental_high, 1ull);
    count_add(&r->found, &r->found_high, (unsigned long long)orbit->image_count);
  }
  for (size_t i = 0; i < orbit->image_count; i++) {
    signed char *image = orbit->images + i * width;
    int in_cube = image[0];
    image[0] = 0;
    /* Images carry projected values only; with every variable projected
     * (the only case listed with symmetry, see nq_cnf_plan_enumerate)
     * they are whole models. The model itself is listed as found. */
    if (r->keep && orbit->least_in_cube && keep_model(cube, i == 0 ? m->values : image, width)) {
      set_status(r, NQ_ERR_MEMORY);
      return -1;
    }
    if (!in_cube)
      continue;
    int blocking_count = 0, no_tries = 0, free_count = 0;
    if (r->plan->shrink) {
      blocking_count = shrunk_blocking_clause(r, m, image, picosat, base, &no_tries, &free_count);
    } else {
      for (int k = 0; k < f->projection_count; k++) {
        int v = f->projection[k];
        m->blocking[blocking_count++] = image[v] > 0 ? -v : v;
      }
    }
    picosat_add(picosat, -selector);
    for (int k = 0; k < blocking_count; k++)
      picosat_add(picosat, m->blocking[k]);
    picosat_add(picosat, 0);
  }
  if (r->keep && orbit->least_in_cube)
    stream_if_next(r, cube, index);
  return 0;
}

static void add_to_picosat(void *picosat, int literal) { picosat_add(picosat, literal); }

/* Enumerates the cubes first..last-1 in one PicoSAT instance (a batch):
 * the formula is added once, each cube's literals are assumptions, and
 * its blocking clauses carry a selector literal of its own (not-s or
 * not-D, with s assumed while the cube runs and then fixed false), so a
 * cube's blocking clauses never constrain another cube and learned
 * clauses carry over. Batches are fixed before the workers start, so what
 * one batch finds, and in what order, does not depend on the thread count.
 * Returns 0, or -1 after a failure (status set). */
static int solve_batch(run *r, size_t first, size_t last, worker_memory *m) {
  const cnf_compact *f = &r->plan->formula;
  const cnf_cubes *cubes = &r->plan->cubes;
  int variables = f->variables, failed = 0;
  PicoSAT *picosat = picosat_init();
  if (!picosat) {
    set_status(r, NQ_ERR_MEMORY);
    return -1;
  }
  if (r->plan->shrink)
    picosat_save_original_clauses(picosat);
  picosat_set_interrupt(picosat, r, stop_hook);
  int auxiliary =
      r->symmetric ? r->plan->group.projected_generator_count * CNF_LEX_LEADER_LENGTH : 0;
  picosat_adjust(picosat, variables + auxiliary + (int)(last - first));
  if (f->projection_count < variables || auxiliary)
    for (int k = 0; k < f->projection_count; k++)
      picosat_set_more_important_lit(picosat, f->projection[k]);
  /* Loading a large formula takes a while: look at the stop every 256Ki
   * literals (the batch then ends like a stopped search). */
  for (size_t i = 0; i < f->literal_count; i++) {
    picosat_add(picosat, f->literals[i]);
    if (!(i & 0x3FFFF) && stop_hook(r)) {
      if (search_clock_expired(&r->clock))
        set_status(r, NQ_ERR_INTERRUPTED);
      picosat_reset(picosat);
      return 0;
    }
  }
  if (r->symmetric && r->lex_leader)
    cnf_lex_leader_clauses(&r->plan->group, f, add_to_picosat, picosat, variables + 1, m->inverse);
  for (size_t index = first; index < last && !failed; index++) {
    cube_state *cube = &r->cubes[index];
    int selector = variables + auxiliary + 1 + (int)(index - first);
    const int *cube_literals = cubes->literals ? cubes->literals + cubes->start[index] : NULL;
    size_t cube_size = cubes->start[index + 1] - cubes->start[index];
    for (size_t i = 0; i < cube_size; i++)
      m->fixed[abs(cube_literals[i])] = 1;
    /* picosat_deref_partial is not interruptible and scans the whole
     * formula: not on huge ones. */
    int base = 0,
        partial_tries = r->symmetric || f->literal_count > PARTIAL_MAX_LITERALS ? 0 : PARTIAL_TRIES;
    m->cube_literals = cube_literals;
    m->cube_size = cube_size;
    if (r->plan->shrink) {
      propagator_backtrack(&m->up, 0);
      int consistent = 1;
      for (size_t i = 0; i < cube_size && consistent; i++) {
        int here = propagator_literal_value(&m->up, cube_literals[i]);
        if (here == 0)
          propagator_assign(&m->up, cube_literals[i]);
        consistent = here >= 0;
      }
      if (!consistent || !propagator_units(&m->up))
        propagator_backtrack(&m->up, 0); /* the cube has no model: never used */
      base = m->up.trail_size;
    }
    for (;;) {
      if (atomic_load(&r->stop))
        break;
      if (search_clock_expired(&r->clock)) {
        set_status(r, NQ_ERR_INTERRUPTED);
        break;
      }
      for (size_t i = 0; i < cube_size; i++)
        picosat_assume(picosat, cube_literals[i]);
      picosat_assume(picosat, selector);
      int answer = picosat_sat(picosat, -1);
      if (answer == PICOSAT_UNSATISFIABLE)
        break;
      if (answer != PICOSAT_SATISFIABLE) {
        if (search_clock_expired(&r->clock))
          set_status(r, NQ_ERR_INTERRUPTED);
        else if (!atomic_load(&r->stop))
          set_status(r, NQ_ERR_SOLVER);
        break;
      }
      m->values[0] = 0;
      for (int v = 1; v <= variables; v++)
        m->values[v] = picosat_deref(picosat, v) > 0;
      if (r->symmetric) {
        if (orbit_in_cube(r, m, index, picosat, selector, base)) {
          failed = -1;
          break;
        }
        continue;
      }
      int free_count = 0, blocking_count = 0;
      if (r->plan->shrink) {
        blocking_count =
            shrunk_blocking_clause(r, m, m->values, picosat, base, &partial_tries, &free_count);
      } else {
        for (int k = 0; k < f->projection_count; k++) {
          int v = f->projection[k];
          m->blocking[blocking_count++] = m->values[v] ? -v : v;
        }
      }
      count_add(&r->found, &r->found_high, 1ull << free_count);
      count_add(&r->fundamental, &r->fundamental_high, 1ull << free_count);
      if (r->keep) {
        if (keep_expanded(r, cube, m, free_count)) {
          set_status(r, NQ_ERR_MEMORY);
          failed = -1;
          break;
        }
        stream_if_next(r, cube, index);
      }
      picosat_add(picosat, -selector);
      for (int k = 0; k < blocking_count; k++)
        picosat_add(picosat, m->blocking[k]);
      picosat_add(picosat, 0);
    }
    for (size_t i = 0; i < cube_size; i++)
      m->fixed[abs(cube_literals[i])] = 0;
    /* This cube's blocking clauses are satisfied from now on. */
    picosat_add(picosat, -selector);
    picosat_add(picosat, 0);
    int stopped = atomic_load(&r->stop);
    pthread_mutex_lock(&r->lock);
    cube->done = CUBE_DONE;
    if (!failed && !stopped)
      report_ready(r, 0);
    pthread_mutex_unlock(&r->lock);
    if (stopped)
      break;
  }
  picosat_reset(picosat);
  return failed;
}

/* ---- the all-solutions engine (allsat_engine.h) on a batch ---- */

typedef struct native_batch {
  run *r;
  worker_memory *m;
  size_t index; /* the cube running */
  int failed;
} native_batch;

/* The watch (nq_cnf_watch), polled with the stop flag: publishes the
 * worker's new steps; the worker whose steps pass the next check makes
 * it, unless another's check is still running (the exchanges pick one). */
static void watch_progress(run *r, worker_memory *m) {
  allsat_stats stats;
  allsat_engine_stats(m->engine, &stats);
  /* A model found costs a step (with symmetry its orbit's images are
   * added by native_model). */
  uint64_t steps = stats.decisions + NQ_CNF_WORK_PER_CONFLICT * stats.conflicts + stats.models;
  uint64_t fresh = steps - m->published;
  m->published = steps;
  unsigned long long total = atomic_fetch_add(&r->work, fresh) + fresh;
  unsigned long long check = atomic_load(&r->next_check);
  int idle = 0;
  if (!check || total < check || !atomic_compare_exchange_strong(&r->checking, &idle, 1))
    return;
  if (!atomic_compare_exchange_strong(&r->next_check, &check, check * 2)) {
    atomic_store(&r->checking, 0);
    return;
  }
  nq_cnf_progress progress = {total, atomic_load(&r->cubes_done), r->plan->cubes.count,
                              atomic_load(&r->found_high) ? UINT64_MAX : atomic_load(&r->found)};
  if (r->plan->watch.check(r->plan->watch.context, &progress))
    set_status(r, NQ_ERR_STOPPED);
  atomic_store(&r->checking, 0);
}

static int native_stop(void *context) {
  native_batch *b = context;
  if (atomic_load(&b->r->next_check))
    watch_progress(b->r, b->m);
  return stop_hook(b->r);
}

static void int_sink(void *sink, int literal) {
  int **end = sink;
  *(*end)++ = literal;
}

/* One model of the engine: with symmetry, its orbit is counted (and
 * listed) only when the model is the orbit's least member, which lies in
 * exactly one cube and satisfies the lex-leader clauses, so the engine,
 * finding every model once, meets it exactly once; else the model stands
 * for 2^free_count projected models. */
static int native_model(void *context, const signed char *values, int free_count) {
  native_batch *b = context;
  run *r = b->r;
  worker_memory *m = b->m;
  const cnf_compact *f = &r->plan->formula;
  size_t width = (size_t)f->variables + 1;
  cube_state *cube = &r->cubes[b->index];
  if (r->symmetric) {
    memcpy(m->values, values, width);
    cnf_cube_orbit *orbit = &m->orbit;
    if (cnf_cube_orbit_collect(orbit, &r->plan->group, &r->plan->view, f, m->values,
                               m->cube_literals, m->cube_size)) {
      set_status(r, NQ_ERR_MEMORY);
      b->failed = 1;
      return 1;
    }
    /* The watch's steps: each image is a permuted copy of the model. */
    if (r->plan->watch.check)
      atomic_fetch_add(&r->work, (unsigned long long)orbit->image_count *
                                     (1ull + (unsigned long long)f->variables / 16));
    if (cnf_projected_less(f, orbit->least, m->values))
      return atomic_load(&r->stop);
    count_add(&r->fundamental, &r->fundamental_high, 1ull);
    count_add(&r->found, &r->found_high, (unsigned long long)orbit->image_count);
    if (!r->keep)
      return atomic_load(&r->stop);
    for (size_t i = 0; i < orbit->image_count; i++) {
      signed char *image = orbit->images + i * width;
      image[0] = 0;
      if (keep_model(cube, i == 0 ? m->values : image, width)) {
        set_status(r, NQ_ERR_MEMORY);
        b->failed = 1;
        return 1;
      }
    }
    stream_if_next(r, cube, b->index);
    return atomic_load(&r->stop);
  }
  /* free_count <= MAX_FREE (62): the shift is defined, the sum carries. */
  count_add(&r->found, &r->found_high, 1ull << free_count);
  count_add(&r->fundamental, &r->fundamental_high, 1ull << free_count);
  if (!r->keep)
    return atomic_load(&r->stop);
  if (r->partial) {
    if (keep_model(cube, values, width)) {
      set_status(r, NQ_ERR_MEMORY);
      b->failed = 1;
      return 1;
    }
    stream_if_next(r, cube, b->index);
    return atomic_load(&r->stop);
  }
  int k = 0;
  for (size_t v = 0; v < width; v++) {
    m->values[v] = values[v] < 0 ? 0 : values[v];
    if (values[v] < 0)
      m->free_variables[k++] = (int)v;
  }
  if (keep_expanded(r, cube, m, free_count)) {
    set_status(r, NQ_ERR_MEMORY);
    b->failed = 1;
    return 1;
  }
  stream_if_next(r, cube, b->index);
  return atomic_load(&r->stop);
}

/* Whether a batch should not start (or not go on loading): a signal or
 * the time limit makes the run interrupted; a reached --max just ends it. */
static int batch_stopped(run *r) {
  if (search_clock_expired(&r->clock)) {
    set_status(r, NQ_ERR_INTERRUPTED);
    return 1;
  }
  return atomic_load(&r->stop);
}

/* The worker's engine: the formula and the lex-leader clauses loaded once,
 * on its first batch, and kept for every later one when counting (loading
 * is as costly as enumerating a few cubes; learned clauses hold for every
 * cube). When models are listed, each batch gets a fresh engine: the order
 * of a cube's models depends on the engine's history (learned clauses,
 * activities, saved phases), and the listing must not depend on which
 * batches a worker ran before, that is on --threads. NULL when stopped
 * while loading, or after setting NQ_ERR_MEMORY. */
static allsat_engine *worker_engine(run *r, worker_memory *m) {
  if (m->engine && !r->keep)
    return m->engine;
  allsat_engine_free(m->engine);
  m->engine = NULL;
  m->published = 0;
  const cnf_compact *f = &r->plan->formula;
  int auxiliary =
      r->symmetric ? r->plan->group.projected_generator_count * CNF_LEX_LEADER_LENGTH : 0;
  int variables = f->variables + auxiliary;
  /* Each lex-leader position gives at most 3 clauses, 14 entries. */
  size_t extra = r->symmetric && r->lex_leader ? 16 * (size_t)auxiliary + 16 : 0;
  int *literals = malloc((f->literal_count + extra + 1) * sizeof *literals);
  unsigned char *projected = calloc((size_t)variables + 1, 1);
  allsat_engine *engine = NULL;
  if (literals && projected) {
    memcpy(literals, f->literals, f->literal_count * sizeof *literals);
    memcpy(projected, f->projected, (size_t)f->variables + 1);
    int *end = literals + f->literal_count;
    if (r->symmetric && r->lex_leader)
      cnf_lex_leader_clauses(&r->plan->group, f, int_sink, &end, f->variables + 1, m->inverse);
    engine = allsat_engine_new_until(variables, projected, literals, (size_t)(end - literals),
                                     stop_hook, r);
  }
  free(literals);
  free(projected);
  if (!engine && !batch_stopped(r))
    set_status(r, NQ_ERR_MEMORY);
  if (engine)
    allsat_engine_set_max_free(engine, r->symmetric ? 0 : MAX_FREE);
  if (engine && r->plan->decision_rank)
    (void)allsat_engine_set_order(engine, r->plan->decision_rank, f->variables); /* else VSIDS */
  m->engine = engine;
  return engine;
}

/* The batch's cubes on the worker's engine, each cube's literals as
 * assumptions, learned clauses kept from cube to cube. Returns 0, or -1
 * after a failure. */
static int solve_batch_native(run *r, size_t first, size_t last, worker_memory *m) {
  if (batch_stopped(r))
    return 0;
  const cnf_cubes *cubes = &r->plan->cubes;
  allsat_engine *engine = worker_engine(r, m);
  if (!engine)
    return -1; /* stopped while loading, or out of memory (the status says which) */
  native_batch b = {r, m, first, 0};
  for (size_t index = first; index < last && !b.failed; index++) {
    b.index = index;
    const int *cube_literals = cubes->literals ? cubes->literals + cubes->start[index] : NULL;
    size_t cube_size = cubes->start[index + 1] - cubes->start[index];
    m->cube_literals = cube_literals; /* the orbit's in-cube flags ask */
    m->cube_size = cube_size;
    nq_status status = NQ_OK;
    if (!atomic_load(&r->stop))
      status = allsat_engine_enumerate(engine, cube_literals, cube_size, r->keep || r->symmetric,
                                       native_model, native_stop, &b);
    if (status == NQ_OK && !atomic_load(&r->stop))
      atomic_fetch_add(&r->cubes_done, 1ull);
    if (status == NQ_ERR_INTERRUPTED && search_clock_expired(&r->clock))
      set_status(r, NQ_ERR_INTERRUPTED);
    else if (status == NQ_ERR_MEMORY) {
      set_status(r, NQ_ERR_MEMORY);
      b.failed = 1;
    }
    int stopped = atomic_load(&r->stop);
    pthread_mutex_lock(&r->lock);
    r->cubes[index].done = CUBE_DONE;
    if (!b.failed && !stopped)
      report_ready(r, 0);
    pthread_mutex_unlock(&r->lock);
    if (stopped)
      break;
  }
  return b.failed ? -1 : 0;
}

static void *worker(void *context) {
  run *r = context;
  int variables = r->plan->formula.variables;
  worker_memory m;
  m.engine = NULL;
  m.published = 0;
  m.values = malloc((size_t)variables + 1);
  m.fixed = calloc((size_t)variables + 1, 1);
  m.free_variables = malloc(((size_t)variables + 1) * sizeof(int));
  m.blocking = malloc(((size_t)variables + 1) * sizeof(int));
  m.candidates = malloc(((size_t)variables + 1) * sizeof(int));
  int have_orbit = cnf_cube_orbit_init(&m.orbit, variables) == NQ_OK;
  m.inverse = malloc(((size_t)variables + 1) * sizeof(int));
  int have_up = r->plan->shrink && propagator_clone(&m.up, &r->plan->tables) == NQ_OK;
  if (!m.values || !m.fixed || !m.free_variables || !m.blocking || !m.candidates || !have_orbit ||
      !m.inverse || (r->plan->shrink && !have_up)) {
    set_status(r, NQ_ERR_MEMORY);
    goto done;
  }
  for (;;) {
    pthread_mutex_lock(&r->lock);
    size_t batch = r->next_batch++;
    pthread_mutex_unlock(&r->lock);
    size_t first = batch * r->batch_size, count = r->plan->cubes.count;
    if (first >= count || atomic_load(&r->stop))
      break;
    size_t last = first + r->batch_size < count ? first + r->batch_size : count;
    if ((r->plan->engine == NQ_CNF_ENGINE_PICOSAT ? solve_batch : solve_batch_native)(r, first,
                                                                                      last, &m))
      break;
  }
done:
  if (m.engine) {
    allsat_stats stats;
    allsat_engine_stats(m.engine, &stats);
    atomic_fetch_add(&r->decisions, (unsigned long long)stats.decisions);
    atomic_fetch_add(&r->conflicts, (unsigned long long)stats.conflicts);
    allsat_engine_free(m.engine);
  }
  if (have_up)
    propagator_free(&m.up);
  free(m.candidates);
  cnf_cube_orbit_free(&m.orbit);
  free(m.inverse);
  free(m.values);
  free(m.fixed);
  free(m.free_variables);
  free(m.blocking);
  return NULL;
}

nq_status nq_cnf_plan_enumerate(nq_cnf_plan *plan, uint64_t max_models,
                                const nq_solver_control *control, nq_model_fn on_model,
                                void *context, nq_enumeration *result) {
  nq_enumeration local = {0};
  if (!result)
    result = &local;
  *result = local;
  if (!plan)
    return NQ_ERR_ARGUMENT;
  size_t cube_count = plan->cubes.count;
  run *r = calloc(1, sizeof *r);
  if (!r)
    return NQ_ERR_MEMORY;
  r->plan = plan;
  r->cubes = calloc(cube_count ? cube_count : 1, sizeof *r->cubes);
  if (!r->cubes) {
    free(r);
    return NQ_ERR_MEMORY;
  }
  r->keep = on_model != NULL || max_models != 0;
  /* Listing needs whole models; images are computed on the projection. */
  r->symmetric =
      plan->symmetric && !(r->keep && plan->formula.projection_count < plan->formula.variables);
  r->lex_leader = 1;
  r->batch_size = (cube_count + BATCHES - 1) / BATCHES;
  if (!r->batch_size)
    r->batch_size = 1;
  r->max_models = max_models;
  /* Partial models are counted by what they stand for, so --max (a count
   * of listed models) expands them. */
  r->partial = plan->partial && r->keep && !max_models;
  r->on_model = on_model;
  r->context = context;
  search_clock_start(&r->clock, control);
  pthread_mutex_init(&r->lock, NULL);
  atomic_init(&r->stop, 0);
  atomic_init(&r->found, 0);
  atomic_init(&r->fundamental, 0);
  atomic_init(&r->found_high, 0);
  atomic_init(&r->fundamental_high, 0);
  atomic_init(&r->decisions, 0);
  atomic_init(&r->conflicts, 0);
  atomic_init(&r->work, 0);
  atomic_init(&r->cubes_done, 0);
  atomic_init(&r->next_check, plan->engine == NQ_CNF_ENGINE_NATIVE && plan->watch.check
                                  ? plan->watch.first_check
                                  : 0);
  atomic_init(&r->checking, 0);
  int threads = thread_count(control);
  size_t batches = cube_count ? (cube_count + r->batch_size - 1) / r->batch_size : 1;
  if ((size_t)threads > batches)
    threads = (int)batches;
  pthread_t *ids = calloc((size_t)threads, sizeof *ids);
  int started = 0;
  if (ids)
    for (; started < threads; started++)
      if (pthread_create(&ids[started], NULL, worker, r) != 0)
        break;
  if (!started) {
    set_status(r, NQ_ERR_MEMORY);
  } else if (control && control->progress) {
    /* Progress from the calling thread while the workers run. */
    for (;;) {
      pthread_mutex_lock(&r->lock);
      int finished = r->next_to_report >= cube_count || atomic_load(&r->stop);
      pthread_mutex_unlock(&r->lock);
      if (finished)
        break;
      struct timespec pause = {0, 100000000};
      nanosleep(&pause, NULL);
      static const double every = 0.5;
      double elapsed = search_clock_elapsed(&r->clock);
      if (elapsed >= every)
        control->progress(control->progress_context, atomic_load(&r->found), elapsed);
    }
  }
  for (int t = 0; t < started; t++)
    pthread_join(ids[t], NULL);
  free(ids);
  nq_status status = r->status;
  if (status == NQ_OK && r->next_to_report < cube_count) {
    /* A worker ran out of cubes early: --max reached, or stopped. */
    pthread_mutex_lock(&r->lock);
    report_ready(r, 1);
    pthread_mutex_unlock(&r->lock);
  }
  if (status == NQ_OK && search_clock_expired(&r->clock) && r->next_to_report < cube_count &&
      !(max_models && r->reported >= max_models))
    status = NQ_ERR_INTERRUPTED;
  uint64_t found = atomic_load(&r->found);
  int listed_counts = r->keep && !r->partial; /* else every model was counted as found */
  result->solutions = listed_counts ? r->reported : found;
  if (max_models && result->solutions > max_models)
    result->solutions = max_models;
  result->solutions_high = listed_counts ? 0 : atomic_load(&r->found_high);
  result->fundamental = listed_counts ? result->solutions : atomic_load(&r->fundamental);
  result->fundamental_high = listed_counts ? 0 : atomic_load(&r->fundamental_high);
  result->complete = status == NQ_OK;
  plan->decisions = atomic_load(&r->decisions);
  plan->conflicts = atomic_load(&r->conflicts);
  for (size_t i = 0; i < cube_count; i++)
    free(r->cubes[i].kept);
  free(r->cubes);
  pthread_mutex_destroy(&r->lock);
  free(r);
  return status;
}

nq_status nq_solver_enumerate_cnf(const nq_cnf *cnf, uint64_t max_models,
                                  const nq_solver_control *control, nq_model_fn on_model,
                                  void *context, nq_enumeration *result) {
  nq_cnf_plan *plan = NULL;
  nq_enumeration local = {0};
  if (result)
    *result = local;
  nq_status status = nq_cnf_plan_make(cnf, NULL, control, &plan, NULL);
  if (status != NQ_OK)
    return status;
  status = nq_cnf_plan_enumerate(plan, max_models, control, on_model, context, result);
  nq_cnf_plan_free(plan);
  return status;
}
