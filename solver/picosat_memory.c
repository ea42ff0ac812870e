/* PicoSAT's memory, estimated before a run so that --max-memory can refuse
 * it rather than the kernel kill it half-way: the one model both the
 * N-Queens solver (nq_solver_memory_estimate) and the DIMACS enumeration
 * (nq_cnf_plan_memory_estimate, cnf_enumerate.c) charge.
 *
 * The model was fitted to picosat_max_bytes_allocated() after solving the
 * N-Queens formula (PicoSAT 965, Debian 12): N = 10..150 pairwise and
 * N = 10..100 seq peaked at 12-17 bytes per literal for binary-heavy
 * formulas (two implication entries plus a clause pointer each), and the
 * search (learned clauses, trail, watch and heap stacks) added up to about
 * 1 KiB per variable. Enumeration costs more than its blocking clauses: the
 * learned clauses grow with the solutions found, and the peak resident size
 * of `nqsat solve N --count` (N = 9..12, both encodings) grew by 0.9-1.6 KiB
 * per solution. So an instance is charged
 *     1 MiB + 1104 B per variable + 12 B per literal + 8 B per clause,
 * a blocking clause 512 B plus its share of the learned clauses, and the
 * sum times 1.5; measured peaks were 1.1 to 3 times below it. */
#include "picosat_memory.h"

#include "nqsat/solver.h"

double picosat_instance_bytes(double variables, double literals, double clauses) {
  return 1048576.0 + 1104.0 * variables + 12.0 * literals + 8.0 * clauses;
}

double picosat_blocking_bytes(double blocking_clauses, double learned_bytes_each) {
  return (512.0 + learned_bytes_each) * blocking_clauses;
}

uint64_t picosat_bytes_rounded(double bytes) {
  return bytes >= 1.8e19 ? UINT64_MAX : (uint64_t)bytes;
}

uint64_t nq_solver_memory_estimate(const nq_formula_size *size, int n, int instances,
                                   uint64_t blocking_clauses) {
  /* For N-Queens the learned clauses per solution grew as 64 B per row. */
  double one = picosat_instance_bytes((double)size->variables, (double)size->literals,
                                      (double)size->clauses);
  double bytes = one * (instances > 1 ? instances : 1) +
                 picosat_blocking_bytes((double)blocking_clauses, 64.0 * n);
  return picosat_bytes_rounded(PICOSAT_MARGIN * bytes);
}

uint64_t nq_solver_symmetric_blocking_clauses(int n, int instances, uint64_t solutions) {
  /* Each sub-problem (a prefix of the first split rows) is its own
   * instance, freed when it is done, holding the orbits' images of its own
   * solutions: about solutions / prefixes, times the 8 images, per
   * instance. */
  uint64_t prefixes = 1;
  for (int row = 0; row < nq_solver_split_rows(n); row++)
    prefixes *= n - 3 * row > 1 ? (uint64_t)(n - 3 * row) : 1;
  uint64_t held = (solutions / prefixes + 1) * 8 * (uint64_t)(instances > 1 ? instances : 1);
  return held < solutions ? held : solutions;
}
