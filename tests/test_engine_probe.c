/* The engine probe (solver/engine_choice.c) measures the width of the
 * formula the counter counts, the preprocessed one: a clause of 30
 * literals is a clique of width 29 as read, but with 20 of its literals
 * made false by units the counter sees a clause of 10 (width 9), which
 * chooses the counter without a trial run. The same clause without the
 * units keeps width 29; a formula the preprocessing refutes chooses the
 * counter (it answers 0 at once). Then the hedge's rules and budgets, the
 * counter's budgets, and its runs paused and resumed by the hedge's
 * trials. */
#include <gmp.h>
#include <stdint.h>
#include <stdio.h>
#include <string.h>

#include "check.h"
#include "nqsat/cnf.h"
#include "nqsat/engine_choice.h"

static nq_cnf *read_text(const char *text) {
  nq_cnf *cnf = NULL;
  char error[256];
  if (nq_cnf_read_memory(text, strlen(text), "probe", &cnf, error, sizeof error) != NQ_OK)
    CHECK(0, "formula rejected: %s", error);
  return cnf;
}

/* A clause over 1..30, then -1 .. -units as units. */
static void long_clause(char *text, size_t size, int units) {
  size_t at = (size_t)snprintf(text, size, "p cnf 30 %d\n", 1 + units);
  for (int v = 1; v <= 30; v++)
    at += (size_t)snprintf(text + at, size - at, "%d ", v);
  at += (size_t)snprintf(text + at, size - at, "0\n");
  for (int v = 1; v <= units; v++)
    at += (size_t)snprintf(text + at, size - at, "-%d 0\n", v);
}

/* The hedge's give-up rule on the figures of first trials (decisions,
 * conflicts, components met, cache hits) and of the enumeration at the
 * time (steps, models) measured with `solve FILE --count --threads 1`
 * (instance 70's at NQ_ENGINE_CHOICE_FIRST_DECISIONS):
 * N-Queens files of N = 12 and 16 stop the trials; MCC 2022 track 1
 * instances 70 and 82, which the counter counts in 2-3 s and the
 * enumeration not in 150 s, do not, nor does instance 96, whose
 * enumeration finds no model in its first 2 million steps (the counter
 * counts it in 15 s; the enumeration had found one after 70 s). The
 * same figures of the counter as N = 12's with an enumeration that finds
 * no models do not stop them either. */
static void check_give_up_rule(void) {
  static const struct {
    const char *name;
    uint64_t decisions, conflicts, components, hits, steps, models;
    int gives_up;
  } trials[] = {
      {"queens 12 ladder", 1690, 763, 851, 0, 2097174, 3190, 1},        /* no hit */
      {"queens 12 binary", 1927, 900, 972, 0, 2097271, 1967, 1},        /* no hit */
      {"queens 12 bimander", 2231, 1041, 1131, 0, 2097574, 3102, 1},    /* no hit */
      {"queens 12 commander", 2909, 1310, 2389, 876, 2097292, 2130, 1}, /* refuting */
      {"queens 12 product", 2631, 1139, 3801, 2407, 2097212, 3240, 1},  /* refuting */
      {"queens 16 binary", 887, 377, 450, 0, 2097226, 276, 1},          /* no hit */
      {"mcc 2022 track 1 70", 2048, 439, 1299, 174, 2097193, 70812, 0},
      {"mcc 2022 track 1 82", 1024, 115, 771, 146, 2097263, 56724, 0},
      {"mcc 2022 track 1 96", 1024, 176, 847, 0, 2097511, 0, 0}, /* no models */
      {"ladder's figures, no models", 1690, 763, 851, 0, 2097174, 0, 0},
      {"product's figures, 31 models", 2631, 1139, 3801, 2407, 2097212, 31, 0},
  };
  for (size_t i = 0; i < sizeof trials / sizeof *trials; i++) {
    nq_component_stats stats = {0};
    stats.decisions = trials[i].decisions;
    stats.conflicts = trials[i].conflicts;
    stats.components = trials[i].components;
    stats.cache_hits = trials[i].hits;
    nq_cnf_progress enumeration = {trials[i].steps, 0, 128, trials[i].models};
    CHECK(nq_engine_hedge_gives_up(&stats, &enumeration) == trials[i].gives_up, "%s: %s",
          trials[i].name, trials[i].gives_up ? "trials go on" : "trials stop");
  }
}

