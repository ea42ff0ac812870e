/* nqsat/verify.h - the independent second opinion.
 *
 * Nothing here shares code with the encoder, the solver or PicoSAT (CMake
 * enforces it): the verifier re-derives the variable convention
 * (queen at row r, column c, 0-based, is variable r*N + c + 1), checks
 * placements on its own, and counts with its own backtracking search.
 *
 * A placement is given as `columns[row]`, 0-based, one entry per row.
 * Ownership: every pointer passed in is borrowed for the call; a solution
 * set is owned by its creator and released with nq_solution_set_free(). */
#ifndef NQSAT_VERIFY_H
#define NQSAT_VERIFY_H

#include <signal.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>

#include "nqsat/count_classes.h"
#include "nqsat/oeis_counts.h"
#include "nqsat/status.h"

/* Largest N the native solver handles (one bit per column in 32 bits). */
#define NQ_VERIFY_MAX_N 32
/* Largest N in the table of known counts (nqsat/oeis_counts.h). */
#define NQ_VERIFY_KNOWN_MAX_N NQ_COUNT_OEIS_MAX_N

/* Called once per solution; `columns` is borrowed for the call. A nonzero
 * return stops the enumeration with NQ_ERR_STOPPED. */
typedef int (*nq_verify_solution_fn)(void *context, const int *columns, int n);

/* Known counts from OEIS: A000170 (all solutions) and A002562 (solutions up
 * to rotation and reflection). Returns 0 and fills the non-NULL outputs when
 * 1 <= n <= NQ_VERIFY_KNOWN_MAX_N, else -1: the table of
 * nqsat/oeis_counts.h, which the counter's reports compare with too. */
int nq_verify_known_count(int n, uint64_t *total, uint64_t *fundamental);

/* Returns 1 when `columns` places n mutually non-attacking queens, one per
 * row, every column in 0..n-1. Otherwise returns 0 and, if `why` is not
 * NULL, describes the first conflict (1-based rows and columns). */
int nq_verify_check_placement(const int *columns, int n, char *why, size_t why_size);

/* Reads a board out of a model over the queen variables: `is_true(v)` for
 * v in 1..n*n. Fills columns[0..n-1]; returns 0, or -1 with `why` filled
 * when a row holds no queen or more than one. */
int nq_verify_decode_model(int n, int (*is_true)(void *context, int variable), void *context,
                           int *columns, char *why, size_t why_size);

/* ---- Numberings: which variables of a model make the board -----------------
 * nqsat writes two models (see `nqsat encode --help`): the matrix model,
 * queen (r, c) is r*n + c + 1, and the rows model, one integer q_r per
 * row under a CSP encoding, whose k-th variable of row r (0-based) is
 * r*width + k + 1 and means
 *   DIRECT, SUPPORT: q_r = k + 1 (width n; the matrix numbering again),
 *   ORDER:           q_r <= k + 1, k = 0..n-2 (width n - 1),
 *   LOG:             bit k (weight 2^k) of q_r - 1 (width ceil(log2 n)).
 * The verifier takes this from the file's header words, not from the
 * encoder. */
typedef enum nq_verify_numbering {
  NQ_VERIFY_MATRIX = 0,
  NQ_VERIFY_ROWS_DIRECT = 1,
  NQ_VERIFY_ROWS_SUPPORT = 2,
  NQ_VERIFY_ROWS_ORDER = 3,
  NQ_VERIFY_ROWS_LOG = 4
} nq_verify_numbering;

/* From the words after "c model:" and "c csp:" (NULL when the line is
 * absent; no model line means the matrix model). Returns 0, or -1 for an
 * unknown word or "rows" without an encoding. */
int nq_verify_numbering_from_words(const char *model, const char *csp,
                                   nq_verify_numbering *numbering);
/* Variables per row, and in all (the board is read from 1..that). */
int nq_verify_numbering_width(nq_verify_numbering numbering, int n);
int64_t nq_verify_numbering_variables(nq_verify_numbering numbering, int n);
/* Whether a header's statement of its numbering (the text after
 * "variables:", as nqsat encode writes it with rows and columns from 1,
 * "queen at row r, column c (1-based) is (r-1)*N + c", or from 0 as files
 * of earlier nqsat releases do, "... (0-based) is r*N + c + 1"; likewise
 * for the rows model's x(r,v), p(r,a) and b(r,k)) agrees with `numbering`
 * at board size n. Returns 1 when it does, 0 when it states another
 * numbering (another model, width or formula), -1 when the text is no
 * statement this reader knows (words for people, left alone). */
