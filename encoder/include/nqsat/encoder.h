/* nqsat/encoder.h - N-Queens as CNF (and as pseudo-Boolean constraints).
 *
 * Variable convention: the queen at row r, column c (0-based indices, as
 * this API takes them) is variable r*N + c + 1, which the files and docs
 * state with rows and columns from 1 as (r-1)*N + c; queen variables are
 * exactly 1..N^2; auxiliary variables of
 * the at-most-one encodings are numbered after them, in the order the
 * clauses are generated (deterministic for given options).
 *
 * The formula, in generation order:
 *   1. a unit clause per pre-placed queen (x) and per blocked square (-x);
 *   2. every row: an at-least-one clause, then an at-most-one constraint;
 *   3. every column: an at-most-one constraint (and, with `redundant`, an
 *      at-least-one clause after it);
 *   4. every diagonal r - c = d, d from -(N-1) to N-1, then every
 *      anti-diagonal r + c = s, s from 0 to 2N-2: an at-most-one constraint.
 * Lines of length 1 need no at-most-one constraint and get none.
 *
 * That is the matrix model (the default). The rows model (`model` =
 * NQ_MODEL_ROWS) is the integer CSP instead: one variable q_r in 1..N per
 * row (the column of row r's queen), q_r != q_s and |q_r - q_s| != |r - s|
 * for every pair of rows, translated to SAT by one of the classic CSP
 * encodings (nq_csp). Its variables are numbered row by row, `width`
 * (nq_csp_row_width) per row: the k-th variable of row r (both 0-based) is
 * r*width + k + 1, and there are no auxiliary variables, so every model is
 * one board. Its formula, in generation order:
 *   1. placed queens (q_r = c) and blocked squares (q_r != c);
 *   2. every row: the clauses that make each assignment of its variables
 *      one value (at-least-one and at-most-one, the ladder, or the bit
 *      patterns >= N excluded);
 *   3. every pair of rows r < s: the constraint between q_r and q_s.
 *
 * Ownership: the encoder keeps no state between calls; every pointer passed
 * in (including the square lists inside nq_encoding) is borrowed for the
 * duration of the call. */
#ifndef NQSAT_ENCODER_H
#define NQSAT_ENCODER_H

#include <stddef.h>
#include <stdint.h>

#include "nqsat/output.h"
#include "nqsat/status.h"

/* Largest N the encoder accepts. Every variable number must fit a 32-bit
 * signed literal: the hungriest encoding (ladder, one auxiliary variable per
 * square of every row, column and diagonal) needs 5*N^2 variables, just
 * under 2^31 for N = 20000. nq_encoder_measure still checks the bound for
 * every encoding and option (NQ_ERR_ARGUMENT when it would not fit). */
#define NQ_ENCODER_MAX_N 20000

typedef enum nq_amo {
  NQ_AMO_PAIRWISE = 0,   /* binomial: one binary clause per pair */
  NQ_AMO_SEQUENTIAL = 1, /* Sinz's sequential counter */
  NQ_AMO_LADDER = 2,     /* ladder / regular encoding (Gent & Nightingale) */
  NQ_AMO_COMMANDER = 3,  /* commander encoding (Klieber & Kwon) */
  NQ_AMO_PRODUCT = 4,    /* 2-product encoding (Chen) */
  NQ_AMO_BINARY = 5,     /* binary / bitwise encoding (Frisch et al.) */
  NQ_AMO_BIMANDER = 6,   /* bimander encoding (Nguyen & Mai) */
  NQ_AMO_COUNT           /* number of encodings; keep last */
} nq_amo;

/* The model the formula states (see the top of this file). */
typedef enum nq_model_kind {
  NQ_MODEL_MATRIX = 0, /* a Boolean per square, at-most-one per line (default) */
  NQ_MODEL_ROWS = 1    /* an integer per row, translated by a CSP encoding */
} nq_model_kind;

/* The CSP-to-SAT encodings of the rows model. Variable k of row r (0-based)
 * is r*width + k + 1 and means:
 *   DIRECT, SUPPORT: q_r = k + 1 (width N: the matrix model's numbering,
 *                    r*N + c + 1 is "the queen of row r stands in column c");
 *   ORDER:           q_r <= k + 1, for k = 0..N-2 (width N-1);
 *   LOG:             bit k (weight 2^k) of q_r - 1 (width ceil(log2 N)). */
