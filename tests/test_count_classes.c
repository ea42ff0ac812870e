/* The fast class counter, the symmetry classes, the O(N) checker, the
 * teaching trace and local search, each against something independent:
 *  - counts against OEIS A000170 / A002562 typed in here (not the table in
 *    verify/), and against the plain reference enumerator;
 *  - the same counts whatever the number of threads;
 *  - canonical forms against a brute-force grouping of the enumeration;
 *  - the O(N) checker against the pairwise checker on random boards;
 *  - local-search answers against the pairwise checker.
 * usage: test_count_classes FIRST LAST   (board sizes for the count checks) */
#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "check.h"
#include "nqsat/localsearch.h"
#include "nqsat/verify.h"

/* OEIS A000170 and A002562, n = 0..17, typed in from oeis.org. */
static const uint64_t a000170[] = {1,     1,     0,      0,       2,        10,
                                   4,     40,    92,     352,     724,      2680,
                                   14200, 73712, 365596, 2279184, 14772512, 95815104};
static const uint64_t a002562[] = {1,  1,  0,   0,    1,    2,     1,      6,       12,
                                   46, 92, 341, 1787, 9233, 45752, 285053, 1846955, 11977939};

/* The processor's own word on AVX-512F and VPOPCNTDQ, read from
 * /proc/cpuinfo rather than by the library's check: -1 when unknown. */
static int cpu_lists_vector_flags(void) {
  FILE *cpuinfo = fopen("/proc/cpuinfo", "r");
  if (!cpuinfo)
    return -1;
  char line[8192];
  int answer = -1;
  while (answer < 0 && fgets(line, sizeof line, cpuinfo)) {
    if (strncmp(line, "flags", 5))
      continue;
    answer = strstr(line, " avx512f ") && strstr(line, " avx512_vpopcntdq");
  }
  fclose(cpuinfo);
  return answer;
}

static const char *kernel_name(nq_count_kernel kernel) {
  return kernel == NQ_COUNT_KERNEL_VECTOR ? "vector"
         : kernel == NQ_COUNT_KERNEL_ROWS ? "rows"
                                          : "auto";
}

static void counts_match_oeis(int first, int last, nq_count_kernel kernel) {
  for (int n = first; n <= last; n++) {
    nq_count_classes_result one, two, many;
    const char *name = kernel_name(kernel);
    CHECK(nq_count_classes_with(n, 1, kernel, &one) == NQ_OK, "%s n=%d", name, n);
    /* the kernel reported: the one asked for, AUTO's choice, none below 6 */
    nq_count_kernel expected = n < 6                            ? NQ_COUNT_KERNEL_AUTO
                               : kernel != NQ_COUNT_KERNEL_AUTO ? kernel
                               : nq_count_kernel_available(NQ_COUNT_KERNEL_VECTOR, n)
                                   ? NQ_COUNT_KERNEL_VECTOR
                                   : NQ_COUNT_KERNEL_ROWS;
    CHECK(one.kernel == expected, "%s n=%d: reported kernel %d, expected %d", name, n,
          (int)one.kernel, (int)expected);
    CHECK(one.total == a000170[n], "%s n=%d total %" PRIu64 " != A000170 %" PRIu64, name, n,
          one.total, a000170[n]);
    CHECK(one.fundamental == a002562[n], "%s n=%d fundamental %" PRIu64 " != A002562 %" PRIu64,
          name, n, one.fundamental, a002562[n]);
    CHECK(nq_count_classes_with(n, 2, kernel, &two) == NQ_OK, "%s n=%d", name, n);
    CHECK(nq_count_classes_with(n, 7, kernel, &many) == NQ_OK, "%s n=%d", name, n);
    CHECK(two.total == one.total && two.fundamental == one.fundamental && two.nodes == one.nodes,
          "%s n=%d: 2 threads differ from 1", name, n);
    CHECK(many.total == one.total && many.fundamental == one.fundamental,
          "%s n=%d: 7 threads differ from 1", name, n);
    uint64_t known_total, known_fundamental;
    CHECK(nq_verify_known_count(n, &known_total, &known_fundamental) == 0 &&
              known_total == a000170[n] && known_fundamental == a002562[n],
          "n=%d: verify/'s table differs from the typed-in OEIS values", n);
  }
}

