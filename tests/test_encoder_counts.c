/* Every encoding, through the in-process PicoSAT solver: for N = 1..LAST the
 * boards number exactly A000170(N) (nq_verify_known_count, the OEIS table in
 * verify/) and each is valid; completion instances (placed queens, blocked
 * squares) have exactly the native solver's solutions that honour them.
 * usage: test_encoder_counts LAST_N */
#include <inttypes.h>
#include <stdlib.h>

#include "check.h"
#include "nqsat/solver.h"
#include "nqsat/verify.h"

typedef struct tally {
  const nq_encoding *encoding;
  uint64_t boards, invalid, dishonoured;
} tally;

static int honours(const nq_encoding *e, const int *columns) {
  for (int i = 0; i < e->placed_count; i++)
    if (columns[e->placed[i].row] != e->placed[i].column)
      return 0;
  for (int i = 0; i < e->blocked_count; i++)
    if (columns[e->blocked[i].row] == e->blocked[i].column)
      return 0;
  return 1;
}

static int on_sat_board(void *context, const int *columns, int n) {
  tally *t = context;
  t->boards++;
  if (!nq_verify_check_placement(columns, n, NULL, 0))
    t->invalid++;
  if (!honours(t->encoding, columns))
    t->dishonoured++;
  return 0;
}

static int on_native_board(void *context, const int *columns, int n) {
  tally *t = context;
  (void)n;
  if (honours(t->encoding, columns))
    t->boards++;
  return 0;
}

static void check_encoding(const nq_encoding *e, const char *label) {
  uint64_t expected;
  if (e->placed_count || e->blocked_count) {
    tally native = {e, 0, 0, 0};
    nq_verify_enumerate(e->n, on_native_board, &native);
    expected = native.boards;
  } else {
    nq_verify_known_count(e->n, &expected, NULL);
  }
  tally sat = {e, 0, 0, 0};
  uint64_t found = 0;
  CHECK(nq_solver_enumerate_queens(e, 0, NULL, on_sat_board, &sat, &found) == NQ_OK, "%s n=%d",
        label, e->n);
  CHECK(found == expected, "%s n=%d: SAT found %" PRIu64 " boards, expected %" PRIu64, label, e->n,
        found, expected);
  CHECK(sat.invalid == 0 && sat.dishonoured == 0,
        "%s n=%d: %" PRIu64 " invalid boards, %" PRIu64 " ignore the placements", label, e->n,
        sat.invalid, sat.dishonoured);
}

int main(int argc, char **argv) {
  int last = argc > 1 ? atoi(argv[1]) : 10;
  for (int amo = 0; amo < NQ_AMO_COUNT; amo++) {
    const char *name = nq_amo_name((nq_amo)amo);
    for (int n = 1; n <= last; n++) {
      nq_encoding plain = {.n = n, .amo = (nq_amo)amo};
      check_encoding(&plain, name);
      nq_encoding parsimonious = {.n = n, .amo = (nq_amo)amo, .parsimonious = 1, .redundant = 1};
      check_encoding(&parsimonious, "parsimonious+redundant");
      if (n > 8)
        continue;
      nq_encoding grouped = {
          .n = n, .amo = (nq_amo)amo, .commander_group_size = 2, .bimander_groups = 3};
      check_encoding(&grouped, "group options");
    }
    /* Completion: with a queen at row 1, column 2 on 8x8 (1-based), and
     * with a blocked square as well. */
    nq_square placed[] = {{0, 1}}, blocked[] = {{3, 0}, {5, 6}};
    nq_encoding completion = {.n = 8, .amo = (nq_amo)amo, .placed = placed, .placed_count = 1};
    check_encoding(&completion, "placed");
    completion.blocked = blocked;
    completion.blocked_count = 2;
    check_encoding(&completion, "placed+blocked");
    /* A corner queen on 4x4, which no solution completes: 0 boards. */
    nq_square hopeless[] = {{0, 0}};
    nq_encoding none = {.n = 4, .amo = (nq_amo)amo, .placed = hopeless, .placed_count = 1};
    check_encoding(&none, "uncompletable");
  }
  /* Attacking placements are refused by the check, never encoded. */
  nq_square attacking[] = {{0, 0}, {2, 2}};
  nq_encoding bad = {.n = 8, .placed = attacking, .placed_count = 2};
  char why[200];
  CHECK(nq_encoder_check(&bad, why, sizeof why) == NQ_ERR_ARGUMENT, "attack accepted");
  CHECK(nq_encoder_generate(&bad, &(nq_clause_sink){NULL, NULL}) == NQ_ERR_ARGUMENT,
        "attack generated");
  /* Random completions are non-attacking, reproducible, and honour blocks. */
  nq_square blocked[] = {{0, 0}, {1, 1}};
  nq_encoding board = {.n = 30, .blocked = blocked, .blocked_count = 2};
  nq_square first[20], second[20];
  CHECK(nq_encoder_random_queens(&board, 20, 7, first) == NQ_OK, "random queens failed");
  CHECK(nq_encoder_random_queens(&board, 20, 7, second) == NQ_OK, "random queens failed");
  for (int i = 0; i < 20; i++) {
    CHECK(first[i].row == second[i].row && first[i].column == second[i].column,
          "seed 7 not reproducible");
    CHECK(!(first[i].row == first[i].column && first[i].row < 2), "blocked square used");
  }
  board.placed = first;
  board.placed_count = 20;
  CHECK(nq_encoder_check(&board, why, sizeof why) == NQ_OK, "random queens attack: %s", why);
  return check_report("test_encoder_counts");
}