/* The trials' budgets: the first in decisions (a quarter of the
 * enumeration's steps in the probe's units, at least
 * NQ_ENGINE_CHOICE_FIRST_DECISIONS), the later ones in decisions (at
 * least NQ_ENGINE_CHOICE_DECISIONS) and in work,
 * stopping once both are spent; no trial when the cubes finished since
 * the last check say the rest is shorter than what was done. */
static void check_budgets(void) {
  nq_engine_hedge hedge;
  memset(&hedge, 0, sizeof hedge);
  hedge.literals = 1000;
  nq_component_options options = {0};
  nq_cnf_progress at = {1u << 21, 0, 128, 10};
  CHECK(nq_engine_hedge_budget(&hedge, &at, &options) == 1, "the first check runs a trial");
  CHECK(options.max_decisions ==
            (uint64_t)(1u << 21) * NQ_ENGINE_CHOICE_FIRST_STEPS_PER_WORK / 1000,
        "first trial: %llu decisions", (unsigned long long)options.max_decisions);
  CHECK(options.max_work == 0, "first trial: no work budget (%llu)",
        (unsigned long long)options.max_work);
  hedge.literals = 1000000;
  nq_engine_hedge_budget(&hedge, &at, &options);
  CHECK(options.max_decisions == NQ_ENGINE_CHOICE_FIRST_DECISIONS,
        "a large formula's first trial: %llu", (unsigned long long)options.max_decisions);
  hedge.trials = 1;
  hedge.last = at;
  nq_cnf_progress later = {1u << 22, 2, 128, 20};
  CHECK(nq_engine_hedge_budget(&hedge, &later, &options) == 1, "a later trial");
  CHECK(options.max_work == (uint64_t)((1u << 22) * NQ_ENGINE_CHOICE_WORK_SHARE),
        "later trial's work: %llu", (unsigned long long)options.max_work);
  CHECK(options.max_decisions == NQ_ENGINE_CHOICE_DECISIONS, "later trial's decisions: %llu",
        (unsigned long long)options.max_decisions);
  /* No model yet: the counter's share is larger. */
  nq_cnf_progress searching = {1u << 22, 2, 128, 0};
  CHECK(nq_engine_hedge_budget(&hedge, &searching, &options) == 1, "a later trial, no models");
  CHECK(options.max_work == (uint64_t)((1u << 22) * NQ_ENGINE_CHOICE_SEARCHING_WORK_SHARE) &&
            NQ_ENGINE_CHOICE_SEARCHING_WORK_SHARE > NQ_ENGINE_CHOICE_WORK_SHARE,
        "later trial's work without models: %llu", (unsigned long long)options.max_work);
  /* 100 cubes in 2^21 steps since the last check: the other 26 take
   * about 5.5 * 10^5 more, fewer than the 4 * 10^6 made. */
  nq_cnf_progress nearly = {1u << 22, 102, 128, 20};
  CHECK(nq_engine_hedge_budget(&hedge, &nearly, &options) == 0, "nearly done: no trial");
}

/* Random 3-SAT over `variables` by a fixed LCG: `clauses` clauses. */
static nq_cnf *random_3sat(int variables, int clauses, uint64_t state) {
  char text[16384];
  size_t at = (size_t)snprintf(text, sizeof text, "p cnf %d %d\n", variables, clauses);
  for (int c = 0; c < clauses; c++) {
    for (int k = 0; k < 3; k++) {
      state = state * 6364136223846793005ull + 1442695040888963407ull;
      int variable = (int)((state >> 33) % (uint64_t)variables) + 1;
      at += (size_t)snprintf(text + at, sizeof text - at, "%d ",
                             (state >> 20) & 1 ? variable : -variable);
    }
    at += (size_t)snprintf(text + at, sizeof text - at, "0\n");
  }
  return read_text(text);
}

/* The counter's two budgets on a random 3-SAT formula of 60 variables
 * and 180 clauses (a fixed LCG): counted whole, then stopped by work
 * alone (at or past it, not at the end), by decisions alone, and with
 * both set only once both are spent: a work budget past the whole
 * count's lets it finish with the same count. */
