/* The rows model's four CSP encodings, each checked on its own (no SAT
 * solver: brute force and a unit propagator written here):
 *  - for small N, every assignment of the variables: the models are
 *    exactly the boards (typed-in OEIS counts, each decoded with the
 *    numbering of nqsat/encoder.h and checked square by square);
 *  - unit propagation against a propagator on the integer CSP, from random
 *    partial assignments, to a fixpoint that must be equal (the docs'
 *    table of propagation strength):
 *      support: arc consistency (AC-3);
 *      direct:  forward checking (a row down to one value removes what it
 *               attacks from every other row);
 *      order:   forward checking on the bounds only (a value attacked by a
 *               row with one value left goes only when it is the lowest or
 *               highest value of its row's interval);
 *      log:     forward checking only into rows with at most one bit left
 *               unfixed;
 *    and there are states where each weaker one prunes less than the next;
 *  - direct has exactly the clauses of the matrix model with pairwise
 *    at-most-one (as sets of literal sets). */
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "check.h"
#include "clause_list.h"
#include "nqsat/encoder.h"

enum { MAX_N = 10, MAX_VARIABLES = 128 };

static clause_list *generate(const nq_encoding *encoding) {
  nq_formula_size size;
  if (nq_encoder_measure(encoding, &size) != NQ_OK)
    return NULL;
  clause_list *f = clause_list_new((int)size.literals, (int)size.clauses);
  nq_clause_sink sink = {f, clause_list_store};
  CHECK(nq_encoder_generate(encoding, &sink) == NQ_OK, "n=%d: generate failed", encoding->n);
  return f;
}

/* ---- the integer CSP -------------------------------------------------- */

static int attacks(int row, int a, int other, int b) {
  return a == b || abs(a - b) == abs(row - other);
}

static int popcount(uint32_t x) { return __builtin_popcount(x); }
static int lowest(uint32_t x) { return __builtin_ctz(x); }

/* Forward checking to a fixpoint; 0 on a wipe-out. */
static int forward_check(int n, uint32_t *domain) {
  for (int changed = 1; changed;) {
    changed = 0;
    for (int row = 0; row < n; row++) {
      if (!domain[row])
        return 0;
      if (popcount(domain[row]) != 1)
        continue;
      int value = lowest(domain[row]);
      for (int other = 0; other < n; other++)
        for (int b = 0; b < n && other != row; b++)
          if ((domain[other] >> b & 1) && attacks(row, value, other, b)) {
            domain[other] &= ~(1u << b);
            changed = 1;
          }
    }
  }
  for (int row = 0; row < n; row++)
    if (!domain[row])
      return 0;
  return 1;
}

/* AC-3 (Mackworth 1977), written as plain revision sweeps; 0 on a wipe-out. */
static int arc_consistency(int n, uint32_t *domain) {
  for (int changed = 1; changed;) {
    changed = 0;
    for (int row = 0; row < n; row++)
      for (int other = 0; other < n; other++) {
        if (other == row)
          continue;
        for (int a = 0; a < n; a++) {
          if (!(domain[row] >> a & 1))
            continue;
          int supported = 0;
          for (int b = 0; b < n && !supported; b++)
            supported = (domain[other] >> b & 1) && !attacks(row, a, other, b);
          if (!supported) {
            domain[row] &= ~(1u << a);
            changed = 1;
          }
        }
        if (!domain[row])
          return 0;
      }
  }
  return 1;
}

/* Forward checking on interval domains [low, high], moving bounds only. */
static int bounds_forward_check(int n, int *low, int *high) {
  for (int changed = 1; changed;) {
    changed = 0;
    for (int row = 0; row < n; row++) {
      if (low[row] > high[row])
        return 0;
      if (low[row] != high[row])
        continue;
      for (int other = 0; other < n; other++) {
        if (other == row)
          continue;
        while (low[other] <= high[other] && attacks(row, low[row], other, low[other]))
          low[other]++, changed = 1;
        while (low[other] <= high[other] && attacks(row, low[row], other, high[other]))
          high[other]--, changed = 1;
        if (low[other] > high[other])
          return 0;
      }
    }
  }
  return 1;
}

static uint64_t random_state = 0x9e3779b97f4a7c15u;
static uint32_t next_random(void) {
  random_state ^= random_state << 13;
  random_state ^= random_state >> 7;
  random_state ^= random_state << 17;
  return (uint32_t)(random_state >> 16);
}

