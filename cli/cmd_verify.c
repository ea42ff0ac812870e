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
#include "nqsat/chess.h"
#include "verify_certify.h"
#include "verify_families.h"
#include "verify_table.h"

static void print_verify_help(void) {
  printf("usage: nqsat verify [N | A..B] [--amo ENCODING|all] [--plain] [--threads T] [--certify]\n"
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
         "  --certify       then certify the counts of N <= 10 in each encoding\n"
         "                  ('solve FILE --count --certificate', checked as 'check\n"
         "                  --certificate' does: cubes, disjoint, an LRAT proof that\n"
         "                  no other model exists) and the UNSAT of N = 2, 3 and of\n"
         "                  three completion instances without a solution\n"
         "  -h, --help      show this help\n"
         "\n"
         "Exit status 0 when everything agrees, 1 naming the first disagreement.\n",
         NQ_COUNT_MAX_THREADS);
  printf("\n"
         "  --family NAME   a chessboard family instead (default N = 1..7): toroidal,\n"
         "                  super (counts: native, OEIS, every encoding's model count),\n"
         "                  colour, dominate, dominate-independent (the native proved\n"
         "                  optimum K, OEIS, every encoding SAT at K and UNSAT at K-1)\n"
         "  --native-only   with --family: the native answer and OEIS only, timed\n");
}

/* NQSAT_TEST_WRONG_IMAGE=N: at board size N, the fast SAT path reports one
 * symmetry image wrong (verify_sources.h), so the tests can show that the
 * set comparison catches it. Not documented for users: it only breaks. */
static int wrong_image_hook(void) {
  const char *text = getenv("NQSAT_TEST_WRONG_IMAGE");
  return text ? atoi(text) : 0;
}

/* --family: the chessboard families' rows (verify_families.c), N = 1..7
 * unless a range is given. */
static int verify_families(nq_problem family, const verify_run *run, const char *range) {
  verify_family_run family_run = {.problem = family,
                                  .encoding_count = run->encoding_count,
                                  .threads = run->threads ? run->threads : 2};
  memcpy(family_run.encodings, run->encodings, sizeof family_run.encodings);
  int graph = family == NQ_PROBLEM_COLOUR || family == NQ_PROBLEM_DOMINATE ||
              family == NQ_PROBLEM_DOMINATE_INDEPENDENT;
  int first = 1, last = 7;
  if (range && parse_range("verify", range, 1, graph ? NQ_CHESS_MAX_GRAPH_N : NQ_CHESS_MAX_COUNT_N,
                           &first, &last))
    return NQ_EXIT_USAGE;
  int failures = verify_families_print(&family_run, first, last);
  if (failures < 0)
    return runtime_error("verify", "a search or a temporary file failed");
  if (failures) {
    fprintf(stderr, "nqsat verify: %d of %d board sizes disagree\n", failures, last - first + 1);
    return NQ_EXIT_FAILURE;
  }
  /* Name only what ran: --native-only runs no encoding, --amo NAME one. */
  if (family_run.encoding_count == 0)
    printf("agreement for N = %d..%d: native and OEIS (no encoding run)\n", first, last);
  else if (family_run.encoding_count == 1)
    printf("agreement for N = %d..%d: native, OEIS and %s\n", first, last,
           nq_amo_name(family_run.encodings[0]));
  else
    printf("agreement for N = %d..%d: native, OEIS and every encoding\n", first, last);
  return NQ_EXIT_OK;
}

int cmd_verify(int argc, char **argv) {
  enum { OPT_PLAIN = 256, OPT_THREADS, OPT_CERTIFY, OPT_FAMILY, OPT_NATIVE_ONLY };
  static const struct option options[] = {{"amo", required_argument, NULL, 'a'},
                                          {"plain", no_argument, NULL, OPT_PLAIN},
                                          {"threads", required_argument, NULL, OPT_THREADS},
                                          {"max-memory", required_argument, NULL, 'M'},
                                          {"certify", no_argument, NULL, OPT_CERTIFY},
                                          {"family", required_argument, NULL, OPT_FAMILY},
                                          {"native-only", no_argument, NULL, OPT_NATIVE_ONLY},
                                          {"help", no_argument, NULL, 'h'},
                                          {NULL, 0, NULL, 0}};
  verify_run run = {.encoding_count = NQ_AMO_COUNT};
  uint64_t max_memory = 0; /* 0: default_memory_limit() */
  int certify = 0;
  nq_problem family = NQ_PROBLEM_QUEENS;
  int native_only = 0;
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
    case OPT_CERTIFY: certify = 1; break;
    case OPT_THREADS:
      if (parse_bounded("verify", "--threads", optarg, 1, NQ_COUNT_MAX_THREADS, &value))
        return NQ_EXIT_USAGE;
      run.threads = (int)value;
      break;
    case OPT_NATIVE_ONLY: native_only = 1; break;
    case OPT_FAMILY:
      if (nq_problem_from_name(optarg, &family) || family == NQ_PROBLEM_QUEENS)
        return usage_error("verify",
                           "unknown family '%s' for --family (toroidal, super, "
                           "colour, dominate, dominate-independent)",
                           optarg);
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
  if (native_only && family == NQ_PROBLEM_QUEENS)
    return usage_error("verify", "--native-only applies to --family only");
  if (family != NQ_PROBLEM_QUEENS) {
    if (native_only)
      run.encoding_count = 0;
    return verify_families(family, &run, optind < argc ? argv[optind] : NULL);
  }
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
  if (certify)
    failures += verify_certify_print(run.encodings, run.encoding_count, first, last);
  double seconds = clock_seconds(CLOCK_MONOTONIC) - start;
  if (failures) {
    fprintf(stderr, "nqsat verify: %d of %d board sizes disagree (%.1f s)\n", failures,
            last - first + 1, seconds);
    return NQ_EXIT_FAILURE;
  }
  printf("agreement for N = %d..%d in %.1f s: every SAT solution valid, solution sets equal to "
         "the native solver's, counts equal to OEIS A000170, classes (-u) equal to OEIS "
         "A002562%s\n",
         first, last, seconds,
         certify ? "; counts up to N = 10 and UNSAT completions certified" : "");
  return NQ_EXIT_OK;
}
