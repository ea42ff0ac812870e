/* The engine probe (see nqsat/engine_choice.h): a short run of the
 * component counter decides; connected components by union-find and
 * min-degree elimination on bitsets per component describe the formula. */
#include "nqsat/engine_choice.h"

#include <stdint.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "cnf_compact.h"
#include "count_preprocess.h"
#include "count_trial.h"
#include "nqsat/component_count.h"

static int find_root(int *parent, int variable) {
  while (parent[variable] != variable) {
    parent[variable] = parent[parent[variable]];
    variable = parent[variable];
  }
  return variable;
}

/* Min-degree elimination width of the graph in `rows` (m bitsets of
 * `words` words each; destroyed), stopping past `limit`. */
static int elimination_width(uint64_t *rows, int m, size_t words, int limit, int *over) {
  int *degree = malloc((size_t)m * sizeof *degree);
  unsigned char *gone = calloc((size_t)m, 1);
  int width = 0;
  *over = 0;
  if (!degree || !gone) {
    free(degree);
    free(gone);
    *over = 1;
    return limit + 1;
  }
  for (int v = 0; v < m; v++) {
    degree[v] = 0;
    for (size_t w = 0; w < words; w++)
      degree[v] += __builtin_popcountll(rows[(size_t)v * words + w]);
  }
  for (int step = 0; step < m; step++) {
    int best = -1;
    for (int v = 0; v < m; v++)
      if (!gone[v] && (best < 0 || degree[v] < degree[best]))
        best = v;
    if (degree[best] > width)
      width = degree[best];
    if (width > limit) {
      *over = 1;
      break;
    }
    gone[best] = 1;
    const uint64_t *row = rows + (size_t)best * words;
    for (int u = 0; u < m; u++) {
      if (!((row[u / 64] >> (u % 64)) & 1))
        continue;
      uint64_t *other = rows + (size_t)u * words;
      for (size_t w = 0; w < words; w++)
        other[w] |= row[w]; /* the neighbours of `best` become a clique */
      other[u / 64] &= ~(1ull << (u % 64));
      other[best / 64] &= ~(1ull << (best % 64));
      degree[u] = 0;
      for (size_t w = 0; w < words; w++)
        degree[u] += __builtin_popcountll(other[w]);
    }
  }
  free(degree);
  free(gone);
  return width;
}

