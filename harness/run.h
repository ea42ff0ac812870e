/* The pieces of `nqsat run` (cli/cmd_run.c parses its options).
 *
 *   run_process.c  one solver run: its own process group, setrlimit limits,
 *                  wall-clock kill, memory sampling, wait4 times, or its
 *                  own cgroup (run_cgroup.c) measuring and limiting it
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

#include "instance_judge.h"
#include "run_cgroup.h"

/* ---- A solver run as a process tree ---------------------------------------- */
typedef struct run_limits {
  double timeout_seconds; /* wall and CPU */
  uint64_t memory_bytes;  /* resident memory of the whole tree; 0: none */
} run_limits;

/* One run: the solver's process (the root, leader of its own process
 * group) and every process it starts. The harness is a child subreaper
 * (run_harness_become_subreaper), so a process whose parent ends is handed
 * to the harness, not to init: the run "adopts" it, even when it left the
 * group with setsid. Every process of the run carries `marker` in its
 * environment, which is how an adopted process is told apart. */
typedef struct run_process {
  pid_t pid;         /* the root; 0 once reaped */
  pid_t group;       /* the root's process group */
  char marker[64];   /* NAME=VALUE in every environment of the run */
  double started;    /* monotonic, just before the root was created */
  double deadline;   /* started + timeout */
  double root_ended; /* when the root was reaped, 0 before */
  double kill_at;    /* after the root: SIGKILL for what is left, 0: not yet */
  int killed_for_time, killed_for_memory, killed_for_stop;
  int exec_errno;  /* why the command could not be executed, or 0 */
  int output;      /* the read end of the solver's stdout pipe; -1 at end of file */
  int output_file; /* where the harness copies it; -1 when closed */
  pid_t *adopted;  /* processes of the run now the harness's children */
  size_t adopted_count, adopted_capacity;
  pid_t *seen; /* every process ever seen in the tree (to claim orphans) */
  size_t seen_count, seen_capacity;
  uint64_t peak_resident_bytes; /* largest sum of resident memory over the tree */
  uint64_t harness_peak_bytes;  /* the harness's own peak when the root started */
  /* Measured by a cgroup of its own (then CPU time, peak memory and the
   * memory limit are the kernel's for every process ever in it). */
  int in_cgroup;
  run_cgroup cgroup;
  int memory_limit_hit; /* the kernel killed a process of the cgroup for the limit */
  /* Filled as processes end (the kernel's rusage from wait4, for the root
   * and for every adopted process): */
  int wait_status;     /* the root's */
  double cpu_seconds;  /* user + system of every process of the run */
  double wall_seconds; /* started .. the reap of the last process */
} run_process;

/* Makes the calling process a child subreaper (Linux 3.4+): orphans of
 * the runs become its children. Returns 0, or -1 with errno. */
int run_harness_become_subreaper(void);

/* Starts `command` (sh -c, or exec'd directly when it has no shell syntax)
 * with standard input from /dev/null, standard output into a pipe the
 * harness drains into `stdout_path` (run_process_drain) and standard error
 * into `stderr_path`, in a new process group, with `marker` added to its
 * environment, under `limits`; in a new cgroup below `cgroups` unless that
 * is NULL. Returns 0, or -1 with errno. */
int run_process_start(run_process *process, const char *command, const char *stdout_path,
                      const char *stderr_path, const char *marker, const run_limits *limits,
                      run_cgroup_base *cgroups);

/* Copies what the solver wrote so far into the stdout file. Returns 1 once
 * the pipe has reached its end (every process of the run closed it). */
int run_process_drain(run_process *process);

/* Walks the tree (the root's descendants and the adopted processes' and
 * theirs) and returns the sum of their resident memory, keeping the peak.
 * In a cgroup: reads the kernel's peak instead (and whether the limit
 * was hit) and returns it. */
uint64_t run_process_sample(run_process *process);

/* Whether `pid`, now a child of the harness, belongs to this run (seen in
 * its tree, in its process group, or carrying its marker). */
int run_process_claims(run_process *process, pid_t pid);
/* Records `pid` as adopted. Returns 0, or -1 when out of memory. */
int run_process_adopt(run_process *process, pid_t pid);

/* Sends `signal_number` to every process of the run: the root's group, each
 * adopted process and its group; SIGKILL also through the cgroup. */
void run_process_kill(run_process *process, int signal_number);

/* Records the end of `pid` (the root or an adopted process) reaped by wait4
 * with `status` and `usage`. Returns 1 when it was the root. */
struct rusage;
int run_process_reaped(run_process *process, pid_t pid, int status, const struct rusage *usage);

