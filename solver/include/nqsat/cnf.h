/* nqsat/cnf.h - reading DIMACS CNF written by anyone.
 *
 * The reader accepts plain or gzip-compressed DIMACS (told apart by the
 * gzip magic bytes 1f 8b, never by the file name) and has no line-length
 * limit: tokens are read from a byte stream, so a clause of millions of
 * literals on one line or a comment of any length is fine.
 *
 * Accepted: comment lines ("c ...") anywhere, also between the literals of
 * a clause that spans lines; clauses across lines; the empty clause; zero
 * clauses; SATLIB's end marker (a line starting with '%' ends the formula).
 * Rejected with NQ_ERR_PARSE and "NAME:LINE: problem" in `error`: a missing
 * or malformed "p cnf V C" line, negative or overflowing counts, a
 * non-numeric token, a literal whose variable exceeds V (or 2^31 - 1), more
 * or fewer clauses than C, a last clause without its terminating 0, NUL
 * bytes, an empty input, truncated or corrupt gzip data.
 *
 * Comment lines the reader understands:
 *   "c ind V... 0" and "c p show V... 0" (any number of each, possibly
 *       several lines): the projection set for projected enumeration;
 *   "c generator: nqsat ..." and "c N: n": the file is an nqsat N-Queens
 *       instance whose queen (r, c) is variable r*n + c + 1 ...
 *   "c model: rows" and "c csp: NAME": ... unless the file states the rows
 *       model, whose variables are numbered as nqsat/encoder.h says for
 *       that CSP encoding (direct, support, order, log) ...
 *   "c nqsat map ORIG NEW [ORIG NEW ...]": ... and unless a map renames
 *       them: queen (or rows-model) variable ORIG is variable NEW in this
 *       file (shuffled files).
 *
 * Ownership: a successful read returns a nq_cnf the caller owns and
 * releases with nq_cnf_free(); its arrays belong to it. */
#ifndef NQSAT_CNF_H
#define NQSAT_CNF_H

#include <signal.h>
#include <stddef.h>
#include <stdint.h>

#include "nqsat/encoder.h"
#include "nqsat/status.h"

typedef struct nq_cnf {
  int variables;        /* V from the header */
  int max_variable;     /* largest variable in a clause or the projection */
  int64_t clause_count; /* C from the header, equal to the clauses read */
  int *literals;        /* all clauses, each ended by a 0 */
  size_t literal_count; /* entries in `literals`, the 0s included */
  int has_projection;   /* a "c ind" or "c p show" line was present */
  int *projection;      /* sorted, without duplicates */
  size_t projection_count;
  int queens_n;         /* board size of an nqsat instance, 0 for other files */
  int *queen_variables; /* matrix model: [queens_n^2]: variable of queen r*n + c, or NULL */
  /* Rows model ("c model: rows"): its nq_csp, the variables per row, and
   * [queens_n * rows_width]: the variable in this file of rows-model
   * variable r*rows_width + k + 1. rows_variables is NULL otherwise. */
  int rows_csp;
  int rows_width;
  int *rows_variables;
} nq_cnf;

/* Reads `path`, or standard input when `path` is "-". `error` receives
 * "PATH:LINE: problem" (or "PATH: reason" for I/O errors, NQ_ERR_IO). */
nq_status nq_cnf_read_path(const char *path, nq_cnf **cnf, char *error, size_t error_size);

/* nq_cnf_read_path that looks at *stop (when not NULL) as it reads and,
 * once it is nonzero, gives up with NQ_ERR_INTERRUPTED ("PATH: stopped
 * while reading (line L)"): a signal handler's or a deadline's flag, so a
 * stop during a long read is prompt, also while a pipe's writer stalls. */
nq_status nq_cnf_read_path_until(const char *path, const volatile sig_atomic_t *stop, nq_cnf **cnf,
                                 char *error, size_t error_size);

/* The same reader on a memory buffer (for tests and fuzzing); `name` is
 * used in messages. `data` is borrowed for the call. */
nq_status nq_cnf_read_memory(const void *data, size_t size, const char *name, nq_cnf **cnf,
                             char *error, size_t error_size);

/* Reads the board out of a model of an nqsat instance (queens_n > 0, either
 * model): values[v] is 1 (true) or 0 for v = 1..variables; variables past
 * `variables` count as false. Fills columns[0..queens_n-1] (0-based) and
 * returns 0, or returns -1 with a reason in `why` when the model is no
 * board: a row with no queen or two (matrix, direct, support), a broken
 * ladder (order) or a value above N (log). */
int nq_cnf_decode_board(const nq_cnf *cnf, const signed char *values, int variables, int *columns,
                        char *why, size_t why_size);

/* Releases `cnf`; accepts NULL. */
void nq_cnf_free(nq_cnf *cnf);

#endif
