/* The incremental solver behind the counter's checks and `solve --count`'s
 * first decision (solver/sat_oracle.c), and nq_cnf_decide, against brute
 * force over every assignment:
 * - random formulas of 1..12 variables (units, binary to 4-literal
 *   clauses, the empty clause now and then), each asked a dozen times
 *   under random assumptions while clauses are added between the calls:
 *   every answer, and every model (it satisfies the clauses and the
 *   assumptions), checked; assumptions hold for one call only;
 * - a decision limit of 0 on a formula that needs decisions answers
 *   unknown, and the same call without a limit answers;
 * - an interrupt flag already set, or a time limit already passed,
 *   answers unknown (nq_cnf_decide: NQ_ERR_INTERRUPTED);
 * - nq_cnf_decide on clauses over variable 2^31 - 1 answers at once.
 * Built twice: with the backend the build found (CaDiCaL or PicoSAT),
 * and with PicoSAT's always, so the fallback is tested where CaDiCaL is
 * installed. */
#include <limits.h>
#include <signal.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "check.h"
#include "nqsat/decide.h"
#include "sat_oracle.h"

enum { MAX_VARIABLES = 12, MAX_CLAUSES = 80, MAX_LENGTH = 4 };

static uint64_t state = 0x243f6a8885a308d3u;
static unsigned random_below(unsigned bound) {
  state ^= state << 13;
  state ^= state >> 7;
  state ^= state << 17;
  return (unsigned)(state % bound);
}

typedef struct formula {
  int variables, clauses;
  int literals[MAX_CLAUSES][MAX_LENGTH + 1]; /* each ended by 0 */
} formula;

static int satisfied_by(const formula *f, uint32_t bits, const int *assumed, int assumptions) {
  for (int i = 0; i < assumptions; i++)
    if ((((bits >> (abs(assumed[i]) - 1)) & 1) != 0) != (assumed[i] > 0))
      return 0;
  for (int c = 0; c < f->clauses; c++) {
    int any = 0;
    for (const int *l = f->literals[c]; *l && !any; l++)
      any = (((bits >> (abs(*l) - 1)) & 1) != 0) == (*l > 0);
    if (!any)
      return 0;
  }
  return 1;
}

static int has_model(const formula *f, const int *assumed, int assumptions) {
  for (uint32_t bits = 0; bits < (1u << f->variables); bits++)
    if (satisfied_by(f, bits, assumed, assumptions))
      return 1;
  return 0;
}

static void random_clause(formula *f, sat_oracle *oracle) {
  int length = random_below(150) == 0 ? 0 : 1 + (int)random_below(MAX_LENGTH);
  int *clause = f->literals[f->clauses++];
  for (int k = 0; k < length; k++) {
    int variable = 1 + (int)random_below((unsigned)f->variables);
    clause[k] = random_below(2) ? variable : -variable;
    sat_oracle_add(oracle, clause[k]);
  }
  clause[length] = 0;
  sat_oracle_add(oracle, 0);
}

static void check_random_formulas(void) {
  search_clock clock;
  search_clock_start(&clock, NULL);
  static formula f;
  int asked = 0, satisfiable = 0;
  for (int round = 0; round < 200; round++) {
    f.variables = 1 + (int)random_below(MAX_VARIABLES);
    f.clauses = 0;
    sat_oracle *oracle = sat_oracle_new(&clock);
    CHECK(oracle != NULL, "no oracle");
    if (!oracle)
      return;
    int start = (int)random_below((unsigned)f.variables * 2);
    for (int i = 0; i < start; i++)
      random_clause(&f, oracle);
    for (int call = 0; call < 12; call++) {
      int assumed[MAX_VARIABLES], assumptions = (int)random_below(4);
      for (int i = 0; i < assumptions; i++) {
        int variable = 1 + (int)random_below((unsigned)f.variables);
        assumed[i] = random_below(2) ? variable : -variable;
        CHECK(sat_oracle_assume(oracle, assumed[i]) == 0, "assume");
      }
      int answer = sat_oracle_solve(oracle, -1), expected = has_model(&f, assumed, assumptions);
      asked++;
      satisfiable += expected;
      CHECK(answer == expected,
            "round %d call %d (%d variables, %d clauses, %d assumed): %d, brute force %d", round,
            call, f.variables, f.clauses, assumptions, answer, expected);
      if (answer == 1) {
        uint32_t bits = 0;
        for (int v = 1; v <= f.variables; v++)
          bits |= (uint32_t)sat_oracle_value(oracle, v) << (v - 1);
        CHECK(satisfied_by(&f, bits, assumed, assumptions),
              "round %d call %d: the model breaks a clause or an assumption", round, call);
      }
      int more = (int)random_below(4);
      for (int i = 0; i < more && f.clauses < MAX_CLAUSES; i++)
        random_clause(&f, oracle);
    }
    sat_oracle_free(oracle);
  }
  CHECK(satisfiable * 5 > asked && satisfiable * 5 < asked * 4,
        "%d of %d calls satisfiable: the formulas test one answer only", satisfiable, asked);
  printf("oracle (%s): %d calls, %d satisfiable\n", sat_oracle_backend(), asked, satisfiable);
}