int nq_verify_numbering_statement(const char *text, int n, nq_verify_numbering numbering);
/* nq_verify_decode_model for any numbering: is_true(v) for v in
 * 1..nq_verify_numbering_variables(). Returns 0, or -1 with `why` when the
 * model is no board (a row without a queen or with two, a broken order
 * ladder, a binary value above n). */
int nq_verify_decode_numbered(int n, nq_verify_numbering numbering,
                              int (*is_true)(void *context, int variable), void *context,
                              int *columns, char *why, size_t why_size);

/* Native backtracking: every solution in lexicographic order of columns. */
nq_status nq_verify_enumerate(int n, nq_verify_solution_fn on_solution, void *context);

/* Native backtracking count of all solutions. */
nq_status nq_verify_count(int n, uint64_t *total);

/* A set of placements of one board size, for comparing two enumerations. */
typedef struct nq_solution_set nq_solution_set;

/* Boards up to this size fit a set (a column per byte); beyond it
 * nq_solution_set_new returns NULL. */
#define NQ_SOLUTION_SET_MAX_N 256
/* A new empty set for boards of n rows (1..NQ_SOLUTION_SET_MAX_N): n bytes
 * a solution. NULL when n is out of range or memory runs out. */
nq_solution_set *nq_solution_set_new(int n);
void nq_solution_set_free(nq_solution_set *set);
/* Appends a copy of `columns`; NQ_ERR_MEMORY on failure. */
nq_status nq_solution_set_add(nq_solution_set *set, const int *columns);
size_t nq_solution_set_size(const nq_solution_set *set);

/* Sorts both sets and compares them. Returns 1 when equal as sets (and
 * without duplicates); else 0 and describes one difference in `why`
 * (a duplicate, or a placement that one side has and the other lacks). */
int nq_solution_set_equal(nq_solution_set *first, const char *first_name, nq_solution_set *second,
                          const char *second_name, char *why, size_t why_size);

/* Reading solutions other programs wrote. Accepted, mixed freely:
 *  - vector lines: N numbers, the 1-based column of each row's queen
 *    ("2 4 1 3"), as `nqsat solve --all` prints;
 *  - SAT-solver models over the variable convention: competition "v" lines
 *    (a model may span several, ending at literal 0), or MiniSat's result
 *    file (a "SAT" line, then the literals ending in 0);
 *  - MiniZinc output (see nq_verify_read_solutions_as);
 *  - blank lines, and lines starting with 'c', 's' or '#', are skipped;
 *    "UNSAT" ends the input with no solution.
 * For each solution, `on_solution` receives the columns (0-based) and the
 * line where the solution ended; a model that does not decode to one queen
 * per row is passed with `columns` NULL and `problem` describing why (an
 * invalid solution, not a malformed file). A nonzero return stops reading.
 * Malformed input (a non-numeric token, a vector of the wrong length, a
 * column or literal out of range, a model cut off before its 0) returns
 * NQ_ERR_PARSE with "NAME:LINE: problem" in `error`. */
typedef int (*nq_verify_read_fn)(void *context, const int *columns, int n, long line,
                                 const char *problem);

nq_status nq_verify_read_solutions(FILE *input, const char *name, int n,
                                   nq_verify_read_fn on_solution, void *context, char *error,
                                   size_t error_size);

/* How the models in a file are numbered: the numbering, and optionally a
 * renaming (shuffled files): renamed[k] is the variable in the file of the
 * numbering's variable k + 1, for k below nq_verify_numbering_variables();
 * NULL for none. Borrowed for the call. */
typedef struct nq_verify_model_format {
  nq_verify_numbering numbering;
  const int *renamed;
} nq_verify_model_format;

/* nq_verify_read_solutions for models in `format` (NULL: the matrix
 * numbering, no renaming). Also reads MiniZinc's solution output: lines
 * "q = [c1, c2, ...];" (1-based columns, row 1 first), the separators
 * "----------" and "==========" skipped, "=====UNSATISFIABLE=====" read
 * like UNSAT. A renaming that is no one-to-one map of positive variables
 * is NQ_ERR_ARGUMENT. */
