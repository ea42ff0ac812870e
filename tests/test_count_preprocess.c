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
 *   fails) comes back as "no models";
 * - the CDCL steps (count_preprocess_with_oracle: backbone,
 *   strengthening, sparsification, defined simplicial variables) on every
 *   formula above, against brute force, each firing in some, and on
 *   formulas made for one step each: an XOR output only Padoa's test
 *   finds defined beside a simplicial free variable that must stay, a
 *   backbone only search finds, an implied clause whose removal makes a
 *   defined variable simplicial (and one put back when nothing follows),
 *   a variable defined only through an unprojected one (kept). Built a
 *   second time with PicoSAT as the solver where the build has CaDiCaL. */
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
#include "sat_oracle.h"
#include "search_clock.h"

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
static int fired_backbone, fired_strengthened, fired_redundant, fired_simplicial,
    fired_simplicial_defined;

/* Every variable of `out` is one of `in`'s with its projection flag. */
static void check_flags_kept(const cnf_compact *in, const cnf_compact *out) {
  for (int v = 1; v <= out->variables; v++) {
    int from = 0;
    for (int w = 1; w <= in->variables; w++)
      if (in->file_variable[w] == out->file_variable[v])
        from = w;
    CHECK(from && in->projected[from] == out->projected[v], "variable %d lost its projection flag",
          out->file_variable[v]);
  }
}

/* The oracle's steps after the rest (count_preprocess_with_oracle): the
 * same count by brute force, flags kept, and a projected variable
 * eliminated only when defined (without a projection, every eliminated
 * one is counted as defined). */
static void check_with_oracle(const cnf_compact *in, uint64_t expected, int projection) {
  search_clock clock;
  search_clock_start(&clock, NULL);
  cnf_compact out;
  count_preprocess_stats stats;
  int result = count_preprocess_with_oracle(in, &out, &stats, &clock);
  CHECK(result >= 0, "out of memory");
  uint64_t got = 0;
  if (result == 1) {
    got = brute_force(out.literals, out.literal_count, out.variables, out.projected);
    check_flags_kept(in, &out);
    CHECK(projection || stats.eliminated == stats.defined,
          "oracle: eliminated %d without a projection, only %d of them defined", stats.eliminated,
          stats.defined);
    fired_backbone += stats.backbone > 0;
    fired_strengthened += stats.strengthened > 0;
    fired_redundant += stats.redundant > 0;
    fired_simplicial += stats.simplicial > 0;
    fired_simplicial_defined += stats.simplicial > 0 && !projection;
    cnf_compact_free(&out);
  }
  CHECK(got == expected,
        "projection %d, with the oracle: preprocessed %llu models, brute force %llu", projection,
        (unsigned long long)got, (unsigned long long)expected);
}

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
    check_flags_kept(&in, &out);
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
  check_with_oracle(&in, expected, projection);
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

/* `text` through count_preprocess_with_oracle into `out`, checked
 * against brute force; the input's compact form stays in `in`. */
static void oracle_pass(const char *text, const char *name, cnf_compact *in, cnf_compact *out,
                        count_preprocess_stats *stats) {
  nq_cnf *cnf = read_text(text, name, in);
  search_clock clock;
  search_clock_start(&clock, NULL);
  CHECK(count_preprocess_with_oracle(in, out, stats, &clock) == 1, "%s: has models", name);
  CHECK(brute_force(out->literals, out->literal_count, out->variables, out->projected) ==
            brute_force(in->literals, in->literal_count, in->variables, in->projected),
        "%s: the oracle changed the count", name);
  nq_cnf_free(cnf);
}

static int has_file_variable(const cnf_compact *formula, int variable) {
  for (int v = 1; v <= formula->variables; v++)
    if (formula->file_variable[v] == variable)
      return 1;
  return 0;
}

/* 4 == 1 XOR 2 beside (1 | 2 | 3) and (3 | 5) (a binary clause, as the
 * CDCL steps need): no AND/OR gate defines 4, Padoa's test does, and its
 * neighbours 1 and 2 share a clause, so it goes. 5 is simplicial too
 * (its one neighbour is 3) but free whenever 3 holds: kept, or the count
 * would drop. */
static void check_xor_defined(void) {
  cnf_compact in, out;
  count_preprocess_stats stats;
  oracle_pass("p cnf 5 6\n1 2 3 0\n3 5 0\n-4 1 2 0\n-4 -1 -2 0\n4 -1 2 0\n4 1 -2 0\n", "xor", &in,
              &out, &stats);
  CHECK(stats.simplicial == 1 && stats.defined == 1, "xor: %d eliminated by the oracle, %d defined",
        stats.simplicial, stats.defined);
  CHECK(!has_file_variable(&out, 4), "xor: the XOR output is left");
  CHECK(has_file_variable(&out, 5), "xor: the free variable 5 was removed");
  cnf_compact_free(&out);
  cnf_compact_free(&in);
}

/* x or each clause of the pigeonhole formula of 4 pigeons and 3 holes
 * (variable 1 + 3 * pigeon + hole), and (x | 14), a binary clause as the
 * CDCL steps need: x holds in every model, but no propagation from one
 * or two assumed literals shows it, so the preprocessing without the
 * oracle keeps x, and the backbone step fixes it (8192 models: x true,
 * the 13 others free). */
