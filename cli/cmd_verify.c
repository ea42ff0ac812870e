/* nqsat verify [N | A..B]: the cross-check. For each N, the SAT path (every
 * selected encoding) and the native solver enumerate all solutions; every SAT
 * solution is checked by the verifier's own placement checker, the solution
 * sets are compared, and both counts are compared with OEIS A000170.
 *
 * The SAT column comes from the same enumeration as `solve N --all` (split,
 * symmetric, threaded) unless --plain asks for the one-instance loop. The
 * symmetric enumeration finds one member of each orbit with PicoSAT and
 * computes the others; the set comparison with the native solver's own list
 * is what would catch an image computed wrong (a board listed twice and
 * another missing), so it stays in full for N <= 13. */
#include <getopt.h>
#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "cli.h"
#include "clock.h"
#include "verify_sources.h"

/* Full solution sets are kept up to this N (73,712 boards for N = 13);
 * beyond it only counts are compared. */
#define SET_COMPARISON_MAX_N 13

static void print_verify_help(void) {
  printf("usage: nqsat verify [N | A..B] [--amo ENCODING|all] [--plain] [--threads T]\n"
         "\n"
         "Cross-checks the SAT path against the independent native solver for each N\n"
         "(default 1..10): every SAT solution is checked square by square, the two\n"
         "solution sets are compared (for N <= %d; counts beyond), and both counts\n"
         "are compared with OEIS A000170. Unique counts too (columns ending -u): each\n"
         "SAT solution is reduced to its smallest image under the 8 symmetries by the\n"
         "verifier, and the classes counted are compared with the native class\n"
         "counter ('nqsat count --unique') and OEIS A002562. Prints one row per N\n"
         "as soon as it is done, then a summary with the total time; on a terminal,\n"
         "a progress line on stderr names the N, the stage and the time so far.\n"
         "\n"
         "The SAT solutions come from the enumeration of 'nqsat solve N --all': the\n"
         "board split into sub-problems on threads, PicoSAT finding one solution of\n"
         "each orbit under the 8 symmetries and the solver computing the other\n"
         "members (its symmetry images). Those images are checked like every other\n"
         "solution, and a wrong one would be a valid board listed twice while\n"
         "another is missing: the comparison with the native solver's own set\n"
         "catches it (for N <= %d; beyond, the counts and classes must still agree).\n"
         "--plain checks the mechanism without these speed-ups instead.\n"
         "\n"
         "  N | A..B        board sizes, each 1..%d\n"
         "  --amo ENCODING  encoding to check on the SAT path: pairwise, seq, ladder,\n"
         "                  commander, product, binary, bimander, or all (default)\n"
         "  --plain         SAT path without split, symmetry or threads: one PicoSAT\n"
         "                  instance per encoding, a blocking clause per solution,\n"
         "                  every solution found by PicoSAT itself (much slower)\n"
         "  --threads T     worker threads of the SAT path and the class counter,\n"
         "                  1..256 (default: one per processor); the table does not\n"
         "                  depend on it\n"
         "  --max-memory SIZE  refuse to start when the estimated memory exceeds SIZE\n"
         "                  (e.g. 512M, 4G; default half of physical RAM)\n"
         "  -h, --help      show this help\n"
         "\n"
         "Exit status 0 when everything agrees, 1 naming the first disagreement.\n",
         SET_COMPARISON_MAX_N, SET_COMPARISON_MAX_N, NQ_VERIFY_KNOWN_MAX_N);
}

typedef struct verify_run {
  nq_amo encodings[NQ_AMO_COUNT];
  int encoding_count;
  int plain;
  int threads; /* 0: one per processor */
  int width;   /* of each count column */
  int wrong_image_n; /* the test hook's board size, 0: off */
  verify_progress progress;
} verify_run;

/* Checks one encoding's SAT solutions against the native set and the known
 * counts; returns 1 when all agree, else 0 with `why` set. */