typedef enum nq_csp {
  NQ_CSP_DIRECT = 0,  /* Walsh, CP 2000: conflict clauses */
  NQ_CSP_SUPPORT = 1, /* Kasif 1990; Gent, ECAI 2002: support clauses */
  NQ_CSP_ORDER = 2,   /* Crawford & Baker 1994; Tamura et al. 2009 */
  NQ_CSP_LOG = 3,     /* Iwama & Miyazaki 1994: binary-coded values */
  NQ_CSP_COUNT        /* number of encodings; keep last */
} nq_csp;

/* The chessboard problem the formula states. QUEENS is everything above;
 * the others (the chessboard families) use the matrix model's squares,
 * x(r,c) = r*N + c + 1, except COLOUR:
 *   TOROIDAL: N queens, diagonals wrapping round the board (residues of
 *             r - c and r + c modulo N); every row at least one queen,
 *             every row, column and wrapped diagonal at most one.
 *   SUPER:    N super-queens (queen and knight moves): N-Queens plus a
 *             binary clause for every pair of squares a knight's move apart.
 *   COLOUR:   a proper colouring of the N x N queen graph with `bound`
 *             colours: variable v*K + k + 1 means square v = r*N + c has
 *             colour k (0-based); every square exactly one colour (at least
 *             one, at most one), and for every colour at most one square of
 *             it on every row, column and diagonal.
 *   DOMINATE: at most `bound` queens occupying or attacking every square:
 *             a clause per square over its closed neighbourhood, then
 *             Sinz's sequential counter over all N^2 squares (auxiliary
 *             variables after the squares).
 *   DOMINATE_INDEPENDENT: DOMINATE with no two queens attacking each other
 *             (at most one per row, column and diagonal).
 * The at-most-one constraints use `amo` as in N-Queens. */
typedef enum nq_problem {
  NQ_PROBLEM_QUEENS = 0,
  NQ_PROBLEM_TOROIDAL = 1,
  NQ_PROBLEM_SUPER = 2,
  NQ_PROBLEM_COLOUR = 3,
  NQ_PROBLEM_DOMINATE = 4,
  NQ_PROBLEM_DOMINATE_INDEPENDENT = 5,
  NQ_PROBLEM_COUNT /* keep last */
} nq_problem;

/* Largest N of the chessboard families (their formulas are sized by a
 * counting pass, not in closed form). */
#define NQ_ENCODER_FAMILY_MAX_N 1000

/* A square, 0-based. */
typedef struct nq_square {
  int row;
  int column;
} nq_square;

/* Zero-initialise and set what you need: every field added after `amo`
 * means "default / off" when zero. */
typedef struct nq_encoding {
  int n;      /* board size, 1..NQ_ENCODER_MAX_N */
  nq_amo amo; /* at-most-one encoding for rows, columns and diagonals */
  /* Commander encoding: group size, 2..; 0 means 3 (Klieber & Kwon's
   * choice). */
  int commander_group_size;
  /* Bimander encoding: number of groups per line, 1..; 0 means
   * ceil(length/2) for each line (groups of two). A line shorter than the
   * group count gets one group per variable (the binary encoding). */
  int bimander_groups;
  /* Nonzero: add the clauses that make every auxiliary variable a function
   * of the queen variables, so models correspond one-to-one to boards. */
  int parsimonious;
  /* Nonzero: also an at-least-one clause per column (implied, redundant). */
  int redundant;
  /* Nonzero: the writers precede every group of clauses with a
   * plain-language comment. */
  int explain;
  /* Pre-placed queens (unit clauses x) and blocked squares (unit -x). */
  const nq_square *placed;
  int placed_count;
  const nq_square *blocked;
  int blocked_count;
  /* Header notes only: how many of the last `placed` entries were drawn
   * at random (nq_encoder_random_queens), and with which seed. */
  int random_count;
  uint64_t random_seed;
  /* The model and, for the rows model, its CSP encoding. The matrix-only
   * fields (amo, the group sizes, parsimonious, redundant) must be zero
   * with NQ_MODEL_ROWS. */
  nq_model_kind model;
  nq_csp csp;
  /* The chessboard problem, and its K: colours for NQ_PROBLEM_COLOUR,
   * queens for the domination problems, 0 otherwise. The families take
   * no squares, no `redundant` and the matrix model only. */
  nq_problem problem;
  int bound;
} nq_encoding;

typedef struct nq_formula_size {
  int64_t variables; /* largest variable used, at least N^2 */
  int64_t clauses;
  int64_t literals;
} nq_formula_size;

/* Receives clauses one at a time. `literals` is borrowed for the call; a
 * nonzero return stops generation and makes it return NQ_ERR_STOPPED. */
typedef struct nq_clause_sink {
  void *context;
  int (*add_clause)(void *context, const int *literals, size_t count);
} nq_clause_sink;