static int bits_for(int n) {
  int bits = 0;
  while ((1 << bits) < n)
    bits++;
  return bits;
}

/* Direct and support: x(r,v) = r*n + v + 1. Random values removed and a
 * few rows given a value; UP against `reference` on the same domains.
 * Returns how many trials the reference pruned something UP did not (or
 * the other way), for the strictness checks; every trial must agree when
 * `must_agree`. */
typedef int (*domain_propagator)(int n, uint32_t *domain);
static int compare_value_encoding(int n, const clause_list *f, domain_propagator reference,
                                  const char *name, int must_agree) {
  int disagreements = 0;
  for (int trial = 0; trial < 400; trial++) {
    signed char value[MAX_VARIABLES + 1];
    uint32_t domain[MAX_N];
    memset(value, -1, sizeof value);
    for (int row = 0; row < n; row++) {
      domain[row] = (1u << n) - 1;
      if (next_random() % 4 == 0) {
        int v = (int)(next_random() % (unsigned)n);
        value[row * n + v + 1] = 1;
        domain[row] = 1u << v;
        continue;
      }
      for (int v = 0; v < n; v++)
        if (next_random() % 5 == 0) {
          value[row * n + v + 1] = 0;
          domain[row] &= ~(1u << v);
        }
    }
    int up = clause_list_propagate(f, value);
    int csp = reference(n, domain);
    int agree = up == csp;
    for (int row = 0; row < n && agree && up; row++) {
      uint32_t left = 0;
      for (int v = 0; v < n; v++)
        if (value[row * n + v + 1] != 0)
          left |= 1u << v;
      agree = left == domain[row];
    }
    if (!agree) {
      disagreements++;
      if (must_agree) {
        CHECK(0, "%s n=%d trial %d: unit propagation (%s) and the reference (%s) differ", name, n,
              trial, up ? "no conflict" : "conflict", csp ? "no conflict" : "conflict");
        return disagreements;
      }
    }
  }
  return disagreements;
}

/* Order: p(r,a) = r*(n-1) + a + 1 means q_r <= a. Random intervals. */
static void check_order(int n, const clause_list *f) {
  int width = n - 1;
  for (int trial = 0; trial < 400; trial++) {
    signed char value[MAX_VARIABLES + 1];
    int low[MAX_N], high[MAX_N];
    memset(value, -1, sizeof value);
    for (int row = 0; row < n; row++) {
      int a = (int)(next_random() % (unsigned)n), b = (int)(next_random() % (unsigned)n);
      if (next_random() % 3 == 0)
        b = a; /* a row with one value */
      low[row] = a < b ? a : b;
      high[row] = a < b ? b : a;
      if (high[row] < n - 1)
        value[row * width + high[row] + 1] = 1;
      if (low[row] > 0)
        value[row * width + low[row] - 1 + 1] = 0;
    }
    int up = clause_list_propagate(f, value);
    int csp = bounds_forward_check(n, low, high);
    CHECK(up == csp, "order n=%d trial %d: UP %s, bounds forward checking %s", n, trial,
          up ? "no conflict" : "conflict", csp ? "no conflict" : "conflict");
    for (int row = 0; row < n && up && csp; row++) {
      int up_low = 0, up_high = n - 1;
      for (int a = 0; a < width; a++) {
        if (value[row * width + a + 1] == 0)
          up_low = a + 1;
        if (value[row * width + a + 1] == 1 && a < up_high)
          up_high = a;
      }
      CHECK(up_low == low[row] && up_high == high[row],
            "order n=%d trial %d row %d: UP leaves %d..%d, reference %d..%d", n, trial, row, up_low,
            up_high, low[row], high[row]);
    }
  }
}

/* Log: b(r,k) = r*w + k + 1 is bit k of q_r. Reference: a row whose bits
 * are all fixed has a value; it prunes values of rows with at most one
 * bit free (their candidates below n), which fixes that bit. */
