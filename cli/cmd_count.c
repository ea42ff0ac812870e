/* nqsat count N: the native backtracking solver's count. */
#include <getopt.h>
#include <inttypes.h>

#include "cli.h"
#include "nqsat/verify.h"

static void print_count_help(void) {
  printf("usage: nqsat count N\n"
         "\n"
         "Counts all solutions with the verifier's native backtracking solver\n"
         "(no SAT involved) and prints the number.\n"
         "\n"
         "  N           board size, 1..%d\n"
         "  -h, --help  show this help\n",
         NQ_VERIFY_MAX_N);
}

int cmd_count(int argc, char **argv) {
  static const struct option options[] = {{"help", no_argument, NULL, 'h'}, {NULL, 0, NULL, 0}};
  optind = 1;
  opterr = 0;
  int code;
  while ((code = getopt_long(argc, argv, ":h", options, NULL)) != -1) {
    if (code == 'h') {
      print_count_help();
      return NQ_EXIT_OK;
    }
    return report_bad_option("count", code, argv);
  }
  if (optind == argc)
    return usage_error("count", "missing N");
  if (argc - optind > 1)
    return usage_error("count", "unexpected argument '%s'", argv[optind + 1]);
  int64_t n;
  if (parse_bounded("count", "N", argv[optind], 1, NQ_VERIFY_MAX_N, &n))
    return NQ_EXIT_USAGE;
  uint64_t total;
  nq_status status = nq_verify_count((int)n, &total);
  if (status != NQ_OK)
    return runtime_error("count", "%s", nq_strerror(status));
  printf("%" PRIu64 "\n", total);
  return NQ_EXIT_OK;
}