/* Pigeons into one hole fewer: no model, and no refutation without
 * decisions (each pigeon's clause has several open literals). The
 * pigeons' clauses come first, `pigeons` clauses of `holes` literals.
 * `literals` must hold the clauses and their 0s. */
static nq_cnf pigeon_formula(int *literals, int holes) {
  int pigeons = holes + 1, at = 0;
  for (int p = 0; p < pigeons; p++) {
    for (int h = 0; h < holes; h++)
      literals[at++] = p * holes + h + 1;
    literals[at++] = 0;
  }
  for (int h = 0; h < holes; h++)
    for (int p = 0; p < pigeons; p++)
      for (int q = p + 1; q < pigeons; q++) {
        literals[at++] = -(p * holes + h + 1);
        literals[at++] = -(q * holes + h + 1);
        literals[at++] = 0;
      }
  return (nq_cnf){.variables = pigeons * holes,
                  .max_variable = pigeons * holes,
                  .clause_count = pigeons + (int64_t)holes * pigeons * (pigeons - 1) / 2,
                  .literals = literals,
                  .literal_count = (size_t)at};
}

/* A new oracle holding `cnf`'s clauses, stopped by `clock`. */
static sat_oracle *oracle_of(const nq_cnf *cnf, const search_clock *clock) {
  sat_oracle *oracle = sat_oracle_new(clock);
  for (size_t i = 0; oracle && i < cnf->literal_count; i++)
    sat_oracle_add(oracle, cnf->literals[i]);
  return oracle;
}

static void check_limits(void) {
  static int literals[4096];
  search_clock clock;
  search_clock_start(&clock, NULL);
  nq_cnf cnf = pigeon_formula(literals, 6);
  sat_oracle *oracle = oracle_of(&cnf, &clock);
  CHECK(sat_oracle_solve(oracle, 0) == -1, "no decisions allowed, yet an answer");
  CHECK(sat_oracle_solve(oracle, -1) == 0, "pigeons 7 into 6 holes: not refuted");
  sat_oracle_free(oracle);

  volatile sig_atomic_t stop = 1;
  nq_solver_control control = {.interrupt = &stop};
  search_clock_start(&clock, &control);
  cnf = pigeon_formula(literals, 9);
  oracle = oracle_of(&cnf, &clock);
  CHECK(sat_oracle_solve(oracle, -1) == -1, "interrupted before it began, yet an answer");
  sat_oracle_free(oracle);

  /* nq_cnf_decide: answers, and stops. */
  cnf = pigeon_formula(literals, 4);
  int satisfiable = -1;
  CHECK(nq_cnf_decide(&cnf, NULL, &satisfiable) == NQ_OK && satisfiable == 0,
        "pigeons 5 into 4: status or answer wrong (%d)", satisfiable);
  cnf.literal_count = 5 * (4 + 1); /* the pigeons' clauses only */
  cnf.clause_count = 5;
  CHECK(nq_cnf_decide(&cnf, NULL, &satisfiable) == NQ_OK && satisfiable == 1,
        "pigeons without the holes' bound: status or answer wrong (%d)", satisfiable);
  /* Only occurring variables reach the solver: one clause over variable
   * 2^31 - 1 is decided at once, not after gigabytes of tables. */
  int huge[] = {INT_MAX, 0, -INT_MAX, 1, 0};
  nq_cnf sparse = {.variables = INT_MAX,
                   .max_variable = INT_MAX,
                   .clause_count = 1,
                   .literals = huge,
                   .literal_count = 2};
  CHECK(nq_cnf_decide(&sparse, NULL, &satisfiable) == NQ_OK && satisfiable == 1,
        "one clause over variable 2^31 - 1: status or answer wrong (%d)", satisfiable);
  sparse.clause_count = 2;
  sparse.literal_count = 5;
  CHECK(nq_cnf_decide(&sparse, NULL, &satisfiable) == NQ_OK && satisfiable == 1,
        "(x) & (-x | 1) over x = 2^31 - 1: status or answer wrong (%d)", satisfiable);
  control = (nq_solver_control){.time_limit_seconds = 1e-9};
  cnf = pigeon_formula(literals, 9);
  CHECK(nq_cnf_decide(&cnf, &control, &satisfiable) == NQ_ERR_INTERRUPTED,
        "a time limit of 1 ns: the decision was not stopped");
}

int main(void) {
  check_random_formulas();
  check_limits();
  return check_report("sat_oracle");
}