static void check_counter_budgets(void) {
  nq_cnf *cnf = random_3sat(60, 180, 12345);
  nq_component_options options = {0};
  nq_component_stats whole, part;
  mpz_t count, again;
  mpz_inits(count, again, NULL);
  CHECK(nq_cnf_count_components(cnf, &options, NULL, count, &whole) == NQ_OK, "whole count");
  CHECK(whole.decisions > 20 && whole.work > 1000, "a formula that takes search: %llu decisions",
        (unsigned long long)whole.decisions);
  options.max_work = whole.work / 2;
  CHECK(nq_cnf_count_components(cnf, &options, NULL, again, &part) == NQ_ERR_STOPPED,
        "half the work: stopped");
  CHECK(part.work >= whole.work / 2 && part.work < whole.work, "stopped at work %llu of %llu",
        (unsigned long long)part.work, (unsigned long long)whole.work);
  options.max_work = 0;
  options.max_decisions = whole.decisions / 2;
  CHECK(nq_cnf_count_components(cnf, &options, NULL, again, &part) == NQ_ERR_STOPPED &&
            part.decisions == whole.decisions / 2,
        "half the decisions: stopped at %llu", (unsigned long long)part.decisions);
  options.max_work = 1;
  CHECK(nq_cnf_count_components(cnf, &options, NULL, again, &part) == NQ_ERR_STOPPED &&
            part.decisions == whole.decisions / 2,
        "decisions the longer budget: stopped at %llu", (unsigned long long)part.decisions);
  options.max_work = whole.work + 1;
  CHECK(nq_cnf_count_components(cnf, &options, NULL, again, &part) == NQ_OK &&
            mpz_cmp(count, again) == 0,
        "work the longer budget, past the whole count's: counted, the same count");
  mpz_clears(count, again, NULL);
  nq_cnf_free(cnf);
}

typedef struct pauses {
  int calls, stop_at;
  uint64_t step, last_budget, last_decisions;
  int in_order; /* each pause at or past its budget, and later than the last */
} pauses;

static int extend_budget(void *context, const nq_component_stats *so_far, uint64_t *max_decisions,
                         uint64_t *max_work) {
  pauses *p = context;
  p->calls++;
  if (so_far->decisions < p->last_budget || so_far->decisions <= p->last_decisions)
    p->in_order = 0;
  p->last_decisions = so_far->decisions;
  if (p->stop_at && p->calls == p->stop_at)
    return 0;
  *max_decisions += p->step;
  *max_work = 0;
  p->last_budget = *max_decisions;
  return 1;
}

/* A search paused every few decisions and resumed (the hedge's trials)
 * takes the very path of one run: the same count, decisions, conflicts
 * and cache hits as the whole count, with a pause per step of budget; a
 * pause answered "stop" ends it with NQ_ERR_STOPPED. Then the hedge: a
 * first trial out of budget leaves its run paused, the next one resumes it
 * to the count, and nq_engine_hedge_end lets a paused run go. */