nq_status nq_cnf_probe_engine(const nq_cnf *cnf, const nq_solver_control *control,
                              nq_engine_probe *probe) {
  struct timespec start, end;
  clock_gettime(CLOCK_MONOTONIC, &start);
  memset(probe, 0, sizeof *probe);
  probe->choice = NQ_COUNT_BY_ENUMERATION;
  cnf_compact original, compact;
  nq_status status = cnf_compact_build(cnf, &original);
  if (status != NQ_OK)
    return status;
  /* The width of the formula the counter counts: the preprocessed one
   * (count_preprocess.h), whose fixed, substituted and eliminated
   * variables are no vertices of its graph. No models there: the counter
   * answers 0 at once. */
  int kept = count_preprocess(&original, &compact, NULL);
  cnf_compact_free(&original);
  if (kept < 0)
    return NQ_ERR_MEMORY;
  if (kept == 0) {
    probe->choice = NQ_COUNT_BY_COMPONENTS;
    cnf_compact_free(&compact);
    clock_gettime(CLOCK_MONOTONIC, &end);
    probe->seconds =
        (double)(end.tv_sec - start.tv_sec) + (double)(end.tv_nsec - start.tv_nsec) * 1e-9;
    return NQ_OK;
  }
  int n = compact.variables;
  int *parent = malloc(((size_t)n + 1) * sizeof *parent);
  int *size = calloc((size_t)n + 1, sizeof *size);
  int *local = malloc(((size_t)n + 1) * sizeof *local);
  size_t *by_root = NULL, *starts = NULL;
  if (!parent || !size || !local) {
    status = NQ_ERR_MEMORY;
    goto done;
  }
  /* A stop asked for while the formula was renumbered: the probe ends
   * with enumeration, whose plan sees the stop at once. */
  if (control && control->interrupt && *control->interrupt)
    goto done;
  for (int v = 0; v <= n; v++)
    parent[v] = v;
  for (size_t i = 0, first = 0; i < compact.literal_count; i++) {
    int literal = compact.literals[i];
    if (!literal) {
      first = i + 1;
      continue;
    }
    int a = find_root(parent, abs(compact.literals[first])), b = find_root(parent, abs(literal));
    if (a != b)
      parent[a] = b;
  }
  for (int v = 1; v <= n; v++) {
    int root = find_root(parent, v);
    local[v] = size[root]++;
  }
  for (int v = 1; v <= n; v++)
    if (size[v]) {
      probe->components++;
      if (size[v] > probe->largest_component)
        probe->largest_component = size[v];
    }
  if (probe->largest_component > NQ_ENGINE_CHOICE_MAX_COMPONENT) {
    probe->width_over_limit = 1;
    probe->width = NQ_ENGINE_CHOICE_WIDTH_LIMIT + 1;
    goto search;
  }
  /* A clause of k literals makes a clique of k variables: width k - 1. */
  size_t clause_count = 0, longest = 0;
  for (size_t i = 0, first = 0; i < compact.literal_count; i++)
    if (!compact.literals[i]) {
      clause_count++;
      if (i - first > longest)
        longest = i - first;
      first = i + 1;
    }
  if (longest > NQ_ENGINE_CHOICE_WIDTH_LIMIT + 1) {
    probe->width_over_limit = 1;
    probe->width = (int)longest - 1;
    goto search;
  }
  /* The clauses' starts grouped by component (a counting sort on the
   * root of their first variable), so each component reads its own. */
  by_root = calloc((size_t)n + 2, sizeof *by_root);
  starts = malloc((clause_count ? clause_count : 1) * sizeof *starts);
  if (!by_root || !starts) {
    status = NQ_ERR_MEMORY;
    goto done;
  }
  for (size_t i = 0, first = 0; i < compact.literal_count; i++)
    if (!compact.literals[i]) {
      if (i > first)
        by_root[find_root(parent, abs(compact.literals[first])) + 1]++;
      first = i + 1;
    }
  for (int v = 1; v <= n + 1; v++)
    by_root[v] += by_root[v - 1];
  for (size_t i = 0, first = 0; i < compact.literal_count; i++)
    if (!compact.literals[i]) {
      if (i > first)
        starts[by_root[find_root(parent, abs(compact.literals[first]))]++] = first;
      first = i + 1;
    }
  /* by_root[root] is now the end of its clauses; the start is the end of
   * the previous root's. One component at a time: its primal graph, then
   * its width. Components of one or two variables have width at most 1. */
  for (int root = 1; root <= n && !probe->width_over_limit; root++) {
    int m = size[root];
    size_t begin = by_root[root - 1], end_at = by_root[root];
    if (m <= 2 || find_root(parent, root) != root)
      continue;
    size_t words = ((size_t)m + 63) / 64;
    uint64_t *rows = calloc((size_t)m * words, sizeof *rows);
    if (!rows) {
      status = NQ_ERR_MEMORY;
      goto done;
    }
    for (size_t c = begin; c < end_at; c++)
      for (size_t a = starts[c]; compact.literals[a]; a++)
        for (size_t b = starts[c]; compact.literals[b]; b++) {
          int x = local[abs(compact.literals[a])], y = local[abs(compact.literals[b])];
          if (x != y)
            rows[(size_t)x * words + (size_t)y / 64] |= 1ull << (y % 64);
        }
    int over;
    int width = elimination_width(rows, m, words, NQ_ENGINE_CHOICE_WIDTH_LIMIT, &over);
    free(rows);
    if (width > probe->width)
      probe->width = width;
    probe->width_over_limit |= over;
  }
  if (!probe->width_over_limit && probe->width <= NQ_ENGINE_CHOICE_SMALL_WIDTH) {
    probe->choice = NQ_COUNT_BY_COMPONENTS;
    goto done;
  }
search:;
  /* Beyond the width limit the trial could choose the counter only by
   * finishing, and the hedge's trials during the enumeration find such a
   * formula as well; on the N-Queens files it left to enumeration anyway,
   * its 1024 decisions were 4% of a whole count (shuffled N = 12). */
  if (probe->width_over_limit)
    goto done;
  /* Each decision walks, sorts and caches its component: the budget
   * shrinks with the formula so the probe stays near 10^7 steps, and a
   * formula too large for 16 decisions in that is left to enumeration. */
  uint64_t decisions = NQ_ENGINE_CHOICE_DECISIONS;
  uint64_t per_decision = compact.literal_count ? compact.literal_count : 1;
  if (per_decision * 16 > NQ_ENGINE_CHOICE_TRIAL_STEPS)
    goto done;
  if (decisions * per_decision > NQ_ENGINE_CHOICE_TRIAL_STEPS)
    decisions = NQ_ENGINE_CHOICE_TRIAL_STEPS / per_decision;
  nq_component_options budget = {.max_decisions = decisions};
  nq_component_stats stats;
  mpz_t count;
  mpz_init(count);
  nq_status searched = nq_cnf_count_components(cnf, &budget, control, count, &stats);
  mpz_clear(count);
  if (searched != NQ_OK && searched != NQ_ERR_STOPPED) {
    status = searched;
    goto done;
  }
  probe->finished = searched == NQ_OK;
  probe->decisions = stats.decisions;
  probe->components_met = stats.components;
  probe->cache_hits = stats.cache_hits;
  if (probe->finished || stats.cache_hits * NQ_ENGINE_CHOICE_HIT_SHARE >= stats.components)
    probe->choice = NQ_COUNT_BY_COMPONENTS;
done:
  free(parent);
  free(size);
  free(local);
  free(by_root);
  free(starts);
  cnf_compact_free(&compact);
  clock_gettime(CLOCK_MONOTONIC, &end);
  probe->seconds =
      (double)(end.tv_sec - start.tv_sec) + (double)(end.tv_nsec - start.tv_nsec) * 1e-9;
  return status;
}

