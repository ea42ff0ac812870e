/* The pieces of `nqsat run` (cli/cmd_run.c parses its options).
 *
 *   run_process.c  one solver run: its own process group, setrlimit limits,
 *                  wall-clock kill, memory sampling, wait4 times
 *   run_results.c  DIR/results.csv: one row per finished run, appended with
 *                  a single write(); reading it back for --resume
 *   run_report.c   the table per solver (PAR-2) and the wrong answers
 *   run_cactus.c   DIR/cactus.svg */
#ifndef NQSAT_RUN_H
#define NQSAT_RUN_H

#include <signal.h>
#include <stddef.h>
#include <stdint.h>
#include <sys/types.h>

/* ---- A solver run as a process ---------------------------------------------- */
typedef struct run_limits {
  double timeout_seconds; /* wall and CPU */
  uint64_t memory_bytes;  /* address space per process; 0: none */
} run_limits;

typedef struct run_process {
  pid_t pid; /* also the process group; 0 when not running */
  double started, deadline;
  int killed_for_time, killed_for_stop;
  uint64_t peak_virtual_bytes; /* largest address space seen in the tree */
  int exec_errno;              /* why the command could not be executed, or 0 */
  /* Filled when the run has ended: */
  int wait_status;
  double wall_seconds, cpu_seconds;
  uint64_t max_resident_bytes;
} run_process;

/* Starts `command` (sh -c, or exec'd directly when it has no shell syntax)
 * with standard input from /dev/null, standard output and error into the
 * given files, in a new process group, under `limits`. Returns 0, or -1
 * with errno. */
int run_process_start(run_process *process, const char *command, const char *stdout_path,
                      const char *stderr_path, const run_limits *limits);

/* Samples the address space of each process of the run's tree (from /proc)
 * into peak_virtual_bytes. */
void run_process_sample_memory(run_process *process);

/* Kills the whole process group with `signal_number`. */
void run_process_kill(run_process *process, int signal_number);

/* Records the end of a run reaped by wait4 (`status`, `usage` from it). */
struct rusage;
void run_process_ended(run_process *process, int status, const struct rusage *usage);

/* ---- results.csv ---------------------------------------------------------- */
#define RESULTS_HEADER "solver,file,result,seconds,cpu_seconds,exit,peak_mb,timeout,detail,command"

typedef struct result_row {
  char *solver, *file, *result, *exit_text, *detail, *command;
  double seconds, cpu_seconds, peak_mb, timeout;
} result_row;

typedef struct result_table {
  result_row *rows;
  size_t count, capacity;
} result_table;

/* Reads `path` into `table` (rows appended). A last line without its
 * newline (a row cut off when the harness was killed) is dropped and the
 * file truncated before it when `repair` is set, so appending goes on
 * cleanly; *dropped_partial says so. Returns 0; -1 with `error` ("PATH:LINE: problem"); a missing
 * file is an empty table. */
int results_load(const char *path, result_table *table, int repair, int *dropped_partial,
                 char *error, size_t error_size);
/* Appends a copy of `row` to the table; 0 or -1 (out of memory). */
int results_add(result_table *table, const result_row *row);
void results_free(result_table *table);
/* The row as one CSV line (with '\n'); caller frees. */
char *results_format(const result_row *row);
/* Opens `path` for appending (O_APPEND), writing the header first when the
 * file is empty. Returns the descriptor or -1 with `error`. */
int results_open(const char *path, char *error, size_t error_size);
/* One write() of the whole line: a reader never sees half a row, a crash
 * of the harness never loses a finished one. Returns 0 or -1 (errno). */
int results_append(int fd, const result_row *row);

/* CSV fields of one line (RFC 4180 quotes); returns the count, or -1 for
 * an unterminated quote. Fields point into `line`, which is modified. */
int csv_split(char *line, char **fields, int max_fields);

/* ---- The report ---------------------------------------------------------------- */
/* Prints the wrong answers (each with the command that reproduces it),
 * then a table per solver in `solver_order` (names; rows of other solvers
 * follow in order of appearance): runs, solved, wrong, timeouts, memory,
 * crashes, unknown, PAR-2. */
#include <stdio.h>
void run_report(FILE *out, const result_table *table, const char *const *solver_order, int solver_count,
                const char *directory);

/* Writes the cactus plot of `table` to `path` through nq_output (written
 * whole or not at all). Returns 0, or -1 with `error`. */
int run_cactus_write(const result_table *table, const char *const *solver_order, int solver_count,
                     const char *path, char *error, size_t error_size);

/* "correct" runs are solved; PAR-2 counts every other run as twice its
 * timeout (see run_report.c). */
int result_is_solved(const result_row *row);
int result_is_wrong(const result_row *row);

/* ---- The whole run (run_loop.c) ------------------------------------------- */
enum { RUN_MAX_SOLVERS = 64, RUN_MAX_JOBS = 256, RUN_SOLVER_NAME_MAX = 40 };
#define RUN_DEFAULT_MAX_NODES UINT64_C(100000000)

typedef struct solver_spec {
  char name[RUN_SOLVER_NAME_MAX + 1];
  const char *command; /* borrowed from argv */
  int cnf, opb;        /* the formats it is run on */
} solver_spec;

typedef struct run_request {
  const char *directory;
  solver_spec solvers[RUN_MAX_SOLVERS];
  int solver_count;
  run_limits limits;
  int jobs, resume;
  uint64_t max_nodes;
} run_request;

/* Runs the request to the end (or to SIGINT/SIGTERM), prints the report,
 * writes DIR/results.csv and DIR/cactus.svg. Returns the exit code: 0, 1
 * when an answer was wrong or something failed (said on stderr), 130 when
 * interrupted. */
int harness_run(const run_request *request);

#endif