nq_status nq_verify_read_solutions_as(FILE *input, const char *name, int n,
                                      const nq_verify_model_format *format,
                                      nq_verify_read_fn on_solution, void *context, char *error,
                                      size_t error_size);

/* ---- Claims of completeness ------------------------------------------------
 * Enumerators say when their list is complete: MiniZinc prints
 * "==========" after the last solution, picosat --all "s SOLUTIONS K",
 * nqsat solve FILE --all "c K models", model counters "s mc K" (Model
 * Counting Competition 2020) or "c s exact arb int K" (2021-2024). */

/* A claimed count, kept as decimal digits of any length. */
typedef struct nq_count_claim {
  long line;          /* where it was claimed; 0: no count claimed */
  const char *form;   /* how: "s SOLUTIONS", "c K models", "s mc", "s pmc",
                       * "c s exact int" (static) */
  char *digits;       /* the count without leading zeros, owned; NULL when
                       * the text is no whole number */
  char text[40];      /* the number as written (shortened), for messages */
  long conflict_line; /* a later claim of another count, 0 if none */
  /* nqsat solve's closing line may say more about the list it closes:
   * "c K models (M listed over the variables that occur)": `listed` is M
   * (each listed model stands for K / M models), 0 when not said;
   * "c K models (stopped at --max M)" or "(incomplete enumeration)":
   * `incomplete` is 1, K counts the listed models and claims nothing about
   * the instance. */
  int64_t listed;
  int incomplete;
  long repeat_line; /* a second line of the same form, even with the same
                     * number: a list closed twice; 0 if none */
} nq_count_claim;

/* Releases the digits and empties the claim. */
void nq_count_claim_clear(nq_count_claim *claim);
/* Compares canonical digits with `value`: <0, 0 or >0, exactly, for any
 * length of digits. */
int nq_count_compare(const char *digits, uint64_t value);
/* log10 of the number the digits write (-HUGE_VAL for 0). */
double nq_count_log10(const char *digits);

typedef struct nq_verify_claims {
  long complete_line; /* MiniZinc's "==========" (the search is complete), 0 if absent */
  nq_count_claim count;
  /* Ends of the search: "UNSAT", "INDET", "==========" and MiniZinc's
   * "=====UNSATISFIABLE=====", "=====UNKNOWN=====", ... (the first two
   * kept, 0 if absent; `end_text` the first one's text). Reading goes on
   * past them, so what follows is seen. */
  long end_line, second_end_line;
  char end_text[40], second_end_text[40];
  long unsatisfiable_line;      /* the first UNSAT claim ("UNSAT", "s UNSATISFIABLE", ...) */
  long unknown_line;            /* the first "INDET", "s UNKNOWN", "=====UNKNOWN=====" */
  long solution_after_end_line; /* the first solution after an end of search */
  long first_solution_line;
} nq_verify_claims;

/* nq_verify_read_solutions_as that also fills `claims` (zeroed first; the
 * caller releases it with nq_count_claim_clear(&claims->count)): the
 * complete marker and the count claimed, in the forms above. Count lines
 * are read from any input; a count claimed twice with two numbers sets
 * conflict_line. */
nq_status nq_verify_read_answer(FILE *input, const char *name, int n,
                                const nq_verify_model_format *format, nq_verify_read_fn on_solution,
                                void *context, nq_verify_claims *claims, char *error,
                                size_t error_size);

/* ---- Distinct solutions and what is missing ---------------------------------
 * A list of solutions read from another program, as a set: repeats are
 * found as they come (a hash set), and the set is compared with the
 * verifier's own. Ownership: the caller frees the tally. */
typedef struct nq_solution_tally nq_solution_tally;

/* An empty tally for boards of n rows (1..46340), or NULL. */
nq_solution_tally *nq_solution_tally_new(int n);
void nq_solution_tally_free(nq_solution_tally *tally);
/* Adds a solution (columns 0-based) listed at `line`. Returns 1 when it is
 * new; 0 when listed before (*first_line, if not NULL, is where); -1 when
 * out of memory. */
