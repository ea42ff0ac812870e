/* The counter's preprocessing (solver/count_preprocess.c) against brute
 * force: the projected count of the formula it returns equals the input's,
 * both counted by trying every assignment, on random and structured
 * formulas of up to 16 variables (equivalence chains and their negations,
 * AND and XOR gates, failed literals, units, random clauses), with no
 * projection, with a random one, and with only the gates' inputs
 * projected (the outputs are then eliminable). Also:
 * - projection respected: every variable left keeps its projection flag,
 *   and a projected variable is eliminated only when a gate over
 *   projected variables defines it (without a projection, every
 *   eliminated variable is such a one);
 * - circuits of AND/OR gates over free inputs (gates reading earlier
 *   outputs, alone, under random clauses, under a random projection that
 *   may leave inputs out): brute force as above, and a circuit alone
 *   comes back with no clause and one projected variable per input read,
 *   as 2^inputs says it must;
 * - every step fires somewhere in the run (fixed, substituted, eliminated
 *   with and without a gate each nonzero), so the comparison is not
 *   vacuous;
 * - the whole counter (nq_cnf_count_components) with and without the
 *   preprocessing agrees with brute force on the same formulas;
 * - an unsatisfiable formula that only probing refutes (each literal of x
 *   fails) comes back as "no models". */
#include <gmp.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "check.h"
#include "cnf_compact.h"
#include "count_preprocess.h"
#include "nqsat/cnf.h"
#include "nqsat/component_count.h"

static uint64_t state = 0x9e3779b97f4a7c15u;
static unsigned random_below(unsigned bound) {
  state ^= state << 13;
  state ^= state >> 7;
  state ^= state << 17;
  return (unsigned)(state % bound);
}

typedef struct text {
  char data[1 << 15];
  size_t length;
} text;

static void put(text *t, const char *format, int a, int b, int c) {
  int n = snprintf(t->data + t->length, sizeof t->data - t->length, format, a, b, c);
  if (n > 0 && (size_t)n < sizeof t->data - t->length)
    t->length += (size_t)n;
}

static int literal(int variable) { return random_below(2) ? variable : -variable; }

/* Projected models of a compact formula over its projected variables
 * (those in no clause included: each doubles), by trying every assignment. */
static uint64_t brute_force(const int *literals, size_t literal_count, int variables,
                            const unsigned char *projected) {
  uint32_t mask = 0;
  for (int v = 1; v <= variables; v++)
    if (projected[v])
      mask |= 1u << (v - 1);
  unsigned char *seen = calloc((size_t)1 << variables, 1);
  uint64_t models = 0;
  for (uint32_t bits = 0; bits < (1u << variables); bits++) {
    int ok = 1, satisfied = 0;
    for (size_t i = 0; i < literal_count && ok; i++) {
      int l = literals[i];
      if (l == 0) {
        ok = satisfied;
        satisfied = 0;
      } else if ((((bits >> (abs(l) - 1)) & 1) != 0) == (l > 0)) {
        satisfied = 1;
      }
    }
    if (ok && !seen[bits & mask]) {
      seen[bits & mask] = 1;
      models++;
    }
  }
  free(seen);
  return models;
}

