/* nqsat verify [N | A..B]: the cross-check. For each N, the SAT path (every
 * selected encoding) and the native solver enumerate all solutions; every SAT
 * solution is checked by the verifier's own placement checker, the solution
 * sets are compared, and both counts are compared with OEIS A000170. */
#include <getopt.h>
#include <inttypes.h>
#include <stdio.h>
#include <string.h>

#include "cli.h"
#include "nqsat/solver.h"
#include "nqsat/verify.h"

/* Full solution sets are kept up to this N (73,712 boards for N = 13);
 * beyond it only counts are compared. */
#define SET_COMPARISON_MAX_N 13

static void print_verify_help(void) {
  printf("usage: nqsat verify [N | A..B] [--amo ENCODING|all]\n"
         "\n"
         "Cross-checks the SAT path against the independent native solver for each N\n"
         "(default 1..10): every SAT solution is checked square by square, the two\n"
         "solution sets are compared (for N <= %d; counts beyond), and both counts\n"
         "are compared with OEIS A000170. Unique counts too (columns ending -u): each\n"
         "SAT solution is reduced to its smallest image under the 8 symmetries by the\n"
         "verifier, and the classes counted are compared with the native class\n"
         "counter ('nqsat count --unique') and OEIS A002562. Prints one row per N.\n"
         "\n"
         "  N | A..B        board sizes, each 1..%d\n"
         "  --amo ENCODING  encoding to check on the SAT path: pairwise, seq, ladder,\n"
         "                  commander, product, binary, bimander, or all (default)\n"
         "  --max-memory SIZE  refuse to start when the estimated memory exceeds SIZE\n"
         "                  (e.g. 512M, 4G; default half of physical RAM)\n"
         "  -h, --help      show this help\n"
         "\n"
         "Exit status 0 when everything agrees, 1 naming the first disagreement.\n",
         SET_COMPARISON_MAX_N, NQ_VERIFY_KNOWN_MAX_N);
}

typedef struct collector {
  nq_solution_set *set; /* NULL when only counting */
  uint64_t count;
  uint64_t unique; /* valid boards that are their class's smallest image */
  uint64_t invalid;
  char first_invalid[256];
  nq_status status;
} collector;

static int collect(void *context, const int *columns, int n) {
  collector *into = context;
  char why[200];
  into->count++;
  if (!nq_verify_check_placement(columns, n, why, sizeof why)) {
    if (!into->invalid++)
      snprintf(into->first_invalid, sizeof into->first_invalid, "%s", why);
  } else {
    /* Counting each class once, at its smallest image, gives the number of
     * fundamental solutions when the enumeration is complete (checked
     * against the totals) and every image is among the solutions. */
    int canonical[NQ_VERIFY_MAX_N];
    int size = nq_verify_canonical(columns, n, canonical);
    if (size < 0) {
      into->status = NQ_ERR_MEMORY;
      return 1;
    }
    into->unique += !memcmp(canonical, columns, (size_t)n * sizeof *columns);
  }
  if (into->set && nq_solution_set_add(into->set, columns) != NQ_OK) {
    into->status = NQ_ERR_MEMORY;
    return 1;
  }
  return 0;
}


/* Checks one N; returns 1 when everything agrees, else 0 with `why` set. */
static int verify_one(int n, const nq_amo *encodings, int encoding_count, int width, char *why,
                      size_t why_size) {
  uint64_t known = 0, known_unique = 0;
  nq_verify_known_count(n, &known, &known_unique);
  uint64_t sat_unique[NQ_AMO_COUNT] = {0};
  int keep_sets = n <= SET_COMPARISON_MAX_N;
  collector native = {.set = keep_sets ? nq_solution_set_new(n) : NULL};
  nq_status status = nq_verify_enumerate(n, collect, &native);
  int agrees = 1;
  if (status != NQ_OK || native.status != NQ_OK) {
    snprintf(why, why_size, "native solver: %s",
             nq_strerror(status != NQ_OK ? status : native.status));
    agrees = 0;
  }
  printf("%3d %*" PRIu64 " %*" PRIu64, n, width, known, width, native.count);
  if (agrees && native.count != known) {
    snprintf(why, why_size, "native solver counts %" PRIu64 ", OEIS A000170 says %" PRIu64,
             native.count, known);
    agrees = 0;
  }
  /* The fast class counter is a second native opinion, by another method. */
  nq_verify_counts classes = {0};
  status = nq_verify_count_classes(n, 0, &classes);
  if (agrees && status != NQ_OK) {
    snprintf(why, why_size, "native class counter: %s", nq_strerror(status));
    agrees = 0;
  } else if (agrees && (classes.total != known || classes.fundamental != known_unique)) {
    snprintf(why, why_size,
             "native class counter: %" PRIu64 " solutions, %" PRIu64
             " fundamental; OEIS A000170/A002562 say %" PRIu64 ", %" PRIu64,
             classes.total, classes.fundamental, known, known_unique);
    agrees = 0;
  } else if (agrees && native.unique != known_unique) {
    snprintf(why, why_size,
             "native enumeration has %" PRIu64 " classes, OEIS A002562 says %" PRIu64,
             native.unique, known_unique);
    agrees = 0;
  }
  for (int e = 0; e < encoding_count; e++) {
    const char *name = nq_amo_name(encodings[e]);
    collector sat = {.set = keep_sets ? nq_solution_set_new(n) : NULL};
    nq_encoding encoding = {.n = n, .amo = encodings[e]};
    status = nq_solver_enumerate_queens(&encoding, 0, NULL, collect, &sat, NULL);
    printf(" %*" PRIu64, width, sat.count);
    char difference[400];
    if (!agrees) {
      /* keep the first disagreement */
    } else if (status != NQ_OK || sat.status != NQ_OK) {
      snprintf(why, why_size, "SAT (%s): %s", name,
               nq_strerror(status != NQ_OK ? status : sat.status));
      agrees = 0;
    } else if (sat.invalid) {
      snprintf(why, why_size, "SAT (%s): %" PRIu64 " invalid solutions, first: %s", name,
               sat.invalid, sat.first_invalid);
      agrees = 0;
    } else if (sat.count != known) {
      snprintf(why, why_size, "SAT (%s) counts %" PRIu64 ", OEIS A000170 says %" PRIu64, name,
               sat.count, known);
      agrees = 0;
    } else if (keep_sets && !nq_solution_set_equal(sat.set, "SAT", native.set, "native",
                                                   difference, sizeof difference)) {
      snprintf(why, why_size, "SAT (%s): %s", name, difference);
      agrees = 0;
    } else if (sat.unique != known_unique) {
      snprintf(why, why_size,
               "SAT (%s) solutions fall into %" PRIu64 " classes, OEIS A002562 says %" PRIu64,
               name, sat.unique, known_unique);
      agrees = 0;
    }
    sat_unique[e] = sat.unique;
    nq_solution_set_free(sat.set);
  }
  nq_solution_set_free(native.set);
  printf(" %*" PRIu64 " %*" PRIu64, width, known_unique, width, classes.fundamental);
  for (int e = 0; e < encoding_count; e++)
    printf(" %*" PRIu64, width, sat_unique[e]);
  printf("  %-6s %s\n", keep_sets ? "sets" : "counts", agrees ? "ok" : "DISAGREE");
  fflush(stdout);
  return agrees;
}

