/* nqsat/instance.h - an nqsat instance file as the verifier reads it.
 *
 * The verifier decodes instance files on its own (nothing here shares code
 * with solver/cnf_reader.c or the encoder): DIMACS CNF or OPB, plain or
 * gzip (told apart by content, never by name). The header comment lines
 * that describe the instance are documented in docs/harness.md; the ones
 * read here are
 *   c N: n                                  (OPB: "* N: n")
 *   c nqsat map ORIG NEW ...                 the renaming of a shuffled file
 *   c placed queens (row,column from 1): r,c ...
 *   c random queens (row,column from 1): r,c ...
 *   c blocked squares (row,column from 1): r,c ...
 *   * random queen (seed S): row r, column c   (OPB)
 *   c models: parsimonious ...               models are the boards
 *   c t mc | c t pmc                         Model Counting Competition type
 *   c encoding: ..., c command: ...          shown, not interpreted
 *   c nqsat model: NAME                      how variables encode the board
 *                                            ("queens" when absent)
 *   c model: rows, c csp: ENCODING           the rows model (nqsat encode
 *                                            --model rows --csp ENCODING):
 *                                            its numbering (nqsat/verify.h)
 * and the problem line "p cnf V C" (OPB: "* #variable= V #constraint= C").
 *
 * Ownership: nq_instance_read returns an instance the caller owns and
 * releases with nq_instance_free (which accepts NULL). Everything passed in
 * is borrowed for the call. */
#ifndef NQSAT_INSTANCE_H
#define NQSAT_INSTANCE_H

#include <signal.h>
#include <stddef.h>
#include <stdint.h>

#include "nqsat/status.h"
#include "nqsat/verify.h"

typedef enum nq_instance_format { NQ_INSTANCE_CNF = 1, NQ_INSTANCE_OPB = 2 } nq_instance_format;

/* Largest board the instance reader accepts (the encoder's limit). */
#define NQ_INSTANCE_MAX_N 20000

typedef struct nq_instance {
  nq_instance_format format;
  int n;             /* board size; 0 for a formula without a board */
  int64_t variables; /* declared in the problem line */
  int64_t clauses;   /* declared clauses (CNF) or constraints (OPB) */
  /* How the variables make the board: NQ_VERIFY_MATRIX (model "queens"),
   * or the rows model under one of its CSP encodings. */
  nq_verify_numbering numbering;
  /* The file's variable for each variable of the numbering, k = 0 ..
   * nq_verify_numbering_variables(numbering, n) - 1: k + 1 unless a map
   * renames it. For the matrix numbering, queen_variable[r*n + c] is true
   * when a queen stands at row r, column c (0-based). */
  int *queen_variable;
  int shuffled;             /* a "c nqsat map" was present */
  nq_verify_square *placed; /* placed and random queens */
  int placed_count;
  nq_verify_square *blocked;
  int blocked_count;
  int parsimonious;   /* the header says one model per board */
  char count_type[8]; /* "mc", "pmc" from "c t", or "" */
  char model[32];     /* "queens" unless "c nqsat model:" says otherwise;
                       * "rows ENCODING" for the rows model */
  char *encoding;     /* the "c encoding:" text, or NULL */
  char *command;      /* the "c command:" text, or NULL */
  /* The projection a CNF declares ("c p show V... 0", "c ind V... 0",
   * anywhere in the file; repeats allowed): the variables whose values make a
   * model. NULL when none is declared (then every declared variable). */
  int *projection;
  size_t projection_count, projection_capacity;
  long projection_line;
  /* nq_instance_read_formula: why header lines about a board were set
   * aside (they contradict the problem line or each other), or "". */
  char board_note[240];
} nq_instance;

/* Reads the header of `path` (the lines before the first clause or
 * constraint). NQ_ERR_IO for a file that cannot be opened or read,
 * NQ_ERR_PARSE for malformed data or a file that is not an nqsat instance
 * (no N line, a map that is not a permutation of the queen variables, a
 * square off the board); `error` then holds "PATH:LINE: problem". */
nq_status nq_instance_read(const char *path, nq_instance **instance, char *error,
                           size_t error_size);
/* nq_instance_read that also takes a formula with no board: a file without
 * the 'N:' line (any DIMACS CNF or OPB) is read with n = 0, no queen
 * variables, no squares. Answers to it are judged on the formula alone
 * (every model must satisfy it), and its truth comes from the caller
 * (nq_truth_source in nqsat/answer.h): the verifier has no search for
 * arbitrary formulas. */
nq_status nq_instance_read_formula(const char *path, nq_instance **instance, char *error,
                                   size_t error_size);
void nq_instance_free(nq_instance *instance);
/* Makes `instance` a formula without a board (n = 0, no squares, no
 * queen variables): for a header whose claims were not proven. */
void nq_instance_forget_board(nq_instance *instance);

/* ---- The formula, streamed -------------------------------------------------
 * A term of an OPB constraint: coefficient * literal, where the literal is
 * variable `variable` or, when `negated`, its complement (~x). */
typedef struct nq_pb_term {
  int64_t coefficient;
  int variable;
  int negated;
} nq_pb_term;

/* Receives the formula in file order. For CNF `clause` gets each clause's
 * literals (without the 0). For OPB `constraint` gets each constraint:
 * its terms, the relation (">=", "=", "<=", ">" or "<") and the right-hand
 * side; an objective ("min:" / "max:") arrives with `relation` set to "min:"
 * or "max:" and `bound` 0. Arrays are borrowed for the call; a nonzero
 * return stops the scan with NQ_ERR_STOPPED. */