/* projection: 0 none, 1 random, 2 the gates' inputs only. */
static nq_cnf *structured_formula(int variables, int projection) {
  static text t, whole;
  t.length = whole.length = 0;
  unsigned char gate_output[32] = {0};
  int pieces = 1 + (int)random_below((unsigned)variables);
  for (int i = 0; i < pieces; i++) {
    int a = 1 + (int)random_below((unsigned)variables),
        b = 1 + (int)random_below((unsigned)variables),
        g = 1 + (int)random_below((unsigned)variables);
    switch (random_below(8)) {
    case 0: /* a == b or a == -b */
    case 1: {
      int lb = literal(b);
      put(&t, "%d %d 0\n%d ", -a, lb, a);
      put(&t, "%d 0\n", -lb, 0, 0);
      break;
    }
    case 2: /* g == a & b */
      if (g == a || g == b)
        break;
      gate_output[g] = 1;
      put(&t, "%d %d 0\n%d ", -g, a, -g);
      put(&t, "%d 0\n%d %d ", b, g, -a);
      put(&t, "%d 0\n", -b, 0, 0);
      break;
    case 3: /* g == a ^ b */
      if (g == a || g == b || a == b)
        break;
      gate_output[g] = 1;
      put(&t, "%d %d %d 0\n", -g, a, b);
      put(&t, "%d %d %d 0\n", -g, -a, -b);
      put(&t, "%d %d %d 0\n", g, -a, b);
      put(&t, "%d %d %d 0\n", g, a, -b);
      break;
    case 4: /* a fails: a -> b and a -> -b */
      if (random_below(3) == 0 && a != b)
        put(&t, "%d %d 0\n%d ", -a, b, -a), put(&t, "%d 0\n", -b, 0, 0);
      else
        put(&t, "%d %d %d 0\n", literal(a), literal(b), literal(g));
      break;
    case 5:
      if (random_below(4) == 0)
        put(&t, "%d 0\n", literal(a), 0, 0);
      else
        put(&t, "%d %d 0\n", literal(a), literal(b), 0);
      break;
    default: put(&t, "%d %d %d 0\n", literal(a), literal(b), literal(g));
    }
  }
  int clauses = 0;
  for (size_t i = 0; i < t.length; i++)
    clauses += t.data[i] == '\n';
  put(&whole, "p cnf %d %d\n", variables, clauses, 0);
  memcpy(whole.data + whole.length, t.data, t.length);
  whole.length += t.length;
  t = whole;
  if (projection == 1) {
    put(&t, "c ind", 0, 0, 0);
    for (int v = 1; v <= variables; v++)
      if (random_below(2))
        put(&t, " %d", v, 0, 0);
    put(&t, " 0\n", 0, 0, 0);
  } else if (projection == 2) {
    put(&t, "c ind", 0, 0, 0);
    for (int v = 1; v <= variables; v++)
      if (!gate_output[v])
        put(&t, " %d", v, 0, 0);
    put(&t, " 0\n", 0, 0, 0);
  }
  nq_cnf *cnf = NULL;
  char error[256];
  if (nq_cnf_read_memory(t.data, t.length, "structured", &cnf, error, sizeof error) != NQ_OK)
    fprintf(stderr, "formula rejected: %s\n%s", error, t.data);
  return cnf;
}

/* Circuits: `gates` AND or OR gates, each of 1 to 4 inputs chosen among
 * the `inputs` free variables and the earlier gates' outputs (outputs
 * numbered inputs + 1, ...). shape 0: the gates alone; 1: plus random
 * clauses over everything, so outputs are constrained; 2: as 1, with a
 * random projection that may leave out inputs (a gate over an
 * unprojected input does not make its projected output removable). */
static nq_cnf *gate_formula(int inputs, int gates, int shape) {
  static text t, whole;
  t.length = whole.length = 0;
  int variables = inputs + gates, clauses = 0;
  for (int i = 1; i <= gates; i++) {
    int g = inputs + i, arity = 1 + (int)random_below(4), negate = (int)random_below(2);
    int in[4];
    for (int k = 0; k < arity; k++)
      in[k] = literal(1 + (int)random_below((unsigned)(g - 1)));
    int out = negate ? -g : g; /* out == OR(in): (-out | in...) and (out | -in_k) */
    put(&t, "%d ", -out, 0, 0);
    for (int k = 0; k < arity; k++)
      put(&t, "%d ", in[k], 0, 0);
    put(&t, "0\n", 0, 0, 0);
    clauses++;
    for (int k = 0; k < arity; k++, clauses++)
      put(&t, "%d %d 0\n", out, -in[k], 0);
  }
  for (int i = 0; shape && i < 1 + (int)random_below(4); i++, clauses++)
    put(&t, "%d %d %d 0\n", literal(1 + (int)random_below((unsigned)variables)),
        literal(1 + (int)random_below((unsigned)variables)),
        literal(1 + (int)random_below((unsigned)variables)));
  put(&whole, "p cnf %d %d\n", variables, clauses, 0);
  memcpy(whole.data + whole.length, t.data, t.length);
  whole.length += t.length;
  if (shape == 2) {
    put(&whole, "c ind", 0, 0, 0);
    for (int v = 1; v <= variables; v++)
      if (random_below(3))
        put(&whole, " %d", v, 0, 0);
    put(&whole, " 0\n", 0, 0, 0);
  }
  nq_cnf *cnf = NULL;
  char error[256];
  if (nq_cnf_read_memory(whole.data, whole.length, "gates", &cnf, error, sizeof error) != NQ_OK)
    fprintf(stderr, "formula rejected: %s\n%s", error, whole.data);
  return cnf;
}