static int check_sat(const verify_run *run, nq_amo amo, const verify_collector *sat,
                     nq_status status, const nq_enumeration *result, nq_solution_set *native_set,
                     uint64_t known, uint64_t known_unique, char *why, size_t why_size) {
  const char *name = nq_amo_name(amo);
  char difference[400];
  if (status != NQ_OK || sat->status != NQ_OK) {
    snprintf(why, why_size, "SAT (%s): %s", name,
             nq_strerror(status != NQ_OK ? status : sat->status));
  } else if (sat->invalid) {
    snprintf(why, why_size, "SAT (%s): %" PRIu64 " invalid solutions, first: %s", name,
             sat->invalid, sat->first_invalid);
  } else if (sat->count != known) {
    snprintf(why, why_size, "SAT (%s) counts %" PRIu64 ", OEIS A000170 says %" PRIu64, name,
             sat->count, known);
  } else if (native_set && !nq_solution_set_equal(sat->set, "SAT", native_set, "native",
                                                  difference, sizeof difference)) {
    snprintf(why, why_size, "SAT (%s): %s", name, difference);
  } else if (sat->unique != known_unique) {
    snprintf(why, why_size,
             "SAT (%s) solutions fall into %" PRIu64 " classes, OEIS A002562 says %" PRIu64, name,
             sat->unique, known_unique);
  } else if (!run->plain && result->fundamental != sat->unique) {
    /* The solver's own orbit count, a third opinion on the classes. */
    snprintf(why, why_size,
             "SAT (%s) solver counted %" PRIu64 " orbits, its solutions fall into %" PRIu64
             " classes",
             name, result->fundamental, sat->unique);
  } else {
    return 1;
  }
  return 0;
}

/* Checks one N; returns 1 when everything agrees, else 0 with `why` set. */
static int verify_one(verify_run *run, int n, char *why, size_t why_size) {
  int width = run->width, stages = 2 + run->encoding_count;
  uint64_t known = 0, known_unique = 0;
  nq_verify_known_count(n, &known, &known_unique);
  uint64_t sat_count[NQ_AMO_COUNT] = {0}, sat_unique[NQ_AMO_COUNT] = {0};
  int keep_sets = n <= SET_COMPARISON_MAX_N;
  verify_collector native = {.set = keep_sets ? nq_solution_set_new(n) : NULL,
                             .progress = &run->progress};
  verify_progress_stage(&run->progress, n, "native", 1, stages);
  nq_status status = verify_source_native(n, &native);
  int agrees = 1;
  if (status != NQ_OK || native.status != NQ_OK) {
    snprintf(why, why_size, "native solver: %s",
             nq_strerror(status != NQ_OK ? status : native.status));
    agrees = 0;
  } else if (native.count != known) {
    snprintf(why, why_size, "native solver counts %" PRIu64 ", OEIS A000170 says %" PRIu64,
             native.count, known);
    agrees = 0;
  }
  /* The fast class counter is a second native opinion, by another method. */
  verify_progress_stage(&run->progress, n, "class counter", 2, stages);
  nq_verify_counts classes = {0};
  status = nq_verify_count_classes(n, run->threads, &classes);
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
  for (int e = 0; e < run->encoding_count; e++) {
    nq_encoding encoding = {.n = n, .amo = run->encodings[e]};
    verify_collector sat = {.set = keep_sets ? nq_solution_set_new(n) : NULL,
                            .progress = &run->progress,
                            .wrong_image = !run->plain && n == run->wrong_image_n};
    verify_progress_stage(&run->progress, n, nq_amo_name(encoding.amo), 3 + e, stages);
    nq_enumeration result;
    status = verify_source_sat(&encoding, run->plain, run->threads, &sat, &result);
    /* keep the first disagreement */
    if (agrees && !check_sat(run, encoding.amo, &sat, status, &result,
                             keep_sets ? native.set : NULL, known, known_unique, why, why_size))
      agrees = 0;
    sat_count[e] = sat.count;
    sat_unique[e] = sat.unique;
    nq_solution_set_free(sat.set);
  }
  nq_solution_set_free(native.set);
  verify_progress_clear(&run->progress);
  printf("%3d %*" PRIu64 " %*" PRIu64, n, width, known, width, native.count);
  for (int e = 0; e < run->encoding_count; e++)
    printf(" %*" PRIu64, width, sat_count[e]);
  printf(" %*" PRIu64 " %*" PRIu64, width, known_unique, width, classes.fundamental);
  for (int e = 0; e < run->encoding_count; e++)
    printf(" %*" PRIu64, width, sat_unique[e]);
  printf("  %-6s %s\n", keep_sets ? "sets" : "counts", agrees ? "ok" : "DISAGREE");
  fflush(stdout);
  return agrees;
}

