/* Private to cli/: what the subcommands share. */
#ifndef NQSAT_CLI_H
#define NQSAT_CLI_H

#include <stdint.h>
#include <stdio.h>

#include "nqsat/encoder.h"

#include "command_errors.h"

typedef struct command {
  const char *name;
  int (*run)(int argc, char **argv); /* argv[0] is the command name */
  const char *summary;
} command;

int cmd_encode(int argc, char **argv);
int cmd_solve(int argc, char **argv);
int cmd_count(int argc, char **argv);
int cmd_verify(int argc, char **argv);
int cmd_check(int argc, char **argv);
int cmd_trace(int argc, char **argv);
int cmd_show(int argc, char **argv);
int cmd_teach(int argc, char **argv);
int cmd_suite(int argc, char **argv);
int cmd_run(int argc, char **argv);

/* `nqsat solve --method local|backtrack` (cmd_solve_native.c). Returns 1
 * with *exit_code set when it handled the command; returns 0 after removing
 * any "--method sat" from argv (updating *argc) to let the SAT path go on. */
int solve_method_dispatch(int *argc, char **argv, int *exit_code);

/* Parses a whole decimal number in min..max. Returns 0, or -1 after
 * reporting a usage error that names `what` and the accepted range. */
int parse_bounded(const char *command_name, const char *what, const char *text, int64_t min,
                  int64_t max, int64_t *value);

/* The positional arguments after getopt: argv[first] is N, in 1..max_n,
 * followed by at most max_arguments - 1 more. Returns 0 and sets *n, or -1
 * after the usage error (missing N, an extra argument, a bad N). */
int parse_positional_n(const char *command_name, int argc, char **argv, int first,
                       int max_arguments, int max_n, int *n);

/* Parses "N" or "A..B" into first..last, each in min..max. */
int parse_range(const char *command_name, const char *text, int min, int max, int *first,
                int *last);

/* Parses an --amo value into *amo; returns 0, or -1 after a usage error
 * listing every encoding (and "all" when `allow_all`; the caller handles
 * "all" itself before calling). */
int parse_amo(const char *command_name, const char *text, int allow_all, nq_amo *amo);
/* The same for an option of another name (suite --encodings, ...), which
 * the error message names. */
/* The encodings' names from the encoder's registry, joined by ", " and
 * `last_glue` before the last ("pairwise, seq, ... or bimander"). */
void amo_name_list(char *names, size_t size, const char *last_glue);
/* `text` in words on lines of at most 78 columns, each after `indent`
 * (the first too), for --help lists built at run time. */
void print_wrapped(const char *indent, const char *text);
int parse_amo_option(const char *command_name, const char *option, const char *text, int allow_all,
                     nq_amo *amo);

/* `encode --problem NAME[:K]` into encoding->problem and ->bound
 * (encode_problem.c). Returns -1 to go on, or the usage error's exit code. */
int parse_problem_option(const char *text, nq_encoding *encoding);

/* Reports an option getopt_long rejected (unknown, or missing its value).
 * `code` is getopt's return value (':' or '?'). Returns NQ_EXIT_USAGE. */
int report_bad_option(const char *command_name, int code, char **argv);

/* Board output. `columns` are 0-based. */
/* The board of show, check and solve: column numbers above, row numbers
 * at the left, both from 1 and row 1 at the top, as every board of nqsat
 * is drawn; nqsat check reads it back (verify/solution_reader.c). */
void print_numbered_board(FILE *out, const int *columns, int n);
void print_vector(FILE *out, const int *columns, int n);

/* A model as SAT-competition "v" lines of at most 4096 characters, the
 * last ending in 0; values[i] for i = 1..count is 1 or 0, the value of
 * variable file_variables[i] (of variable i when file_variables is NULL),
 * or -1 for a free variable of a partial model, which is left out. */
void print_model_lines(FILE *out, const signed char *values, const int *file_variables, int count);
/* A partial model's free variables (value -1) as 'c free V...' lines;
 * nothing when it has none. */
void print_free_line(FILE *out, const signed char *values, const int *file_variables, int count);
/* A model as one line of characters, one per variable i = 1..count in
 * order: 1 true, 0 false, - free (--format compact). */
void print_model_compact(FILE *out, const signed char *values, int count);

/* The progress line on stderr (callers show it only on a terminal), and
 * its removal. */
void show_progress(void *context, uint64_t solutions, double elapsed_seconds);
void clear_progress(void);

/* Interruption: interrupt.h (common/). */
#include "interrupt.h"

/* Memory limits (cli/memory_budget.c). A limit of 0 means the default,
 * half of physical RAM. The checks print one line naming the estimate and
 * the limit and return NQ_EXIT_FAILURE when the run would not fit, else 0.
 * `blocking_clauses` is how many blocking clauses the instances hold at
 * once, in all; `solver_instances` PicoSAT instances hold the formula at
 * once (threads). */
#include "nqsat/encoder.h"
int parse_memory_size(const char *command_name, const char *text, uint64_t *bytes);
/* parse_memory_size for an option of another name (run --memory). */
int parse_size_option(const char *command_name, const char *option, const char *text,
                      uint64_t *bytes);
uint64_t default_memory_limit(void);
/* Blocking clauses the symmetric enumeration of N-Queens (solve N, verify
 * without --plain) holds at once on `solver_instances` threads. */
uint64_t symmetric_blocking_clauses(int n, int solver_instances);
/* FILE: the estimate of nq_cnf_plan_memory_estimate() against `limit`.
 */
int memory_budget_check_file(const char *command_name, const char *path, uint64_t estimate,
                             uint64_t limit);
int memory_budget_check_solve(const char *command_name, const nq_encoding *encoding,
                              uint64_t blocking_clauses, int solver_instances, uint64_t limit);
/* nqsat count: `estimate` from nq_count_memory_estimate for the method. */
int memory_budget_check_count(const char *command_name, int n, const char *method,
                              uint64_t estimate, uint64_t limit);
/* nqsat verify: the SAT path of every encoding (plain: one instance, else
 * one per thread, `threads` 0 meaning one per processor), `slots` stages
 * at once (verify_table_slots), and the solution sets compared up to
 * set_max_n. */
int memory_budget_check_verify(const char *command_name, int first, int last,
                               const nq_amo *encodings, int encoding_count, int set_max_n,
                               int plain, int threads, int slots, uint64_t limit);

#include "instance_judge.h"

/* nqsat check --instance (cli/check_instance.c); `summary`: the final
 * verdict line only. */
int check_instance(const char *instance_path, const char *answer_path, uint64_t max_nodes,
                   double time_limit_seconds, int summary);
/* nqsat check N [FILE] (cli/check_solutions.c): `summary` prints the
 * verdict line only; `complete_option` (--complete) claims the list is
 * complete when the file does not. */
int check_solutions(int n, const char *path, const nq_verify_model_format *format, int summary,
                    int complete_option, double time_limit_seconds);

#endif
