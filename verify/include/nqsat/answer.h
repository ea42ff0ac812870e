/* nqsat/answer.h - what a solver answered, and the verifier's verdict on it.
 *
 * Answers are read in every form the SAT, PB and model-counting
 * competitions use (see answer_reader.c for the grammar):
 *   "s SATISFIABLE" / "s UNSATISFIABLE" / "s UNKNOWN" / "s OPTIMUM FOUND",
 *   "v" lines of DIMACS literals ending in 0 (one or more models),
 *   "v x1 -x2 ~x3 ..." lines (PB competition; a model ends at the first
 *   line that is not a "v" line),
 *   MiniSat's result file ("SAT" then the literals, "UNSAT", "INDET") and
 *   its standard output ("SATISFIABLE", "UNSATISFIABLE", "INDETERMINATE"),
 *   model counts: "s mc K", "s pmc K" (MCC 2020) and "c s exact ... K"
 *   (MCC 2021-2024, e.g. "c s exact arb int K", with "c s type mc|pmc"
 *   and "c s log10-estimate X"), of any size;
 *   counts closing a list of models: "s SOLUTIONS K" (picosat --all),
 *   "c K models" (nqsat solve FILE --all).
 * Every other line is ignored (solvers print statistics freely).
 *
 * Ownership: nq_answer_new returns an answer the caller owns and releases
 * with nq_answer_free (NULL accepted). Pointers passed in are borrowed. */
#ifndef NQSAT_ANSWER_H
#define NQSAT_ANSWER_H

#include <stddef.h>
#include <stdint.h>
#include <stdio.h>

#include "nqsat/instance.h"
#include "nqsat/status.h"

typedef enum nq_claim {
  NQ_CLAIM_NONE = 0,
  NQ_CLAIM_SATISFIABLE = 1,
  NQ_CLAIM_UNSATISFIABLE = 2,
  NQ_CLAIM_UNKNOWN = 3
} nq_claim;

/* One model listed in the answer. Its values are kept packed, two bits a
 * variable (nq_answer_model_bits), because enumerations list hundreds of
 * thousands of models: N = 14's 365,596 would take 72 MB a byte a value.
 * The entry itself stays small for the same reason: what only cubes and
 * compact lines have is kept beside it (nq_answer_cube_of,
 * nq_answer_compact_length). */
typedef struct nq_answer_model {
  long line;     /* where the model ended (file line) */
  char *problem; /* a literal out of range or given both ways, else NULL */
} nq_answer_model;

/* A cube (nqsat solve --all --partial): the variables its "c free" lines
 * name, answer->free_variables[free_first .. + free_count), none of them
 * given a value; it stands for 2^free_count models. */
typedef struct nq_answer_cube {
  size_t free_first;
  size_t free_count;
  long free_line; /* the first "c free" line */
} nq_answer_cube;

typedef struct nq_answer {
  int64_t variables;
  nq_claim claim;
  long claim_line;
  int conflicting_claims; /* two different status lines */
  long conflict_line;
  nq_answer_model *models;
  size_t model_count;
  size_t model_capacity;     /* entries allocated in `models` */
  unsigned char *model_bits; /* model_count * nq_answer_model_bytes() bytes */
  size_t bits_capacity;      /* models that fit in `model_bits` */
  nq_count_claim count;      /* count.line 0: no count claimed */
  char count_type[8];        /* "mc", "pmc", ... from "c s type", or "" */
  long type_line;
  int has_estimate; /* "c s log10-estimate X": 1, or -1 when X is no number */
  double log10_estimate;
  long estimate_line;
  char estimate_text[40];
  /* "c s exact PRECISION NOTATION X" with NOTATION float, prec-sci or
   * log10, or "c s approx PRECISION NOTATION X": the first such line;
   * second_line: a later one claiming another X (0: none). */
  struct {
    long line;
    int approximate;
    char precision[12], notation[12], text[48];
    long second_line;
    char second_text[48];
  } float_count;
  const char *name;    /* of the last input read, for messages */
  int *free_variables; /* the cubes' free variables (see nq_answer_cube) */
  size_t free_used, free_capacity;
  nq_answer_cube *cubes;
  size_t cube_count, cube_capacity;
  /* Beside the models, allocated on the first cube or compact line: per
   * model, 1 + its index in `cubes` (0: no cube), and the length of its
   * compact line (0: none). */
  uint32_t *model_cube, *model_compact;
  size_t model_cube_capacity, model_compact_capacity;
  /* nqsat solve's "c K projected variables occur in no clause: not listed
   * (any value goes), so each model listed stands for 2^K models": K, or
   * -1 when the answer does not say it. */
  int64_t unlisted_unused;
  long unlisted_line;
  long model_after_count_line; /* a model begun after a count closed the list */
  long compact_line;           /* "c compact: ..." (compact lines follow), 0 if none */
  /* Boards printed as rows of "." and "Q" (nqsat solve FILE --board),
   * labelled (a column header, each row led by its number) or not:
   * board b's queens are board_columns[b * board_n + row] (0-based), it
   * ended at board_lines[b]. */
  int *board_columns;
  long *board_lines;
  size_t board_count, board_capacity;
  int board_n, board_rows; /* rows of the board being read */
  long board_first_line;
  size_t compact_models;
} nq_answer;