/* Whether the run is over: the root and every adopted process reaped, the
 * cgroup empty and the output at its end. Sets wall_seconds then, and in a
 * cgroup takes its CPU time and peak and removes it. */
int run_process_finished(run_process *process);

/* Frees the lists and closes the files. */
void run_process_release(run_process *process);

/* ---- results.csv ---------------------------------------------------------- */
/* The columns up to `command` are those of the first version of the file;
 * `log` (the run's output, relative to DIR) came later: --resume reads both. */
#define RESULTS_HEADER_FIRST                                                                       \
  "solver,file,result,seconds,cpu_seconds,exit,peak_mb,timeout,detail,command"
/* `measure` says how the row's time and memory were measured: "cgroup"
 * (the kernel's counts for the run's cgroup) or "sample" (wait4 times,
 * /proc sampled); "" for a skipped row. */
#define RESULTS_HEADER RESULTS_HEADER_FIRST ",log,measure"

typedef struct result_row {
  char *solver, *file, *result, *exit_text, *detail, *command;
  char *log;     /* the run's standard output, DIR/LOG (standard error: .err for .out), or "" */
  char *measure; /* NULL: not written (a file whose header has no such column) */
  double seconds, cpu_seconds, peak_mb, timeout;
} result_row;

typedef struct result_table {
  result_row *rows;
  size_t count, capacity;
  int has_measure; /* the file's header has the measure column (or there is no file yet) */
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
void run_report(FILE *out, const result_table *table, const char *const *solver_order,
                int solver_count, const char *directory);

/* The cactus plot's time axis: logarithmic (the default: most runs of a
 * field take a small fraction of the timeout) or linear from 0. */
typedef enum run_cactus_axis { RUN_CACTUS_AXIS_LOG, RUN_CACTUS_AXIS_LINEAR } run_cactus_axis;

/* Writes the cactus plot of `table` to `path` through nq_output (written
 * whole or not at all), with a dashed line at the largest timeout of the
 * table and a legend sorted by solved count, each entry with its PAR-2.
 * Returns 0, or -1 with `error`. */
int run_cactus_write(const result_table *table, const char *const *solver_order, int solver_count,
                     run_cactus_axis axis, const char *path, char *error, size_t error_size);

/* "correct" runs are solved; PAR-2 counts every other run as twice its
 * timeout (see run_report.c). A "skipped" row is no run at all. */
int result_is_solved(const result_row *row);
int result_is_wrong(const result_row *row);
int result_is_run(const result_row *row);
/* The row's term of PAR-2: its wall time when solved, else 2 x timeout. */
double result_par2_seconds(const result_row *row);
/* PAR-2 of `solver` (the mean of its runs' terms) into *par2, 0 without
 * runs. Returns the number of runs. The report and the plot both use it. */
int run_par2(const result_table *table, const char *solver, double *par2);

/* ---- The whole run (run_loop.c) ------------------------------------------- */
enum { RUN_MAX_SOLVERS = 64, RUN_MAX_JOBS = 256, RUN_SOLVER_NAME_MAX = 40 };
#define RUN_DEFAULT_MAX_NODES UINT64_C(100000000)

typedef struct solver_spec {
  char name[RUN_SOLVER_NAME_MAX + 1];
  const char *command; /* borrowed from argv */
  int cnf, opb;        /* the formats it is run on */
  int counter;         /* a model counter: its count is what is judged */
} solver_spec;

/* How runs are measured: by cgroup where the machine allows (auto), by
 * cgroup or fail, or by sampling the tree in /proc. */
typedef enum run_measure { RUN_MEASURE_AUTO, RUN_MEASURE_CGROUP, RUN_MEASURE_SAMPLE } run_measure;

typedef struct run_request {
  const char *directory;
  solver_spec solvers[RUN_MAX_SOLVERS];
  int solver_count;
  run_limits limits;
  int jobs, resume;
  uint64_t max_nodes;
  run_cactus_axis cactus_axis; /* zero (log) unless --cactus-axis linear */
  run_measure measure;         /* zero (auto) unless --measure */
  /* nqsat's own count of a formula without a board whose manifest row
   * gives no count (a counter's answer is judged against it); NULL: such
   * counts are unverified. */
  judged_formula_counter count_formula;
} run_request;

/* Runs the request to the end (or to SIGINT/SIGTERM), prints the report,
 * writes DIR/results.csv and DIR/cactus.svg. Returns the exit code: 0, 1
 * when an answer was wrong or something failed (said on stderr), 130 when
 * interrupted. */
int harness_run(const run_request *request);

#endif