typedef struct nq_formula_visitor {
  void *context;
  int (*clause)(void *context, const int *literals, size_t count);
  int (*constraint)(void *context, const nq_pb_term *terms, size_t count, const char *relation,
                    int64_t bound);
  /* Optional: the scan gives up with NQ_ERR_INTERRUPTED once *stop is
   * nonzero (checked every few thousand lines). */
  const volatile sig_atomic_t *stop;
} nq_formula_visitor;

/* Streams the clauses or constraints of `path`. Malformed bodies (a
 * literal beyond the declared variables, a clause without its 0 at the end,
 * more or fewer clauses than declared, an OPB constraint without ';')
 * return NQ_ERR_PARSE with "PATH:LINE: problem" in `error`. */
nq_status nq_instance_scan(const char *path, const nq_formula_visitor *visitor, char *error,
                           size_t error_size);

/* The instance hash of the Global Benchmark Database (M. Iser and C. Sinz,
 * "A Problem Meta-Data Library for Research in SAT", PoS 2018; gbdc's
 * GBDHash.h): MD5 of the formula with comments and the problem line
 * dropped. CNF: every literal as a decimal number followed by one space,
 * each clause ended by "0", clauses joined by one space ("p cnf 2 2 / 1 -2
 * 0 / 2 0" hashes "1 -2 0 2 0"). OPB: each constraint as its terms (the
 * coefficient, then "x"/"~x" and the variable, each followed by one space),
 * the relation, one space, the bound and ";", constraints concatenated.
 * Writes 32 lowercase hex digits and a NUL. `stop` (optional) interrupts it
 * as in nq_formula_visitor. */
nq_status nq_instance_gbd_hash(const char *path, const volatile sig_atomic_t *stop, char hash[33],
                               char *error, size_t error_size);

/* An order-independent hash of the formula's clauses (or constraints) as
 * a multiset: two files with the same clauses, in any order and with the
 * literals of each in any order, hash alike; one clause more, less or
 * changed makes another hash (but for a 2^-128 chance). */
typedef struct nq_multiset_hash {
  uint64_t sum[2];
  uint64_t items; /* clauses or constraints */
} nq_multiset_hash;
nq_status nq_instance_multiset_hash(const char *path, const volatile sig_atomic_t *stop,
                                    nq_multiset_hash *hash, char *error, size_t error_size);

/* ---- Models and boards -----------------------------------------------------
 * A model as read from a solver: values[v] for v = 1..variables is 1
 * (true), 0 (false) or -1 (not given). */
typedef struct nq_model {
  const signed char *values;
  int64_t variables; /* entries 1..variables of `values` exist */
} nq_model;

/* THE place where a model becomes a board: decodes `model` under the
 * instance's variable model ("queens": one variable per square; the rows
 * model: its numbering, nq_verify_decode_numbered), through the map of a
 * shuffled file. Returns 0 and fills columns[0..n-1] (0-based), or -1 with
 * `why` naming the first problem (a row without a queen or with two, a
 * broken order ladder, a binary value above n, an unknown model name). The
 * board is not checked against the rules; nq_instance_check_board does
 * that. */
int nq_instance_decode_board(const nq_instance *instance, const nq_model *model, int *columns,
                             char *why, size_t why_size);

/* Whether `columns` is a solution of this instance: no two queens attack
 * each other, every placed queen is on the board, no queen on a blocked
 * square. Returns 1, or 0 with `why`. */
int nq_instance_check_board(const nq_instance *instance, const int *columns, char *why,
                            size_t why_size);

/* ---- Ground truth -----------------------------------------------------------
 * What the verifier knows about an instance, from its own search and the
 * OEIS table (see instance_truth.c):
 *   plain N-Queens: satisfiable except N = 2, 3 (a solution is constructed
 *   and checked for every N); models = A000170(N) from the class counter
 *   for N <= 14 (checked against OEIS) and from OEIS up to 27; unique =
 *   A002562(N) likewise;
 *   placed or blocked squares: the completion counter, up to N = 64.
 * Unknown parts stay unknown: `status` 0 and `models_exact` 0. */
typedef struct nq_instance_truth {
  int status;       /* 10 satisfiable, 20 unsatisfiable, 0 unknown */
  int models_exact; /* 1: `models` is the number of boards */
  uint64_t models;
  int unique_known; /* 1: `unique` is the number of symmetry classes */
  uint64_t unique;
  int witness_known; /* 1: `witness` holds a solution */
  int *witness;      /* n columns, owned by the truth; see below */
  uint64_t nodes;    /* search effort (queens placed) */
  /* A formula without a board (n = 0): its exact count in decimal when
   * known, owned (models_exact is set too when it fits in 64 bits), and
   * why the truth is unknown when it is (shown in the verdict). */
  char *models_digits;
  char unknown_why[160];
} nq_instance_truth;

/* Computes the truth. `node_limit` bounds the completion search (0: none);
 * `stop` (optional) interrupts it with NQ_ERR_INTERRUPTED. The caller
 * releases the truth with nq_instance_truth_clear. */
nq_status nq_instance_compute_truth(const nq_instance *instance, uint64_t node_limit,
                                    const volatile sig_atomic_t *stop, nq_instance_truth *truth);
void nq_instance_truth_clear(nq_instance_truth *truth);

/* An explicit solution of N-Queens for n = 1 and n >= 4 (the construction
 * in E. J. Hoffman, J. C. Loessi and R. C. Moore, "Constructions for the
 * Solution of the m Queens Problem", Mathematics Magazine 42, 1969).
 * Returns 0 and fills columns[0..n-1], or -1 for n = 2, 3 (none exists). */
int nq_verify_construct_solution(int n, int *columns);

#endif
