/* nqsat count N --estimate: placeholder, filled in below. */
#include "cli.h"
#include "count_jobs.h"

int count_estimate(int n, const nq_count_plan *plan, size_t sample, const volatile sig_atomic_t *stop) {
  (void)n, (void)plan, (void)sample, (void)stop;
  return runtime_error("count", "--estimate: not yet");
}