static void check_resumed_counts(void) {
  nq_cnf *cnf = random_3sat(90, 330, 777);
  nq_component_options options = {0};
  nq_component_stats whole, resumed;
  mpz_t count, again;
  mpz_inits(count, again, NULL);
  CHECK(nq_cnf_count_components(cnf, &options, NULL, count, &whole) == NQ_OK, "whole count");
  CHECK(whole.decisions > 2048, "a formula that takes search: %llu decisions",
        (unsigned long long)whole.decisions);
  pauses p = {.step = 97, .last_budget = 97, .in_order = 1};
  options.max_decisions = 97;
  options.budget_spent = extend_budget;
  options.budget_context = &p;
  CHECK(nq_cnf_count_components(cnf, &options, NULL, again, &resumed) == NQ_OK &&
            mpz_cmp(count, again) == 0,
        "paused and resumed: the same count");
  CHECK(resumed.decisions == whole.decisions && resumed.conflicts == whole.conflicts &&
            resumed.cache_hits == whole.cache_hits,
        "the same path: %llu decisions, %llu cache hits (whole: %llu, %llu)",
        (unsigned long long)resumed.decisions, (unsigned long long)resumed.cache_hits,
        (unsigned long long)whole.decisions, (unsigned long long)whole.cache_hits);
  CHECK(p.calls == (int)(whole.decisions / 97) && p.in_order,
        "a pause per 97 decisions, in order: %d pauses for %llu decisions", p.calls,
        (unsigned long long)whole.decisions);
  pauses stopping = {.step = 97, .stop_at = 3, .in_order = 1};
  options.budget_context = &stopping;
  CHECK(nq_cnf_count_components(cnf, &options, NULL, again, &resumed) == NQ_ERR_STOPPED &&
            mpz_sgn(again) == 0 && stopping.calls == 3 && resumed.decisions == 3 * 97,
        "stopped at the third pause: %llu decisions", (unsigned long long)resumed.decisions);

  nq_engine_hedge hedge;
  memset(&hedge, 0, sizeof hedge);
  hedge.cnf = cnf;
  hedge.literals = 4 * 330;
  mpz_init(hedge.count);
  /* No models yet: searching, not listing, so the first trial never gives up. */
  nq_cnf_progress first = {.work = 1 << 10, .cubes = 128};
  CHECK(nq_engine_hedge_check(&hedge, &first) == 0 && hedge.run != NULL &&
            hedge.stats.decisions == NQ_ENGINE_CHOICE_FIRST_DECISIONS,
        "the first trial pauses at its %d decisions (%llu), its run kept",
        NQ_ENGINE_CHOICE_FIRST_DECISIONS, (unsigned long long)hedge.stats.decisions);
  nq_cnf_progress later = {.work = (uint64_t)1 << 40, .cubes = 128};
  CHECK(nq_engine_hedge_check(&hedge, &later) == 1 && hedge.counted &&
            mpz_cmp(hedge.count, count) == 0 && hedge.run == NULL,
        "the second trial resumes it to the count");
  CHECK(hedge.stats.decisions == whole.decisions,
        "the trials' run: %llu decisions in all (whole count: %llu)",
        (unsigned long long)hedge.stats.decisions, (unsigned long long)whole.decisions);
  hedge.trials = 0;
  hedge.counted = 0;
  CHECK(nq_engine_hedge_check(&hedge, &first) == 0 && hedge.run != NULL, "paused again");
  nq_engine_hedge_end(&hedge);
  CHECK(hedge.run == NULL, "the paused run let go");
  nq_engine_hedge_end(&hedge); /* twice: nothing to do */
  mpz_clear(hedge.count);
  mpz_clears(count, again, NULL);
  nq_cnf_free(cnf);
}

int main(void) {
  char text[1024];
  nq_engine_probe probe;
  long_clause(text, sizeof text, 20);
  nq_cnf *cnf = read_text(text);
  CHECK(cnf && nq_cnf_probe_engine(cnf, NULL, &probe) == NQ_OK, "probe");
  CHECK(probe.width == 9, "20 of 30 literals fixed false: width %d, not 9", probe.width);
  CHECK(probe.largest_component == 10, "largest component %d, not 10", probe.largest_component);
  CHECK(probe.choice == NQ_COUNT_BY_COMPONENTS && probe.decisions == 0,
        "a small width chooses the counter without a trial (%d, %llu decisions)", probe.choice,
        (unsigned long long)probe.decisions);
  nq_cnf_free(cnf);

  long_clause(text, sizeof text, 0);
  cnf = read_text(text);
  CHECK(cnf && nq_cnf_probe_engine(cnf, NULL, &probe) == NQ_OK, "probe");
  CHECK(probe.width == 29, "a clause of 30: width %d, not 29", probe.width);
  nq_cnf_free(cnf);

  check_give_up_rule();
  check_budgets();
  check_counter_budgets();
  check_resumed_counts();

  cnf = read_text("p cnf 3 4\n1 2 0\n1 -2 0\n-1 3 0\n-1 -3 0\n");
  CHECK(cnf && nq_cnf_probe_engine(cnf, NULL, &probe) == NQ_OK, "probe");
  CHECK(probe.choice == NQ_COUNT_BY_COMPONENTS, "refuted by the preprocessing: the counter");
  nq_cnf_free(cnf);
  return check_report("engine_probe");
}