static int log_reference(int n, int width, signed char bits[MAX_N][8]) {
  for (int changed = 1; changed;) {
    changed = 0;
    for (int row = 0; row < n; row++) {
      int free_bit = -1, free_count = 0, base = 0;
      for (int k = 0; k < width; k++) {
        if (bits[row][k] < 0)
          free_bit = k, free_count++;
        else
          base |= bits[row][k] << k;
      }
      if (free_count > 1)
        continue;
      int candidates[2] = {base, free_count ? base | 1 << free_bit : -1};
      int alive[2] = {1, free_count == 1};
      for (int i = 0; i < 2; i++) {
        if (!alive[i])
          continue;
        if (candidates[i] >= n)
          alive[i] = 0;
        for (int other = 0; other < n && alive[i]; other++) {
          if (other == row)
            continue;
          int value = 0, fixed = 1;
          for (int k = 0; k < width; k++) {
            if (bits[other][k] < 0)
              fixed = 0;
            else
              value |= bits[other][k] << k;
          }
          if (fixed && attacks(row, candidates[i], other, value))
            alive[i] = 0;
        }
      }
      if (!alive[0] && !alive[1])
        return 0;
      if (free_count == 1 && alive[0] != alive[1]) {
        bits[row][free_bit] = (signed char)(alive[1] ? 1 : 0);
        changed = 1;
      }
    }
  }
  return 1;
}

static void check_log(int n, const clause_list *f) {
  int width = bits_for(n);
  for (int trial = 0; trial < 400; trial++) {
    signed char value[MAX_VARIABLES + 1], bits[MAX_N][8];
    memset(value, -1, sizeof value);
    for (int row = 0; row < n; row++)
      for (int k = 0; k < width; k++) {
        bits[row][k] = next_random() % 3 == 0 ? -1 : (signed char)(next_random() & 1);
        value[row * width + k + 1] = bits[row][k];
      }
    int up = clause_list_propagate(f, value);
    int csp = log_reference(n, width, bits);
    CHECK(up == csp, "log n=%d trial %d: UP %s, reference %s", n, trial,
          up ? "no conflict" : "conflict", csp ? "no conflict" : "conflict");
    for (int row = 0; row < n && up && csp; row++)
      for (int k = 0; k < width; k++)
        CHECK(value[row * width + k + 1] == bits[row][k],
              "log n=%d trial %d: bit %d of row %d is %d after UP, %d in the reference", n, trial,
              k, row, value[row * width + k + 1], bits[row][k]);
  }
}

/* ---- models by brute force -------------------------------------------- */

static const uint64_t oeis_a000170[] = {0, 1, 0, 0, 2, 10, 4, 40, 92, 352, 724};

/* The board of a total assignment under the documented numbering, or -1. */
static int decode(nq_csp csp, int n, const signed char *value, int *columns) {
  int width = nq_csp_row_width(csp, n);
  for (int row = 0; row < n; row++) {
    const signed char *bits = value + row * width + 1;
    columns[row] = -1;
    if (csp == NQ_CSP_LOG) {
      int v = 0;
      for (int k = 0; k < width; k++)
        v |= bits[k] << k;
      columns[row] = v < n ? v : -1;
    } else if (csp == NQ_CSP_ORDER) {
      int v = n - 1;
      for (int a = width - 1; a >= 0; a--)
        if (bits[a])
          v = a;
      for (int a = v; a < width; a++)
        if (!bits[a])
          return -1; /* no ladder */
      columns[row] = v;
    } else {
      int ones = 0;
      for (int v = 0; v < n; v++)
        if (bits[v])
          columns[row] = v, ones++;
      if (ones != 1)
        return -1;
    }
    if (columns[row] < 0)
      return -1;
  }
  return 0;
}

static int is_solution(const int *columns, int n) {
  for (int r = 0; r < n; r++)
    for (int s = r + 1; s < n; s++)
      if (attacks(r, columns[r], s, columns[s]))
        return 0;
  return 1;
}

static void check_models(nq_csp csp, int n, const clause_list *f) {
  int variables = n * nq_csp_row_width(csp, n);
  uint64_t models = 0;
  signed char value[MAX_VARIABLES + 1];
  int columns[MAX_N];
  for (uint32_t x = 0; x < (1u << variables); x++) {
    for (int v = 0; v < variables; v++)
      value[v + 1] = (signed char)(x >> v & 1);
    int board = decode(csp, n, value, columns) == 0 && is_solution(columns, n);
    int model = clause_list_satisfied(f, value);
    CHECK(model == board, "%s n=%d: assignment %#x is %sa model but %sa board", nq_csp_name(csp), n,
          x, model ? "" : "not ", board ? "" : "not ");
    models += (uint64_t)model;
  }
  CHECK(models == oeis_a000170[n], "%s n=%d: %llu models, A000170 says %llu", nq_csp_name(csp), n,
        (unsigned long long)models, (unsigned long long)oeis_a000170[n]);
}

/* ---- direct = matrix pairwise ----------------------------------------- */