/* A new, empty answer over `variables` variables (1..2^31-1), or NULL. */
nq_answer *nq_answer_new(int64_t variables);
void nq_answer_free(nq_answer *answer);

/* Adds what `input` says (more inputs may follow: a solver's standard
 * output, then its result file). `name` names the input in messages.
 * NQ_ERR_PARSE with "NAME:LINE: problem" in `error` for a malformed "v"
 * line or a model cut off before its 0; NQ_ERR_IO for a read error;
 * NQ_ERR_MEMORY. */
nq_status nq_answer_read(nq_answer *answer, FILE *input, const char *name, char *error,
                         size_t error_size);

/* Bytes of one packed model: variable v's two bits are bits 2(v % 4) and
 * 2(v % 4) + 1 of byte v / 4 (low: given, high: true), so 0 is "not
 * given", 1 false, 3 true. Two models are the same assignment exactly when
 * their bytes are equal. */
size_t nq_answer_model_bytes(const nq_answer *answer);
const unsigned char *nq_answer_model_bits(const nq_answer *answer, size_t model);

/* Model `model`'s cube, or one with no free variable; whether it is one. */
nq_answer_cube nq_answer_cube_of(const nq_answer *answer, size_t model);
int nq_answer_is_cube(const nq_answer *answer, size_t model);
/* A line of nqsat solve --format compact has one character per variable
 * that occurs in a clause, ascending; it is read as variables 1..length
 * and placed on the occurring ones by the judge. Returns the length, 0
 * for a model that is no compact line. */
size_t nq_answer_compact_length(const nq_answer *answer, size_t model);

/* Model `model`'s value of `variable` (1..variables): 1 true, 0 false, -1
 * not given. */
int nq_answer_value(const nq_answer *answer, size_t model, int64_t variable);

/* Unpacks model `model` into values[0..variables] (values[0] is -1). */
void nq_answer_values(const nq_answer *answer, size_t model, signed char *values);

/* ---- Verdicts --------------------------------------------------------------- */
typedef enum nq_verdict_kind {
  NQ_VERDICT_CORRECT = 0,
  NQ_VERDICT_WRONG_STATUS = 1,  /* SAT/UNSAT claimed against the truth */
  NQ_VERDICT_INVALID_MODEL = 2, /* a model that is not a solution */
  NQ_VERDICT_WRONG_COUNT = 3,   /* a model count other than the verifier's, a
                                 * model listed twice, an enumeration claimed
                                 * complete that misses a board */
  NQ_VERDICT_UNKNOWN = 4,       /* the solver gave no answer, or UNKNOWN */
  NQ_VERDICT_UNVERIFIED = 5     /* the verifier cannot tell (beyond its limits) */
} nq_verdict_kind;

/* "correct", "wrong-status", "invalid-model", "wrong-count", "unknown",
 * "unverified". */
const char *nq_verdict_name(nq_verdict_kind kind);

typedef struct nq_verdict {
  nq_verdict_kind kind;
  const char *subject; /* "model 2", "status", "count" */
  long line;           /* line of the answer it is about, 0 if none */
  const char *text;    /* one line, no newline */
  const int *board;    /* the decoded board of a correct model, else NULL */
  int n;
  /* 1 when the answer stops short rather than says something false: a
   * SATISFIABLE claim without its model (a harness may blame a crash). */
  int incomplete;
} nq_verdict;

/* Returns the truth about the instance, computing it on first use, or
 * NULL when it cannot be computed (then answers needing it are judged
 * "unverified"). */
typedef const nq_instance_truth *(*nq_truth_source)(void *context);

/* Judges `answer` against the instance at `path` (described by
 * `instance`): each model is decoded (nq_instance_decode_board), checked
 * against the rules, the placed and blocked squares, and evaluated on every
 * clause or constraint of the file; status claims and counts are compared
 * with the truth, asked for only when needed. Calls `on_verdict` once per
 * verdict (the verdict is borrowed for the call). Models are compared with
 * each other too: one listed twice is wrong; a count closing a list
 * ("s SOLUTIONS K", "c K models") must be the number of distinct models
 * listed, and the list must cover every board the truth knows of. Returns
 * NQ_OK, or the error of reading the instance's formula (message in
 * `error`). */
nq_status nq_answer_judge(const nq_instance *instance, const char *path, const nq_answer *answer,
                          nq_truth_source truth, void *truth_context,
                          void (*on_verdict)(void *context, const nq_verdict *verdict),
                          void *verdict_context, char *error, size_t error_size);

#endif