static void print_header(const verify_run *run) {
  int width = run->width;
  printf("%3s %*s %*s", "N", width, "OEIS", width, "native");
  for (int e = 0; e < run->encoding_count; e++)
    printf(" %*s", width, nq_amo_name(run->encodings[e]));
  printf(" %*s %*s", width, "OEIS-u", width, "native-u");
  for (int e = 0; e < run->encoding_count; e++) {
    char label[32];
    snprintf(label, sizeof label, "%.*s-u", width - 2, nq_amo_name(run->encodings[e]));
    printf(" %*s", width, label);
  }
  printf("  %-6s %s\n", "check", "result");
}

/* Columns as wide as the largest count, and at least as the labels
 * ("commander" = 9; class labels are cut to fit, "command-u"). */
static int column_width(int last) {
  uint64_t largest = 0;
  nq_verify_known_count(last, &largest, NULL);
  int width = 9;
  for (int digits = 1; largest >= 10; largest /= 10)
    if (++digits > width)
      width = digits;
  return width;
}

/* NQSAT_TEST_WRONG_IMAGE=N: at board size N, the fast SAT path reports one
 * symmetry image wrong (verify_sources.h), so the tests can show that the
 * set comparison catches it. Not documented for users: it only breaks. */
static int wrong_image_hook(void) {
  const char *text = getenv("NQSAT_TEST_WRONG_IMAGE");
  return text ? atoi(text) : 0;
}

int cmd_verify(int argc, char **argv) {
  enum { OPT_PLAIN = 256, OPT_THREADS };
  static const struct option options[] = {{"amo", required_argument, NULL, 'a'},
                                          {"plain", no_argument, NULL, OPT_PLAIN},
                                          {"threads", required_argument, NULL, OPT_THREADS},
                                          {"max-memory", required_argument, NULL, 'M'},
                                          {"help", no_argument, NULL, 'h'},
                                          {NULL, 0, NULL, 0}};
  verify_run run = {.encoding_count = NQ_AMO_COUNT};
  uint64_t max_memory = 0; /* 0: default_memory_limit() */
  for (int amo = 0; amo < NQ_AMO_COUNT; amo++)
    run.encodings[amo] = (nq_amo)amo;
  optind = 1;
  opterr = 0;
  int code;
  int64_t value;
  while ((code = getopt_long(argc, argv, ":h", options, NULL)) != -1) {
    switch (code) {
    case 'a':
      if (!strcmp(optarg, "all")) {
        for (int amo = 0; amo < NQ_AMO_COUNT; amo++)
          run.encodings[amo] = (nq_amo)amo;
        run.encoding_count = NQ_AMO_COUNT;
      } else if (parse_amo("verify", optarg, 1, &run.encodings[0])) {
        return NQ_EXIT_USAGE;
      } else {
        run.encoding_count = 1;
      }
      break;
    case OPT_PLAIN: run.plain = 1; break;
    case OPT_THREADS:
      if (parse_bounded("verify", "--threads", optarg, 1, 256, &value))
        return NQ_EXIT_USAGE;
      run.threads = (int)value;
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
  if (memory_budget_check_verify("verify", first, last, run.encodings, run.encoding_count,
                                 SET_COMPARISON_MAX_N, run.plain, run.threads, max_memory))
    return NQ_EXIT_FAILURE;

  run.width = column_width(last);
  run.wrong_image_n = wrong_image_hook();
  run.progress.shown = isatty(STDERR_FILENO);
  run.progress.run_start = clock_seconds(CLOCK_MONOTONIC);
  print_header(&run);
  int failures = 0;
  for (int n = first; n <= last; n++) {
    char why[512];
    if (!verify_one(&run, n, why, sizeof why)) {
      failures++;
      fprintf(stderr, "nqsat verify: N = %d: %s\n", n, why);
    }
  }
  double seconds = clock_seconds(CLOCK_MONOTONIC) - run.progress.run_start;
  if (failures) {
    fprintf(stderr, "nqsat verify: %d of %d board sizes disagree (%.1f s)\n", failures,
            last - first + 1, seconds);
    return NQ_EXIT_FAILURE;
  }
  printf("agreement for N = %d..%d in %.1f s: every SAT solution valid, solution sets equal to "
         "the native solver's, counts equal to OEIS A000170, classes (-u) equal to OEIS "
         "A002562\n",
         first, last, seconds);
  return NQ_EXIT_OK;
}