int cmd_verify(int argc, char **argv) {
  static const struct option options[] = {{"amo", required_argument, NULL, 'a'},
                                          {"max-memory", required_argument, NULL, 'M'},
                                          {"help", no_argument, NULL, 'h'},
                                          {NULL, 0, NULL, 0}};
  nq_amo chosen[NQ_AMO_COUNT];
  int chosen_count = NQ_AMO_COUNT;
  uint64_t max_memory = 0; /* 0: default_memory_limit() */
  for (int amo = 0; amo < NQ_AMO_COUNT; amo++)
    chosen[amo] = (nq_amo)amo;
  optind = 1;
  opterr = 0;
  int code;
  while ((code = getopt_long(argc, argv, ":h", options, NULL)) != -1) {
    switch (code) {
    case 'a':
      if (!strcmp(optarg, "all")) {
        for (int amo = 0; amo < NQ_AMO_COUNT; amo++)
          chosen[amo] = (nq_amo)amo;
        chosen_count = NQ_AMO_COUNT;
      } else if (parse_amo("verify", optarg, 1, &chosen[0])) {
        return NQ_EXIT_USAGE;
      } else {
        chosen_count = 1;
      }
      break;
    case 'M':
      if (parse_memory_size("verify", optarg, &max_memory))
        return NQ_EXIT_USAGE;
      break;
    case 'h': print_verify_help(); return NQ_EXIT_OK;
    default: return report_bad_option("verify", code, argv);
    }
  }
  int first = 1, last = 10;
  if (argc - optind > 1)
    return usage_error("verify", "unexpected argument '%s'", argv[optind + 1]);
  if (optind < argc &&
      parse_range("verify", argv[optind], 1, NQ_VERIFY_KNOWN_MAX_N, &first, &last))
    return NQ_EXIT_USAGE;
  if (memory_budget_check_verify("verify", first, last, chosen, chosen_count,
                                 SET_COMPARISON_MAX_N, max_memory))
    return NQ_EXIT_FAILURE;

  /* Columns as wide as the largest count, and at least as the labels
   * ("commander" = 9; class labels are cut to fit, "command-u"). */
  uint64_t largest = 0;
  nq_verify_known_count(last, &largest, NULL);
  int width = 9;
  for (int digits = 1; largest >= 10; largest /= 10)
    if (++digits > width)
      width = digits;
  printf("%3s %*s %*s", "N", width, "OEIS", width, "native");
  for (int e = 0; e < chosen_count; e++)
    printf(" %*s", width, nq_amo_name(chosen[e]));
  printf(" %*s %*s", width, "OEIS-u", width, "native-u");
  for (int e = 0; e < chosen_count; e++) {
    char label[32];
    snprintf(label, sizeof label, "%.*s-u", width - 2, nq_amo_name(chosen[e]));
    printf(" %*s", width, label);
  }
  printf("  %-6s %s\n", "check", "result");
  int failures = 0;
  for (int n = first; n <= last; n++) {
    char why[512];
    if (!verify_one(n, chosen, chosen_count, width, why, sizeof why)) {
      failures++;
      fprintf(stderr, "nqsat verify: N = %d: %s\n", n, why);
    }
  }
  if (failures) {
    fprintf(stderr, "nqsat verify: %d of %d board sizes disagree\n", failures, last - first + 1);
    return NQ_EXIT_FAILURE;
  }
  printf("agreement for N = %d..%d: every SAT solution valid, solution sets equal to the native "
         "solver's, counts equal to OEIS A000170, classes (-u) equal to OEIS A002562\n",
         first, last);
  return NQ_EXIT_OK;
}