static void counts_match_oeis_every_kernel(int first, int last) {
  counts_match_oeis(first, last, NQ_COUNT_KERNEL_ROWS);
  counts_match_oeis(first, last, NQ_COUNT_KERNEL_AUTO);
  int vector = nq_count_kernel_available(NQ_COUNT_KERNEL_VECTOR, 16);
  int flags = cpu_lists_vector_flags();
  /* Where the processor has the instructions, the vector kernel must be
   * used: a wrong feature check must not silently drop it from the tests.
   * (Under valgrind, which hides AVX-512, only the CLI tests run.) */
  if (flags >= 0)
    CHECK(vector == flags, "vector kernel available %d, /proc/cpuinfo flags say %d", vector, flags);
  if (vector)
    counts_match_oeis(first, last, NQ_COUNT_KERNEL_VECTOR);
  else
    printf("test_count_classes: no AVX-512 VPOPCNTDQ here: vector kernel not tested\n");
  if (vector) {
    /* the kernels visit different trees: their node counts differ */
    nq_count_classes_result rows, by_vector;
    nq_count_classes_with(12, 1, NQ_COUNT_KERNEL_ROWS, &rows);
    nq_count_classes_with(12, 1, NQ_COUNT_KERNEL_VECTOR, &by_vector);
    CHECK(rows.nodes != by_vector.nodes, "n=12: both kernels placed %" PRIu64 " queens",
          rows.nodes);
  }
  nq_count_classes_result ignored;
  CHECK(nq_count_classes(0, 1, &ignored) == NQ_ERR_ARGUMENT, "n=0");
  CHECK(nq_count_classes(NQ_VERIFY_MAX_N + 1, 1, &ignored) == NQ_ERR_ARGUMENT, "n big");
  CHECK(nq_count_classes(8, -1, &ignored) == NQ_ERR_ARGUMENT, "threads -1");
  CHECK(nq_count_classes_with(NQ_COUNT_VECTOR_MAX_N + 1, 1, NQ_COUNT_KERNEL_VECTOR, &ignored) ==
            NQ_ERR_ARGUMENT,
        "vector kernel beyond its largest N");
  CHECK(!nq_count_kernel_available(NQ_COUNT_KERNEL_VECTOR, NQ_COUNT_VECTOR_MAX_N + 1),
        "vector kernel claims N beyond its largest");
  CHECK(nq_count_kernel_available(NQ_COUNT_KERNEL_ROWS, NQ_VERIFY_MAX_N), "rows kernel, max N");
  CHECK(nq_count_classes_with(8, 1, (nq_count_kernel)7, &ignored) == NQ_ERR_ARGUMENT,
        "unknown kernel");
}

/* Brute force: collect every solution, group by the set of its 8 images
 * built by hand here, and compare with nq_verify_canonical. */
typedef struct all_boards {
  int n;
  size_t count;
  int boards[800][10];
} all_boards;

static int keep_board(void *context, const int *columns, int n) {
  all_boards *all = context;
  memcpy(all->boards[all->count++], columns, (size_t)n * sizeof *columns);
  return 0;
}

static int contains(const all_boards *all, const int *columns) {
  for (size_t i = 0; i < all->count; i++)
    if (!memcmp(all->boards[i], columns, (size_t)all->n * sizeof *columns))
      return 1;
  return 0;
}

static void canonical_forms_group_the_solutions(void) {
  for (int n = 4; n <= 10; n++) {
    all_boards *all = calloc(1, sizeof *all);
    all->n = n;
    nq_verify_enumerate(n, keep_board, all);
    size_t representatives = 0, members = 0;
    for (size_t i = 0; i < all->count; i++) {
      int canonical[10];
      int size = nq_verify_canonical(all->boards[i], n, canonical);
      CHECK(size == 1 || size == 2 || size == 4 || size == 8, "n=%d size %d", n, size);
      CHECK(contains(all, canonical), "n=%d: canonical image is not a solution", n);
      CHECK(memcmp(canonical, all->boards[i], (size_t)n * sizeof(int)) <= 0 ||
                canonical[0] <= all->boards[i][0],
            "n=%d: canonical image larger than the board", n);
      /* the quarter turn by hand: queen (r, c) moves to (c, n-1-r) */
      int turned[10], turned_canonical[10];
      for (int r = 0; r < n; r++)
        turned[all->boards[i][r]] = n - 1 - r;
      CHECK(nq_verify_canonical(turned, n, turned_canonical) == size &&
                !memcmp(turned_canonical, canonical, (size_t)n * sizeof(int)),
            "n=%d: a board and its quarter turn have different classes", n);
      if (!memcmp(canonical, all->boards[i], (size_t)n * sizeof(int))) {
        representatives++;
        members += (size_t)size;
      }
    }
    CHECK(representatives == a002562[n], "n=%d: %zu classes, A002562 says %" PRIu64, n,
          representatives, a002562[n]);
    CHECK(members == all->count, "n=%d: class sizes sum to %zu, not %zu", n, members, all->count);
    free(all);
  }
  CHECK(nq_verify_canonical((int[]){0, 0, 1}, 3, (int[3]){0}) == 0, "not a permutation");
}