/* Names as accepted on the command line ("pairwise", "seq", "ladder",
 * "commander", "product", "binary", "bimander"). */
const char *nq_amo_name(nq_amo amo);
/* One line saying what the encoding is, for --help ("Sinz's sequential
 * counter"). */
const char *nq_amo_summary(nq_amo amo);
/* Returns 0 and sets *amo when `name` is a known encoding, else -1. */
int nq_amo_from_name(const char *name, nq_amo *amo);
/* Nonzero when the encoding, without `parsimonious`, already makes every
 * auxiliary variable a function of the queen variables. */
int nq_amo_is_parsimonious(nq_amo amo);

/* Names as accepted by --problem ("queens", "toroidal", "super", "colour",
 * "dominate", "dominate-independent"); nq_problem_from_name returns 0 and
 * sets *problem, or -1. nq_problem_takes_bound: nonzero for the problems
 * with a K (colour and the dominations). */
const char *nq_problem_name(nq_problem problem);
int nq_problem_from_name(const char *name, nq_problem *problem);
int nq_problem_takes_bound(nq_problem problem);

/* Names as accepted on the command line ("direct", "support", "order",
 * "log"); nq_csp_from_name returns 0 and sets *csp, or -1. */
const char *nq_csp_name(nq_csp csp);
int nq_csp_from_name(const char *name, nq_csp *csp);
/* Variables per row of the rows model under `csp` for board size n >= 1. */
int nq_csp_row_width(nq_csp csp, int n);

/* Checks the options and the square lists: squares on the board, no square
 * twice, no placed queen attacking another, no square both placed and
 * blocked. Returns NQ_OK, or NQ_ERR_ARGUMENT with a one-line reason in
 * `why` (1-based rows and columns, as the user typed them). */
nq_status nq_encoder_check(const nq_encoding *encoding, char *why, size_t why_size);

/* Generates every clause of the formula into `sink`. */
nq_status nq_encoder_generate(const nq_encoding *encoding, const nq_clause_sink *sink);

/* nq_encoder_generate, and before each group of clauses the sentence
 * `nqsat encode --explain` writes as its comment ("row 3: at most one
 * (seq)"; rows and columns from 1), to `explain` with the sink's context.
 * A nonzero return from `explain` stops generation as the sink's does. */
nq_status nq_encoder_generate_explained(const nq_encoding *encoding, const nq_clause_sink *sink,
                                        int (*explain)(void *context, const char *text));

/* What `variable` means, in the words of the header and --explain (rows,
 * columns and values from 1): "x(3,2): a queen on row 3, column 2",
 * "p(3,2): q_3 <= 2, ...". Returns 0, or -1 for an auxiliary variable of
 * an at-most-one encoding (nq_encoder_name_auxiliaries names those all at
 * once) and for a number that is no variable. */
int nq_encoder_variable_meaning(const nq_encoding *encoding, int variable, char *text, size_t size);

/* What one auxiliary variable of an at-most-one encoding means: it is true
 * if a queen is on one of `squares` (with `negated`: if none is), and with
 * `exact` only then ("exactly when": the encoding or --parsimonious makes it
 * a function of the queens). All strings and arrays are borrowed for the
 * call. */
typedef struct nq_auxiliary {
  int variable;
  const char *symbol; /* "s(3)" */
  const char *line;   /* "row 2", as --explain names the line it is made for */
  const char *phrase; /* "some queen among the first 3 squares" */
  const int *squares; /* their queen variables r*N + c + 1, ascending */
  int square_count;
  int exact;
  int negated;
  /* All of it in words, as --explain writes it after "c a49 = ": "s(3) of
   * row 2: some queen among the first 3 squares; true if a queen is on one
   * of (2,1), (2,2), (2,3)" (rows and columns from 1; more than 16 squares
   * shortened to the first three and the last). */
  const char *text;
} nq_auxiliary;

/* Calls on_name(context, auxiliary) for every auxiliary variable of the
 * formula, in number order. The rows model has none (nothing is called).
 * A nonzero return from on_name stops, with NQ_ERR_STOPPED. */
nq_status nq_encoder_name_auxiliaries(const nq_encoding *encoding,
                                      int (*on_name)(void *context, const nq_auxiliary *auxiliary),
                                      void *context);

/* The clause "no queen on (row, column)" (0-based), as a blocked square
 * adds it: -x for the matrix model and the direct and support encodings,
 * at most two order literals, a literal per bit for log. Writes its
 * literals to `literals` (room for 32) and returns how many. A queen on the
 * square is the negation of every literal. */
