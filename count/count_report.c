/* The count as `nqsat count`, --merge and nqsat-mpi print it, with the
 * comparison against the OEIS table the program passes (the verifier's).
 * Shared with nqsat-mpi, so it includes no more than count_jobs.h (exit
 * codes 0 and 1 as in cli.h). */
#include <inttypes.h>
#include <stdio.h>

#include "count_jobs.h"

int count_report(const char *program, int n, nq_count_method method, const nq_count_tally *tally,
                 int unique, int stats, double seconds, double cpu_seconds, const char *kernel,
                 count_known_fn known) {
  uint64_t total = nq_count_tally_total(n, tally);
  uint64_t fundamental = nq_count_tally_fundamental(tally);
  printf("%" PRIu64 "\n", unique ? fundamental : total);
  if (fflush(stdout) != 0 || ferror(stdout)) {
    fprintf(stderr, "%s: error: cannot write to standard output\n", program);
    return 1;
  }
  if (stats)
    fprintf(stderr,
            "%s: N = %d: %" PRIu64 " solutions, %" PRIu64 " fundamental, %" PRIu64
            " nodes, %.3f s, %.3f s CPU, %.3g nodes/s, method %s, kernel %s\n",
            program, n, total, fundamental, tally->work, seconds, cpu_seconds,
            seconds > 0 ? (double)tally->work / seconds : 0.0, nq_count_method_name(method),
            kernel);
  uint64_t known_total, known_fundamental;
  if (known(n, &known_total, &known_fundamental) != 0) {
    fprintf(stderr, "%s: note: N = %d is beyond the OEIS table: this count is unverified\n",
            program, n);
    return 0;
  }
  if (total != known_total || fundamental != known_fundamental) {
    fprintf(stderr,
            "%s: error: N = %d: counted %" PRIu64 " solutions, %" PRIu64
            " fundamental; OEIS A000170/A002562 say %" PRIu64 ", %" PRIu64 "\n",
            program, n, total, fundamental, known_total, known_fundamental);
    return 1;
  }
  return 0;
}