static uint64_t random_state = 12345;
static int random_below(int range) {
  random_state = random_state * 6364136223846793005ULL + 1442695040888963407ULL;
  return (int)((random_state >> 33) % (uint64_t)range);
}

static void linear_checker_agrees_with_pairwise(void) {
  int columns[12];
  char why[200], why_linear[200];
  for (int trial = 0; trial < 20000; trial++) {
    int n = 1 + random_below(12);
    for (int i = 0; i < n; i++)
      columns[i] = trial % 3 ? i : random_below(n + 1) - (trial % 7 == 0);
    for (int i = n - 1; i > 0 && trial % 3; i--) {
      int j = random_below(i + 1), swap = columns[i];
      columns[i] = columns[j], columns[j] = swap;
    }
    int pairwise = nq_verify_check_placement(columns, n, why, sizeof why);
    int linear = nq_verify_check_placement_linear(columns, n, why_linear, sizeof why_linear);
    CHECK(pairwise == linear, "trial %d n=%d: pairwise %d, linear %d (%s)", trial, n, pairwise,
          linear, why_linear);
  }
}

static int count_trace(void *context, const nq_trace_step *step) {
  int *events = context;
  events[step->event]++;
  return 0;
}

static void trace_reaches_every_solution(void) {
  for (int n = 1; n <= 8; n++) {
    int events[5] = {0};
    CHECK(nq_verify_trace(n, count_trace, events) == NQ_OK, "n=%d", n);
    CHECK((uint64_t)events[NQ_TRACE_SOLUTION] == a000170[n], "n=%d: trace found %d", n,
          events[NQ_TRACE_SOLUTION]);
    CHECK(events[NQ_TRACE_PLACE] == events[NQ_TRACE_REMOVE], "n=%d: placed %d, removed %d", n,
          events[NQ_TRACE_PLACE], events[NQ_TRACE_REMOVE]);
    CHECK(events[NQ_TRACE_CALL] == events[NQ_TRACE_PLACE] + 1, "n=%d: one call per queen", n);
  }
}

static void local_search_finds_valid_boards(void) {
  static const int sizes[] = {1, 4, 5, 6, 7, 8, 9, 10, 11, 12, 20, 50, 100, 1000, 5000};
  for (size_t i = 0; i < sizeof sizes / sizeof *sizes; i++) {
    for (uint64_t seed = 1; seed <= 5; seed++) {
      int n = sizes[i];
      int *columns = malloc((size_t)n * sizeof *columns);
      char why[200];
      nq_status status = nq_localsearch_solve(n, seed, 0, columns, NULL);
      CHECK(status == NQ_OK, "n=%d seed=%" PRIu64 ": %s", n, seed, nq_strerror(status));
      if (status == NQ_OK)
        CHECK(nq_verify_check_placement(columns, n, why, sizeof why), "n=%d seed=%" PRIu64 ": %s",
              n, seed, why);
      free(columns);
    }
  }
  int columns[3];
  CHECK(nq_localsearch_solve(2, 1, 0, columns, NULL) == NQ_ERR_UNSAT, "n=2");
  CHECK(nq_localsearch_solve(3, 1, 0, columns, NULL) == NQ_ERR_UNSAT, "n=3");
  CHECK(nq_localsearch_solve(0, 1, 0, columns, NULL) == NQ_ERR_ARGUMENT, "n=0");
  /* same seed, same board */
  int first[200], second[200];
  nq_localsearch_solve(200, 42, 0, first, NULL);
  nq_localsearch_solve(200, 42, 0, second, NULL);
  CHECK(!memcmp(first, second, sizeof first), "seed 42 gave two different boards");
}

int main(int argc, char **argv) {
  int first = argc > 2 ? atoi(argv[1]) : 1, last = argc > 2 ? atoi(argv[2]) : 13;
  if (first < 1 || last > 17 || first > last) {
    fprintf(stderr, "usage: test_count_classes FIRST LAST (1..17)\n");
    return 2;
  }
  counts_match_oeis_every_kernel(first, last);
  if (first == 1) {
    canonical_forms_group_the_solutions();
    linear_checker_agrees_with_pairwise();
    trace_reaches_every_solution();
    local_search_finds_valid_boards();
  }
  return check_report("test_count_classes");
}