int nq_solution_tally_add(nq_solution_tally *tally, const int *columns, long line,
                          long *first_line);
uint64_t nq_solution_tally_distinct(const nq_solution_tally *tally);

/* Up to this N the tally is compared with the verifier's set solution by
 * solution; beyond, its size with the native count and OEIS. */
#define NQ_VERIFY_SET_COMPARED_MAX_N 13
/* Largest N whose count the comparison makes with the native counter
 * (beyond: OEIS alone, up to NQ_VERIFY_KNOWN_MAX_N). */
#define NQ_VERIFY_TALLY_COUNTED_MAX_N 16
/* Missing solutions named in a comparison. */
#define NQ_VERIFY_MISSING_SHOWN 3

typedef struct nq_completeness {
  int known;           /* 1: `expected` is the number of solutions */
  int compared_by_set; /* 1: each of the verifier's solutions was looked up */
  int counted;         /* 1: the native counter made `expected` (OEIS agrees) */
  uint64_t expected;
  uint64_t missing; /* expected minus the tally's distinct solutions */
  int shown;        /* missing solutions written to `missing_examples` */
  int missing_examples[NQ_VERIFY_MISSING_SHOWN][NQ_VERIFY_SET_COMPARED_MAX_N];
} nq_completeness;

/* Compares the tally (valid solutions only, as added) with every solution
 * of N-Queens. NQ_ERR_SOLVER when the native count and OEIS disagree (a
 * verifier bug); NQ_ERR_MEMORY; beyond NQ_VERIFY_KNOWN_MAX_N `known` is 0. */
nq_status nq_solution_tally_compare(const nq_solution_tally *tally, nq_completeness *result);

/* ---- Symmetry classes ------------------------------------------------------
 * The square has 8 symmetries (4 rotations, 4 reflections). A solution's
 * class is the set of its distinct images: 1, 2, 4 or 8 boards. */

/* Writes into `canonical` (n entries; may alias nothing) the lexicographically
 * smallest image of `columns` under the 8 symmetries, and returns the class
 * size (number of distinct images: 1, 2, 4 or 8). `columns` must be a
 * permutation of 0..n-1 (one queen per row and column; diagonals are not
 * checked); returns 0 when it is not, -1 when out of memory. */
int nq_verify_canonical(const int *columns, int n, int *canonical);

/* Groups `count` solutions (n columns each, solutions[i * n ...]) into
 * symmetry classes, numbered 0.. in the order of their smallest images (so
 * class 0 has the lexicographically smallest). class_of[i] (count entries)
 * is solution i's class; class_size[c] (count entries suffice) its size
 * under the 8 symmetries; seen[c] (may be NULL) how many of the solutions
 * are in class c; canonical (may be NULL; classes * n entries, count * n
 * suffice) each class's smallest image. Returns the number of classes, or
 * -1 when a solution is not a permutation or memory ran out. */
int nq_verify_group_classes(int n, const int *solutions, size_t count, int *class_of,
                            int *class_size, int *seen, int *canonical);

/* The fast counter by symmetry classes (nq_count_classes) is the
 * counter's: nqsat/count_classes.h, included above. */

/* ---- Checking very large placements ----------------------------------------
 * The O(n) checker, for local-search answers with millions of queens: one
 * occupancy array per column and diagonal direction, so each queen is looked
 * at once. Same contract as nq_verify_check_placement (1 valid, 0 invalid
 * with `why` naming one conflict) plus -1 when out of memory. For small n the
 * pairwise O(n^2) checker above is the simpler second opinion. */
int nq_verify_check_placement_linear(const int *columns, int n, char *why, size_t why_size);

/* ---- The search step by step, for teaching ---------------------------------
 * The backtracking of the seeds' teaching notebook (one queen per COLUMN,
 * columns left to right, rows tried top to bottom, a lookup table per row
 * and diagonal), reported event by event. Every solution is reached unless
 * the callback stops the search. */
typedef enum nq_trace_event {
  NQ_TRACE_CALL,     /* the search enters column `column` (call number `call`) */
  NQ_TRACE_PLACE,    /* queen placed at (row, column) */
  NQ_TRACE_DEAD_END, /* every row of `column` tried; `row` is -1 if none was free */
  NQ_TRACE_REMOVE,   /* queen at (row, column) taken back */
  NQ_TRACE_SOLUTION, /* all n columns hold a queen (solution number `solution`) */
  NQ_TRACE_WIPE_OUT  /* forward checking: the queen just placed leaves column
                      * `column` with no free row (`row` is -1); it is removed next */
} nq_trace_event;

