/* Building a benchmark suite (`nqsat suite DIR`): instance files with a
 * manifest of their GBD hashes and ground truth (suite_build.c). */
#ifndef NQSAT_SUITE_H
#define NQSAT_SUITE_H

#include <stdint.h>

#include "nqsat/encoder.h"

enum { SUITE_MAX_LIST = 64, SUITE_MAX_N = 1000 };
#define SUITE_DEFAULT_MAX_NODES UINT64_C(100000000)
#define SUITE_DEFAULT_MAX_CLAUSES INT64_C(1000000)

typedef struct suite_request {
  const char *directory;
  int sizes[SUITE_MAX_LIST], size_count;
  nq_amo encodings[NQ_AMO_COUNT];
  int encoding_count;
  int cnf, opb, shuffle, gzip, parsimonious, force;
  int completion_sizes[SUITE_MAX_LIST], completion_size_count;
  int completions; /* per size */
  int unsat_percent;
  int queens_percent; /* 0: adaptive */
  nq_amo completion_encoding;
  uint64_t seed, max_nodes;
  int64_t max_clauses;
  int families; /* also the chessboard families (suite_families.c) */
  /* `nqsat encode` as a function of its argv (argv[0] "encode"): each
   * instance is written by the very command line the manifest records, so
   * that line remakes the file byte for byte. */
  int (*encode_command)(int argc, char **argv);
} suite_request;

/* Writes every instance of the request into its directory, then
 * manifest.csv and manifest.json. Returns the exit code (0; 1 after an
 * error said on stderr; 130 when interrupted, with no manifest written). */
int suite_build(const suite_request *request);

#endif