static uint64_t clamp_to_u64(double x) {
  return x >= 1.8e19 ? UINT64_MAX : x < 1 ? 1 : (uint64_t)x;
}

int nq_engine_hedge_budget(const nq_engine_hedge *hedge, const nq_cnf_progress *progress,
                           nq_component_options *options) {
  /* The rest at the rate of cubes finished since the last check (cubes
   * differ wildly in size: the easy ones finish first). In double: the
   * products pass 2^64. */
  double finished = (double)(progress->cubes_done - hedge->last.cubes_done);
  double steps = (double)(progress->work - hedge->last.work);
  if (finished > 0 &&
      (double)(progress->cubes - progress->cubes_done) * steps / finished < (double)progress->work)
    return 0;
  /* Decisions times literals per step, as in the probe: the first
   * trial's budget, and one of the later ones'. */
  double per_work =
      hedge->trials ? NQ_ENGINE_CHOICE_STEPS_PER_WORK : NQ_ENGINE_CHOICE_FIRST_STEPS_PER_WORK;
  double decisions =
      (double)progress->work * per_work / (double)(hedge->literals ? hedge->literals : 1);
  double least = hedge->trials ? NQ_ENGINE_CHOICE_DECISIONS : NQ_ENGINE_CHOICE_FIRST_DECISIONS;
  options->max_decisions = decisions < least ? (uint64_t)least : clamp_to_u64(decisions);
  double share =
      progress->models ? NQ_ENGINE_CHOICE_WORK_SHARE : NQ_ENGINE_CHOICE_SEARCHING_WORK_SHARE;
  options->max_work = hedge->trials ? clamp_to_u64((double)progress->work * share) : 0;
  return 1;
}