int nq_encoder_square_clause(const nq_encoding *encoding, int row, int column, int *literals);

/* Exact size of the formula nq_encoder_generate would produce, computed in
 * closed form per line (no generation pass). NQ_ERR_ARGUMENT when the
 * options are invalid or the variables would not fit a 32-bit literal. */
nq_status nq_encoder_measure(const nq_encoding *encoding, nq_formula_size *size);

/* Chooses `count` random queens, none attacking another, none attacking or
 * on a square of `encoding->placed`, none on a blocked square, reproducibly
 * from `seed`. Writes them to `chosen` (room for `count`, 0 <= count <= n).
 * NQ_ERR_ARGUMENT when no such placement was found (for example because the
 * given queens leave too few free rows). */
nq_status nq_encoder_random_queens(const nq_encoding *encoding, int count, uint64_t seed,
                                   nq_square *chosen);

/* What the header records besides the formula itself. */
typedef struct nq_dimacs_provenance {
  const char *command_line; /* the full invocation, or NULL */
} nq_dimacs_provenance;

/* Writes the formula as DIMACS CNF: comment header (generator, version, N,
 * encoding, options, placed and blocked squares, seed, command line,
 * variable convention, projection set as "c ind ... 0" and
 * "c p show ... 0"), an exact "p cnf V C" line, then the clauses, streamed
 * without holding the formula in memory. */
nq_status nq_encoder_write_dimacs(const nq_encoding *encoding,
                                  const nq_dimacs_provenance *provenance, nq_output *output);

/* Like nq_encoder_write_dimacs, but with variables renamed by a random
 * permutation, clauses in random order and literals within each clause in
 * random order, all drawn from `shuffle_seed` (CNFgen's cnfshuffle, without
 * polarity flips). The header keeps "c generator", "c N", and adds
 * "c nqsat map ORIG NEW ..." lines (original queen variable -> new number,
 * covering all N^2 queen variables); the projection lines list the new
 * numbers. Holds the whole formula in memory. */
nq_status nq_encoder_write_shuffled_dimacs(const nq_encoding *encoding,
                                           const nq_dimacs_provenance *provenance,
                                           uint64_t shuffle_seed, nq_output *output);

/* Writes the model as pseudo-Boolean constraints in the OPB grammar of the
 * PB competitions: "* #variable= N^2 #constraint= C" first, then one
 * constraint per line using only ">=" and "=" (a row is "+1 x1 ... = 1 ;",
 * an at-most-one is "-1 x1 ... >= -1 ;"). Queen variables only; the
 * at-most-one encoding and `parsimonious` do not apply. */
nq_status nq_encoder_write_opb(const nq_encoding *encoding, const nq_dimacs_provenance *provenance,
                               nq_output *output);

/* Writes the rows model in MiniZinc: `array[1..n] of var 1..n: q` with
 * alldifferent over q, q[i] + i and q[i] - i, the placed and blocked
 * squares as constraints on q, `solve satisfy`, and an output item
 * printing "q = [c1, c2, ...];" (1-based columns, row 1 first). The data
 * (n) is given in the file. `model`, `csp` and the matrix-only options do
 * not apply. */
nq_status nq_encoder_write_minizinc(const nq_encoding *encoding,
                                    const nq_dimacs_provenance *provenance, nq_output *output);

/* Writes the N x N queen graph (squares adjacent when they share a row,
 * column or diagonal) in the DIMACS graph-colouring format: comment lines,
 * "p edge N^2 E" with E twice the number of edges, then every edge in both
 * directions as "e U V", vertex r*N + c + 1 for square (r, c), in the
 * order of the DIMACS queenN_N.col files (made by the Stanford GraphBase):
 * for each vertex, the squares below it down-right, down-left, to its
 * right and below (nearest first), then every earlier neighbour from the
 * highest number down. Only `n` is read from `encoding`. */
nq_status nq_encoder_write_col(const nq_encoding *encoding, const nq_dimacs_provenance *provenance,
                               nq_output *output);

/* Size of what a writer would produce, including its exact byte count,
 * found by formatting the output without writing it. `format_opb` selects
 * the OPB writer; `shuffled` counts the shuffled DIMACS (which has the same
 * clauses but a longer header). */
typedef struct nq_output_size {
  int64_t variables;
  int64_t clauses; /* constraints, for OPB */
  int64_t literals;
  int64_t bytes;
} nq_output_size;
nq_status nq_encoder_measure_output(const nq_encoding *encoding,
                                    const nq_dimacs_provenance *provenance, int format_opb,
                                    int shuffled, uint64_t shuffle_seed, nq_output_size *size);

#endif
