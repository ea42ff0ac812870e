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
#include "verify_table.h"

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
         "in order, each as soon as it is done, then a summary with the total time;\n"
         "on a terminal, a progress line on stderr names the N, the stage and the\n"
         "time so far.\n"
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
         "  --amo ENCODING  encoding to check on the SAT path, one of:\n",
         VERIFY_SET_COMPARISON_MAX_N, VERIFY_SET_COMPARISON_MAX_N, NQ_VERIFY_KNOWN_MAX_N);
  char names[256];
  amo_name_list(names, sizeof names, ", ");
  strncat(names, ", or all (default)", sizeof names - strlen(names) - 1);
  print_wrapped("                  ", names);
  printf("  --plain         SAT path without split, symmetry or threads: one PicoSAT\n"
         "                  instance per encoding, a blocking clause per solution,\n"
         "                  every solution found by PicoSAT itself (much slower)\n"
         "  --threads T     worker threads of the SAT path and the class counter,\n"
         "                  1..%d (default: one per processor); with more than one,\n"
         "                  two stages (native, class counter, an encoding; of this N\n"
         "                  or the next) run at once; the table does not depend on it\n"
         "  --max-memory SIZE  refuse to start when the estimated memory exceeds SIZE\n"
         "                  (e.g. 512M, 4G; default half of physical RAM)\n"
         "  -h, --help      show this help\n"
         "\n"
         "Exit status 0 when everything agrees, 1 naming the first disagreement.\n",
         NQ_COUNT_MAX_THREADS);
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
      if (parse_bounded("verify", "--threads", optarg, 1, NQ_COUNT_MAX_THREADS, &value))
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
  if (optind < argc && parse_range("verify", argv[optind], 1, NQ_VERIFY_KNOWN_MAX_N, &first, &last))
    return NQ_EXIT_USAGE;
  if (memory_budget_check_verify("verify", first, last, run.encodings, run.encoding_count,
                                 VERIFY_SET_COMPARISON_MAX_N, run.plain, run.threads,
                                 verify_table_slots(run.plain, run.threads), max_memory))
    return NQ_EXIT_FAILURE;

  run.wrong_image_n = wrong_image_hook();
  run.show_progress = isatty(STDERR_FILENO);
  double start = clock_seconds(CLOCK_MONOTONIC);
  int failures = verify_table_print(&run, first, last);
  if (failures < 0)
    return runtime_error("verify", "%s", nq_strerror(NQ_ERR_MEMORY));
  double seconds = clock_seconds(CLOCK_MONOTONIC) - start;
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
