/* The engine probe (solver/engine_choice.c) measures the width of the
 * formula the counter counts, the preprocessed one: a clause of 30
 * literals is a clique of width 29 as read, but with 20 of its literals
 * made false by units the counter sees a clause of 10 (width 9), which
 * chooses the counter without a trial run. The same clause without the
 * units keeps width 29; a formula the preprocessing refutes chooses the
 * counter (it answers 0 at once). */
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
 * conflicts, components met, cache hits) measured with `solve FILE
 * --count --threads 1`: N-Queens files of N = 12 stop the trials, MCC
 * 2022 track 1 instance 70, which the counter counts in under 2 s and the
 * enumeration not in 150 s, does not. */
static void check_give_up_rule(void) {
  static const struct {
    const char *name;
    uint64_t decisions, conflicts, components, hits;
    int gives_up;
  } trials[] = {
      {"queens 12 ladder", 1690, 763, 851, 0, 1},        /* no hit */
      {"queens 12 binary", 1927, 900, 972, 0, 1},        /* no hit */
      {"queens 12 bimander", 2231, 1041, 1131, 0, 1},    /* no hit */
      {"queens 12 commander", 2909, 1310, 2389, 876, 1}, /* refuting */
      {"queens 12 product", 2631, 1139, 3801, 2407, 1},  /* refuting */
      {"mcc 2022 track 1 70", 1024, 385, 623, 9, 0},
      {"mcc 2022 track 1 82", 1024, 115, 771, 146, 0},
  };
  for (size_t i = 0; i < sizeof trials / sizeof *trials; i++) {
    nq_component_stats stats = {0};
    stats.decisions = trials[i].decisions;
    stats.conflicts = trials[i].conflicts;
    stats.components = trials[i].components;
    stats.cache_hits = trials[i].hits;
    CHECK(nq_engine_hedge_gives_up(&stats) == trials[i].gives_up, "%s: %s", trials[i].name,
          trials[i].gives_up ? "trials go on" : "trials stop");
  }
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

  cnf = read_text("p cnf 3 4\n1 2 0\n1 -2 0\n-1 3 0\n-1 -3 0\n");
  CHECK(cnf && nq_cnf_probe_engine(cnf, NULL, &probe) == NQ_OK, "probe");
  CHECK(probe.choice == NQ_COUNT_BY_COMPONENTS, "refuted by the preprocessing: the counter");
  nq_cnf_free(cnf);
  return check_report("engine_probe");
}