static double monotonic_seconds(void) {
  struct timespec now;
  clock_gettime(CLOCK_MONOTONIC, &now);
  return (double)now.tv_sec + (double)now.tv_nsec * 1e-9;
}

void nq_engine_hedge_start(nq_engine_hedge *hedge) { hedge->started = monotonic_seconds(); }

/* A trial that ran out of steps with its cache answering almost nothing,
 * or with a conflict for nearly every other decision (refuting, not
 * splitting), met a formula that does not fall apart: a longer one would
 * not either. N-Queens files of every encoding at N = 12 and 13: 0 to 1
 * hit in thousands of components (pairwise, ladder, binary, bimander) or
 * a third to a half of them but 0.46-0.47 conflicts a decision (seq,
 * commander, product); random 3-SAT of 110 to 200 variables and 3.3 to
 * 3.75 clauses a variable: 28-70% hits and 0.04-0.31 conflicts a
 * decision. The enumeration then goes on unwatched instead of paying for
 * trials that double each time, but only when it is listing models at a
 * rate that lets it finish: one that finds next to none gets the trials
 * whatever the counter's figures (NQ_ENGINE_CHOICE_GIVE_UP_STEPS_PER_MODEL). */
int nq_engine_hedge_gives_up(const nq_component_stats *stats, const nq_cnf_progress *enumeration) {
  int listing = (double)enumeration->models * NQ_ENGINE_CHOICE_GIVE_UP_STEPS_PER_MODEL >=
                (double)enumeration->work;
  return listing && (stats->cache_hits * NQ_ENGINE_CHOICE_GIVE_UP_HIT_SHARE < stats->components ||
                     stats->conflicts * NQ_ENGINE_CHOICE_REFUTING_DECISIONS >= stats->decisions);
}

int nq_engine_hedge_check(void *context, const nq_cnf_progress *progress) {
  nq_engine_hedge *hedge = context;
  if (hedge->gave_up)
    return 0;
  int trial = nq_engine_hedge_budget(hedge, progress, &hedge->options);
  hedge->last = *progress;
  if (!trial)
    return 0;
  hedge->trials++;
  hedge->at = *progress;
  double began = monotonic_seconds();
  if (hedge->run) {
    count_trial_resume(hedge->run, hedge->options.max_decisions, hedge->options.max_work);
  } else {
    nq_solver_control control = {0};
    if (hedge->control)
      control = *hedge->control;
    /* The run's clock starts now; its limit is the enumeration's end. */
    if (control.time_limit_seconds > 0) {
      double left = control.time_limit_seconds - (began - hedge->started);
      control.time_limit_seconds = left > 1e-3 ? left : 1e-3;
    }
    control.progress = NULL; /* the enumeration's progress line goes on */
    hedge->run =
        count_trial_start(hedge->cnf, &hedge->options, &control, hedge->count, &hedge->stats);
  }
  hedge->trial_seconds += monotonic_seconds() - began;
  nq_status status = NQ_ERR_MEMORY;
  if (hedge->run && !count_trial_ended(hedge->run, &status))
    status = NQ_ERR_STOPPED; /* paused, to resume at the next trial */
  hedge->counted = status == NQ_OK;
  if (hedge->trials == 1 && status == NQ_ERR_STOPPED &&
      nq_engine_hedge_gives_up(&hedge->stats, progress))
    hedge->gave_up = 1;
  /* A run that ended or will not resume lets its memory go; one that
   * failed (memory, a stop) leaves the next trial a fresh start. */
  if (status != NQ_ERR_STOPPED || hedge->gave_up)
    nq_engine_hedge_end(hedge);
  return hedge->counted;
}

void nq_engine_hedge_end(nq_engine_hedge *hedge) {
  count_trial_free(hedge->run);
  hedge->run = NULL;
}