static void check_backbone_by_search(void) {
  char text[2048];
  int length = snprintf(text, sizeof text, "p cnf 14 23\n1 14 0\n");
  for (int pigeon = 0; pigeon < 4; pigeon++)
    length += snprintf(text + length, sizeof text - (size_t)length, "1 %d %d %d 0\n",
                       2 + 3 * pigeon, 3 + 3 * pigeon, 4 + 3 * pigeon);
  for (int hole = 0; hole < 3; hole++)
    for (int a = 0; a < 4; a++)
      for (int b = a + 1; b < 4; b++)
        length += snprintf(text + length, sizeof text - (size_t)length, "1 %d %d 0\n",
                           -(2 + 3 * a + hole), -(2 + 3 * b + hole));
  cnf_compact in, out, plain;
  count_preprocess_stats stats;
  nq_cnf *cnf = read_text(text, "guarded pigeons", &in);
  CHECK(count_preprocess(&in, &plain, NULL) == 1 && has_file_variable(&plain, 1),
        "guarded pigeons: x is fixed without the oracle (the check would prove nothing)");
  cnf_compact_free(&plain);
  cnf_compact_free(&in);
  nq_cnf_free(cnf);
  oracle_pass(text, "guarded pigeons", &in, &out, &stats);
  CHECK(stats.backbone > 0 && !has_file_variable(&out, 1) && out.clause_count == 0,
        "guarded pigeons: %d backbone literals, x %s, %zu clauses left", stats.backbone,
        has_file_variable(&out, 1) ? "left" : "fixed", out.clause_count);
  cnf_compact_free(&out);
  cnf_compact_free(&in);
}

/* 1 == 2 XOR 3 with 2 unprojected: 2 is in four more clauses (so
 * bounded elimination keeps it) that leave it free when 4..11 hold, and
 * then 1 takes both values for each 3. 1 is simplicial (neighbours 2, 3)
 * but not defined by the projected variables: it must stay. (4 | 12) is
 * there for a binary clause, which the CDCL steps need. */
static void check_defined_through_unprojected(void) {
  cnf_compact in, out;
  count_preprocess_stats stats;
  oracle_pass("p cnf 12 9\n-1 2 3 0\n-1 -2 -3 0\n1 -2 3 0\n1 2 -3 0\n2 4 5 0\n2 6 7 0\n"
              "-2 8 9 0\n-2 10 11 0\n4 12 0\nc ind 1 3 4 5 6 7 8 9 10 11 12 0\n",
              "unprojected input", &in, &out, &stats);
  CHECK(has_file_variable(&out, 1), "unprojected input: 1 was eliminated");
  cnf_compact_free(&out);
  cnf_compact_free(&in);
}

/* 4 == 1 XOR 2, and (-4 | 5) implied by it with (1 | 5) and (2 | 5)
 * (5 false makes 1 and 2 true, so 4 false). That clause alone joins 4
 * and 5; once it is found implied and removed, 4's neighbours are 1 and 2,
 * which share a clause, and 4 goes as defined. 5 is simplicial too but
 * free when 1 and 2 hold: kept. A clause found implied where no
 * elimination follows is put back (the second formula: the resolvent
 * (1 | 3) of (1 | 2) and (-2 | 3)). */
static void check_redundant_clause(void) {
  cnf_compact in, out;
  count_preprocess_stats stats;
  oracle_pass("p cnf 5 7\n-4 5 0\n1 5 0\n2 5 0\n-4 1 2 0\n-4 -1 -2 0\n4 -1 2 0\n4 1 -2 0\n",
              "implied", &in, &out, &stats);
  CHECK(stats.redundant == 1 && stats.simplicial == 1, "implied: %d removed, %d eliminated",
        stats.redundant, stats.simplicial);
  CHECK(!has_file_variable(&out, 4) && has_file_variable(&out, 5), "implied: 4 %s, 5 %s",
        has_file_variable(&out, 4) ? "left" : "gone", has_file_variable(&out, 5) ? "left" : "gone");
  cnf_compact_free(&out);
  cnf_compact_free(&in);
  oracle_pass("p cnf 3 3\n1 3 0\n1 2 0\n-2 3 0\n", "implied, kept", &in, &out, &stats);
  CHECK(stats.redundant == 0 && out.clause_count == 3,
        "implied, kept: %d removed, %zu clauses left", stats.redundant, out.clause_count);
  cnf_compact_free(&out);
  cnf_compact_free(&in);
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
  check_xor_defined();
  check_backbone_by_search();
  check_redundant_clause();
  check_defined_through_unprojected();
  printf("CDCL steps by %s\n", sat_oracle_backend());
  printf("with the oracle: backbone literals in %d, literals removed in %d, implied clauses in %d, "
         "simplicial variables "
         "eliminated in %d (%d without a projection)\n",
         fired_backbone, fired_strengthened, fired_redundant, fired_simplicial,
         fired_simplicial_defined);
  /* Probing finds the backbones of formulas this small: the guarded
   * pigeons below need the solver. */
  CHECK(fired_strengthened > 10 && fired_redundant > 2 && fired_simplicial > 10 &&
            fired_simplicial_defined > 5,
        "each oracle step fires: strengthened %d, redundant %d, simplicial %d (defined %d)",
        fired_strengthened, fired_redundant, fired_simplicial, fired_simplicial_defined);
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