static int compare_clauses(const void *a, const void *b) {
  const int *x = *(int *const *)a, *y = *(int *const *)b;
  for (int i = 0;; i++) {
    if (x[i] != y[i])
      return x[i] < y[i] ? -1 : 1;
    if (!x[i])
      return 0;
  }
}

static int compare_ints(const void *a, const void *b) {
  int x = *(const int *)a, y = *(const int *)b;
  return (x > y) - (x < y);
}

/* Each clause sorted and 0-terminated, the list sorted. */
static int **canonical_clauses(const clause_list *f) {
  int **list = malloc((size_t)(f->clauses + 1) * sizeof *list);
  for (int c = 0; c < f->clauses; c++) {
    int length = f->starts[c + 1] - f->starts[c];
    list[c] = malloc((size_t)(length + 1) * sizeof(int));
    memcpy(list[c], f->literals + f->starts[c], (size_t)length * sizeof(int));
    qsort(list[c], (size_t)length, sizeof(int), compare_ints);
    list[c][length] = 0;
  }
  qsort(list, (size_t)f->clauses, sizeof *list, compare_clauses);
  return list;
}

static void check_direct_is_pairwise(int n) {
  nq_encoding rows = {.n = n, .model = NQ_MODEL_ROWS, .csp = NQ_CSP_DIRECT};
  nq_encoding matrix = {.n = n, .amo = NQ_AMO_PAIRWISE};
  clause_list *a = generate(&rows), *b = generate(&matrix);
  CHECK(a->clauses == b->clauses, "n=%d: direct has %d clauses, matrix pairwise %d", n, a->clauses,
        b->clauses);
  if (a->clauses == b->clauses) {
    int **x = canonical_clauses(a), **y = canonical_clauses(b);
    for (int c = 0; c < a->clauses; c++)
      if (compare_clauses(&x[c], &y[c])) {
        CHECK(0, "n=%d: direct and matrix pairwise differ at sorted clause %d", n, c);
        break;
      }
    for (int c = 0; c < a->clauses; c++)
      free(x[c]), free(y[c]);
    free(x);
    free(y);
  }
  clause_list_free(a);
  clause_list_free(b);
}

int main(void) {
  for (int csp = 0; csp < NQ_CSP_COUNT; csp++)
    for (int n = 1; n <= 6; n++) {
      nq_encoding e = {.n = n, .model = NQ_MODEL_ROWS, .csp = (nq_csp)csp};
      if (n * nq_csp_row_width((nq_csp)csp, n) > 20)
        continue;
      clause_list *f = generate(&e);
      check_models((nq_csp)csp, n, f);
      clause_list_free(f);
    }
  int fc_weaker_than_ac = 0, direct_weaker = 0;
  for (int n = 4; n <= 7; n++) {
    nq_encoding direct = {.n = n, .model = NQ_MODEL_ROWS, .csp = NQ_CSP_DIRECT};
    nq_encoding support = {.n = n, .model = NQ_MODEL_ROWS, .csp = NQ_CSP_SUPPORT};
    nq_encoding order = {.n = n, .model = NQ_MODEL_ROWS, .csp = NQ_CSP_ORDER};
    nq_encoding log = {.n = n, .model = NQ_MODEL_ROWS, .csp = NQ_CSP_LOG};
    clause_list *fd = generate(&direct), *fs = generate(&support), *fo = generate(&order),
                *fl = generate(&log);
    compare_value_encoding(n, fs, arc_consistency, "support vs arc consistency", 1);
    compare_value_encoding(n, fd, forward_check, "direct vs forward checking", 1);
    /* The claims are tight: somewhere arc consistency prunes more than
     * forward checking, and unit propagation on direct falls short of it. */
    direct_weaker += compare_value_encoding(n, fd, arc_consistency, "direct vs AC", 0);
    fc_weaker_than_ac += compare_value_encoding(n, fs, forward_check, "support vs FC", 0);
    check_order(n, fo);
    check_log(n, fl);
    clause_list_free(fd);
    clause_list_free(fs);
    clause_list_free(fo);
    clause_list_free(fl);
  }
  CHECK(direct_weaker > 0, "no state where direct's unit propagation is weaker than AC");
  CHECK(fc_weaker_than_ac > 0, "no state where support's unit propagation beats FC");
  for (int n = 1; n <= 10; n++)
    check_direct_is_pairwise(n);
  return check_report("test_encoder_csp");
}