/* The gates alone define every output from the inputs: 2^inputs models,
 * and the preprocessing leaves no clause (every output is eliminated). */
static void check_gates_only(const nq_cnf *cnf, int inputs) {
  cnf_compact in, out;
  CHECK(cnf_compact_build(cnf, &in) == NQ_OK, "compact");
  count_preprocess_stats stats;
  CHECK(count_preprocess(&in, &out, &stats) == 1, "a circuit has models");
  CHECK(out.clause_count == 0, "gates alone: %zu clauses left", out.clause_count);
  int projected_left = 0;
  for (int v = 1; v <= out.variables; v++)
    projected_left += out.projected[v];
  /* Inputs no gate reads are in no clause of the input: not in `in`. */
  int read = 0;
  for (int v = 1; v <= in.variables; v++)
    read += in.file_variable[v] <= inputs;
  CHECK(projected_left == read, "gates alone: %d projected left, %d inputs read", projected_left,
        read);
  cnf_compact_free(&out);
  cnf_compact_free(&in);
}

static int fired_fixed, fired_substituted, fired_eliminated, fired_defined, fired_shortened;

static void check_formula(const nq_cnf *cnf, int projection) {
  cnf_compact in, out;
  CHECK(cnf_compact_build(cnf, &in) == NQ_OK, "compact");
  uint64_t expected = brute_force(in.literals, in.literal_count, in.variables, in.projected);
  count_preprocess_stats stats;
  int result = count_preprocess(&in, &out, &stats);
  CHECK(result >= 0, "out of memory");
  uint64_t got = 0;
  if (result == 1) {
    got = brute_force(out.literals, out.literal_count, out.variables, out.projected);
    /* Every variable left is one of the input's with its flag. */
    int non_projected = 0;
    for (int v = 1; v <= in.variables; v++)
      non_projected += !in.projected[v];
    for (int v = 1; v <= out.variables; v++) {
      int from = 0;
      for (int w = 1; w <= in.variables; w++)
        if (in.file_variable[w] == out.file_variable[v])
          from = w;
      CHECK(from && in.projected[from] == out.projected[v], "variable %d lost its projection flag",
            out.file_variable[v]);
    }
    CHECK(stats.eliminated - stats.defined <= non_projected,
          "%d eliminated (%d defined), %d non-projected", stats.eliminated, stats.defined,
          non_projected);
    CHECK(projection || stats.eliminated == stats.defined,
          "eliminated %d without a projection, only %d of them defined by gates", stats.eliminated,
          stats.defined);
    fired_fixed += stats.fixed > 0;
    fired_substituted += stats.substituted > 0;
    fired_eliminated += stats.eliminated > stats.defined;
    fired_defined += stats.defined > 0;
    fired_shortened += stats.shortened > 0;
    cnf_compact_free(&out);
  }
  CHECK(got == expected, "projection %d: preprocessed %llu models, brute force %llu", projection,
        (unsigned long long)got, (unsigned long long)expected);
  /* The whole counter, with and without the preprocessing. */
  mpz_t count;
  mpz_init(count);
  for (int without = 0; without < 2; without++) {
    nq_component_options options = {.without_preprocessing = without};
    nq_component_stats counted;
    CHECK(nq_cnf_count_components(cnf, &options, NULL, count, &counted) == NQ_OK, "count");
    CHECK(mpz_cmp_ui(count, (unsigned long)expected) == 0,
          "counter (preprocessing %s): %s, brute force %llu", without ? "off" : "on",
          mpz_get_str(NULL, 10, count), (unsigned long long)expected);
  }
  mpz_clear(count);
  cnf_compact_free(&in);
}

