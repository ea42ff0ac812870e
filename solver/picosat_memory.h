/* picosat_memory.h - internal to solver/: PicoSAT's memory model
 * (picosat_memory.c), shared by the N-Queens estimate and the DIMACS
 * enumeration's. Bytes are doubles until rounded, so no sum overflows. */
#ifndef NQSAT_PICOSAT_MEMORY_H
#define NQSAT_PICOSAT_MEMORY_H

#include <stdint.h>

/* The safety factor over the fitted peak. */
#define PICOSAT_MARGIN 1.5

/* One instance holding a formula of this size, before any blocking clause. */
double picosat_instance_bytes(double variables, double literals, double clauses);
/* `blocking_clauses` blocking clauses, each with `learned_bytes_each` of
 * the learned clauses that grow with the solutions found. */
double picosat_blocking_bytes(double blocking_clauses, double learned_bytes_each);
/* bytes as a uint64_t, UINT64_MAX when it does not fit. */
uint64_t picosat_bytes_rounded(double bytes);

#endif