typedef struct nq_trace_step {
  nq_trace_event event;
  uint64_t call;            /* number of the current call, from 1 */
  uint64_t solution;        /* solutions found so far, including this one */
  int placed;               /* queens on the board after the event */
  int row, column;          /* 0-based square of the event */
  const int *row_of_column; /* row of the queen in each column, -1 if none; borrowed */
  /* Forward checking only, NULL in plain backtracking: bit r of
   * free_rows[c] is set when row r is still possible in column c, for
   * every column without a queen (a column with a queen holds that queen's
   * bit). Borrowed. */
  const uint32_t *free_rows;
} nq_trace_step;

/* Called for every event; a nonzero return stops with NQ_ERR_STOPPED. */
typedef int (*nq_verify_trace_fn)(void *context, const nq_trace_step *step);

/* Runs the traced search for 1 <= n <= NQ_VERIFY_MAX_N. */
nq_status nq_verify_trace(int n, nq_verify_trace_fn on_step, void *context);

/* The same search with forward checking (R. M. Haralick and G. L. Elliott,
 * "Increasing tree search efficiency for constraint satisfaction
 * problems", AIJ 14, 1980): the same column and row order, but each column
 * keeps the rows no queen to its left attacks (`free_rows`), only those are
 * tried, and a queen that leaves a later column with no free row is
 * reported (NQ_TRACE_WIPE_OUT) and taken back at once instead of searched
 * below. It reaches the same solutions in the same order with fewer
 * queens placed. Events: as nq_verify_trace, plus WIPE_OUT between a PLACE
 * and its REMOVE. */
nq_status nq_verify_trace_forward(int n, nq_verify_trace_fn on_step, void *context);

/* ---- Completing a partial board --------------------------------------------
 * N-Queens completion (I. P. Gent, C. Jefferson and P. Nightingale,
 * "Complexity of n-Queens Completion", JAIR 59, 2017): given queens already
 * placed and squares that must stay empty, count the boards that contain
 * every placed queen and no blocked square. The ground truth of completion
 * instances (`nqsat suite`, `nqsat check --instance`). */

/* Largest n the completion counter handles (one bit per column in 64 bits). */
#define NQ_VERIFY_COMPLETION_MAX_N 64

typedef struct nq_verify_square {
  int row, column; /* 0-based */
} nq_verify_square;

typedef struct nq_completion_problem {
  int n;                          /* 1..NQ_VERIFY_COMPLETION_MAX_N */
  const nq_verify_square *placed; /* borrowed; may attack each other (then 0) */
  int placed_count;
  const nq_verify_square *blocked; /* borrowed */
  int blocked_count;
  /* Stop after this many queens placed by the search (0: no limit); the
   * result then says what is known. */
  uint64_t node_limit;
  /* Nonzero: stop at the first completion (decide, do not count). */
  int first_only;
  /* Optional: the search gives up (NQ_ERR_INTERRUPTED) once *stop is
   * nonzero, e.g. a flag a signal handler sets. */
  const volatile sig_atomic_t *stop;
} nq_completion_problem;

typedef struct nq_completion_result {
  int decided;     /* 1: `satisfiable` is known */
  int satisfiable; /* 1: at least one completion exists */
  int exact;       /* 1: `count` is the number of completions */
  uint64_t count;  /* completions found (all of them when `exact`) */
  uint64_t nodes;  /* queens placed by the search */
} nq_completion_result;

/* Searches the completions: rows without a placed queen are filled most
 * constrained first, with forward checking on rows and columns (see
 * completion_count.c). When `first_columns` is not NULL and a completion is
 * found, the first one is written there (n entries, 0-based columns).
 * NQ_ERR_ARGUMENT for n out of range or a square off the board;
 * NQ_ERR_INTERRUPTED when *stop was seen (the result holds what is known). */
nq_status nq_verify_count_completions(const nq_completion_problem *problem, int *first_columns,
                                      nq_completion_result *result);

#endif