/* The DIMACS `text` read (as file `name`) and compacted into `in`. */
static nq_cnf *read_text(const char *text, const char *name, cnf_compact *in) {
  nq_cnf *cnf = NULL;
  char error[256];
  CHECK(nq_cnf_read_memory(text, strlen(text), name, &cnf, error, sizeof error) == NQ_OK, "%s",
        error);
  CHECK(cnf_compact_build(cnf, in) == NQ_OK, "compact");
  return cnf;
}

/* x fails both ways under (x | y)(x | -y)(-x | z)(-x | -z): no models,
 * found by probing with no clause shorter than two. */
static void check_both_polarities_fail(void) {
  cnf_compact in, out;
  nq_cnf *cnf = read_text("p cnf 3 4\n1 2 0\n1 -2 0\n-1 3 0\n-1 -3 0\n", "fails", &in);
  CHECK(count_preprocess(&in, &out, NULL) == 0, "both literals of x fail: no models");
  cnf_compact_free(&in);
  nq_cnf_free(cnf);
}

/* Vivification: under -1, (1 | -2) makes 2 false, so (1 | 2 | 3 | 4)
 * is (1 | 3 | 4) in every model; the shorter clause must come out, and
 * the count must stay. No variable is fixed, substituted or eliminated
 * (none is projected out, none is in a binary clause with an equivalent),
 * so vivification alone shortens it. */
static void check_vivification(void) {
  cnf_compact in, out;
  nq_cnf *cnf = read_text("p cnf 6 4\n1 2 3 4 0\n1 -2 0\n3 5 6 0\n-3 4 5 0\n", "vivify", &in);
  count_preprocess_stats stats;
  CHECK(count_preprocess(&in, &out, &stats) == 1, "the formula has models");
  CHECK(stats.shortened >= 1, "vivification shortened %d clauses", stats.shortened);
  int longest = 0;
  for (size_t k = 0, length = 0; k < out.literal_count; k++) {
    length = out.literals[k] ? length + 1 : 0;
    if ((int)length > longest)
      longest = (int)length;
  }
  CHECK(longest <= 3, "a clause of %d literals is left", longest);
  CHECK(brute_force(out.literals, out.literal_count, out.variables, out.projected) ==
            brute_force(in.literals, in.literal_count, in.variables, in.projected),
        "vivification changed the count");
  cnf_compact_free(&out);
  cnf_compact_free(&in);
  check_formula(cnf, 0);
  nq_cnf_free(cnf);
}

int main(void) {
  int formulas = 0;
  for (int variables = 2; variables <= 16; variables++) {
    int rounds = variables <= 10 ? 60 : variables <= 13 ? 20 : 6;
    for (int round = 0; round < rounds; round++) {
      int projection = round % 3;
      nq_cnf *cnf = structured_formula(variables, projection);
      if (!cnf)
        continue;
      check_formula(cnf, projection);
      nq_cnf_free(cnf);
      formulas++;
    }
  }
  for (int round = 0; round < 120; round++) {
    int inputs = 3 + round % 6, gates = 1 + round % 7;
    nq_cnf *cnf = gate_formula(inputs, gates, round % 3);
    if (!cnf)
      continue;
    check_formula(cnf, round % 3 == 2);
    if (round % 3 == 0)
      check_gates_only(cnf, inputs);
    nq_cnf_free(cnf);
    formulas++;
  }
  check_both_polarities_fail();
  check_vivification();
  printf("formulas against brute force: %d (fixed in %d, substituted in %d, eliminated in %d, "
         "defined by gates in %d, clauses shortened in %d)\n",
         formulas, fired_fixed, fired_substituted, fired_eliminated, fired_defined,
         fired_shortened);
  CHECK(fired_fixed > 20 && fired_substituted > 20 && fired_eliminated > 20 && fired_defined > 20 &&
            fired_shortened > 20,
        "each step fires: fixed %d, substituted %d, eliminated %d, defined %d, shortened %d",
        fired_fixed, fired_substituted, fired_eliminated, fired_defined, fired_shortened);
  return check_report("count_preprocess");
}
