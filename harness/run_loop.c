/* The harness behind `nqsat run`: every solver on every instance of a
 * suite, each run its own process under limits, every answer judged by the
 * verifier, one results.csv row per finished run, a table and a cactus plot
 * at the end. cli/cmd_run.c parses the command line into a run_request. */
/* wait4 and killpg are BSD calls, outside the project-wide _POSIX_C_SOURCE. */
#define _DEFAULT_SOURCE
#include <dirent.h>
#include <errno.h>
#include <inttypes.h>
#include <math.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/resource.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

#include "clock.h"
#include "command_errors.h"
#include "counter_output.h"
#include "grow.h"
#include "instance_judge.h"
#include "interrupt.h"
#include "nqsat/answer.h"
#include "nqsat/proof.h"
#include "nqsat/verify.h"
#include "quote.h"
#include "run.h"
#include "suite_manifest.h"

static const double MEMORY_SAMPLE_SECONDS = 0.01;
/* How long the solvers get to end after SIGTERM when the harness stops. */
static const double STOP_GRACE_SECONDS = 0.3;

/* ---- The suite's instances ---------------------------------------------------- */

typedef struct suite_instances {
  char **files; /* as in the manifest */
  char **paths; /* DIR/file */
  judged_instance *judged;
  int count;
  size_t files_capacity, paths_capacity; /* entries allocated in files, paths */
} suite_instances;

static void free_instances(suite_instances *instances) {
  for (int i = 0; i < instances->count; i++) {
    free(instances->files[i]);
    free(instances->paths[i]);
    if (instances->judged)
      judged_instance_close(&instances->judged[i]);
  }
  free(instances->files);
  free(instances->paths);
  free(instances->judged);
  memset(instances, 0, sizeof *instances);
}

static void free_counts(char **counts, int rows) {
  if (!counts)
    return;
  for (int i = 0; i < rows; i++)
    free(counts[i]);
  free(counts);
}

static int load_instances(const run_request *request, const volatile sig_atomic_t *stop,
                          suite_instances *instances) {
  char path[4096];
  snprintf(path, sizeof path, "%s/manifest.csv", request->directory);
  FILE *in = fopen(path, "r");
  if (!in)
    return runtime_error("run", "%s: %s (make the suite with 'nqsat suite')", path,
                         strerror(errno));
  char *line = NULL;
  size_t capacity = 0;
  ssize_t length;
  long number = 0;
  int file_column = -1, code = 0;
  /* A chessboard family's row ("--problem ..." options): its truth is the
   * manifest's status and models columns (suite_families.c). */
  int options_column = -1, status_column = -1, models_column = -1;
  /* A model counting suite: its `count` column is each file's exact count
   * (empty: computed when a counter's answer needs it). */
  int count_column = -1, counts_filled = 0;
  char **counts = NULL;
  /* ... and its `log10` column the competition's reference, log10 of the
   * count (NAN: none), for counts the truth leaves unknown. */
  int log10_column = -1;
  double *references = NULL;
  int family_rows_capacity = 0;
  int *family_status = NULL, *family_models_known = NULL;
  uint64_t *family_models = NULL;
  while (!code && (length = getline(&line, &capacity, in)) >= 0) {
    number++;
    while (length && (line[length - 1] == '\n' || line[length - 1] == '\r'))
      line[--length] = '\0';
    char *fields[32];
    int count = csv_split(line, fields, 32);
    if (count < 1) {
      code = runtime_error("run", "%s:%ld: malformed CSV line", path, number);
      break;
    }
    if (number == 1) {
      for (int i = 0; i < count; i++) {
        if (!strcmp(fields[i], "file"))
          file_column = i;
        else if (!strcmp(fields[i], "options"))
          options_column = i;
        else if (!strcmp(fields[i], "status"))
          status_column = i;
        else if (!strcmp(fields[i], "models"))
          models_column = i;
        else if (!strcmp(fields[i], "count"))
          count_column = i;
        else if (!strcmp(fields[i], "log10"))
          log10_column = i;
      }
      if (file_column < 0)
        code = runtime_error("run", "%s:1: no 'file' column", path);
      continue;
    }
    if (count <= file_column || !*fields[file_column] || strchr(fields[file_column], '/')) {
      code = runtime_error("run", "%s:%ld: no instance file name", path, number);
      break;
    }
    size_t needed = (size_t)instances->count + 1;
    char **files =
        grow_array(instances->files, &instances->files_capacity, needed, sizeof *files, 64);
    if (files)
      instances->files = files;
    char **paths =
        grow_array(instances->paths, &instances->paths_capacity, needed, sizeof *paths, 64);
    if (paths)
      instances->paths = paths;
    if (!files || !paths) {
      code = runtime_error("run", "out of memory");
      break;
    }
    size_t size = strlen(request->directory) + strlen(fields[file_column]) + 2;
    instances->files[instances->count] = strdup(fields[file_column]);
    instances->paths[instances->count] = malloc(size);
    instances->count++;
    if (!instances->files[instances->count - 1] || !instances->paths[instances->count - 1]) {
      code = runtime_error("run", "out of memory");
      break;
    }
    snprintf(instances->paths[instances->count - 1], size, "%s/%s", request->directory,
             fields[file_column]);
    if (instances->count > family_rows_capacity) {
      int capacity = 2 * instances->count + 16;
      int *grown_status = realloc(family_status, (size_t)capacity * sizeof *grown_status);
      if (grown_status)
        family_status = grown_status;
      int *grown_known = realloc(family_models_known, (size_t)capacity * sizeof *grown_known);
      if (grown_known)
        family_models_known = grown_known;
      uint64_t *grown_models = realloc(family_models, (size_t)capacity * sizeof *grown_models);
      if (grown_models)
        family_models = grown_models;
      if (!grown_status || !grown_known || !grown_models) {
        code = runtime_error("run", "out of memory");
        break;
      }
      family_rows_capacity = capacity;
    }
    int row = instances->count - 1;
    if (count_column >= 0) {
      char **grown = realloc(counts, (size_t)family_rows_capacity * sizeof *grown);
      double *grown_references =
          grown ? realloc(references, (size_t)family_rows_capacity * sizeof *grown_references)
                : NULL;
      if (grown)
        counts = grown;
      if (grown_references)
        references = grown_references;
      if (!grown || !grown_references) {
        code = runtime_error("run", "out of memory");
        break;
      }
      references[row] = NAN;
      const char *text = log10_column >= 0 && log10_column < count ? fields[log10_column] : "";
      if (*text) {
        char *end = NULL;
        references[row] = strtod(text, &end);
        if (*end || !isfinite(references[row])) {
          code = runtime_error("run", "%s:%ld: log10 '%.40s' is not a number", path, number, text);
          break;
        }
      }
      counts[row] = strdup(count_column < count ? fields[count_column] : "");
      counts_filled = row + 1;
      if (!counts[row]) {
        code = runtime_error("run", "out of memory");
        break;
      }
    }
    family_status[row] = -1; /* not a family row */
    if (options_column >= 0 && options_column < count &&
        !strncmp(fields[options_column], "--problem ", 10)) {
      const char *status_text =
          status_column >= 0 && status_column < count ? fields[status_column] : "";
      const char *models_text =
          models_column >= 0 && models_column < count ? fields[models_column] : "";
      family_status[row] = !strcmp(status_text, "SAT")     ? 10
                           : !strcmp(status_text, "UNSAT") ? 20
                                                           : 0;
      char *end = NULL;
      family_models[row] = strtoull(models_text, &end, 10);
      family_models_known[row] = *models_text && end && !*end;
    }
  }
  free(line);
  fclose(in);
  if (code || !instances->count) {
    free_counts(counts, counts_filled);
    free(references);
    free(family_status);
    free(family_models_known);
    free(family_models);
    return code ? code : runtime_error("run", "%s lists no instance", path);
  }
  /* Read every header now: a broken suite fails before any solver runs. */
  instances->judged = calloc((size_t)instances->count, sizeof *instances->judged);
  if (!instances->judged)
    code = runtime_error("run", "out of memory");
  for (int i = 0; !code && i < instances->count; i++) {
    char error[600];
    nq_status opened =
        counts ? judged_instance_open_counted(&instances->judged[i], instances->paths[i], counts[i],
                                              request->max_nodes, stop, request->count_formula,
                                              request->limits.timeout_seconds, error, sizeof error)
        : family_status[i] >= 0
            ? judged_instance_open_formula(&instances->judged[i], instances->paths[i],
                                           family_status[i], family_models_known[i],
                                           family_models[i], error, sizeof error)
            : judged_instance_open(&instances->judged[i], instances->paths[i], request->max_nodes,
                                   stop, error, sizeof error);
    if (opened != NQ_OK)
      code = runtime_error("run", "%s", error);
    else if (references) {
      instances->judged[i].reference_log10 = references[i];
      instances->judged[i].has_reference_log10 = !isnan(references[i]);
    }
  }
  free_counts(counts, counts_filled);
  free(references);
  free(family_status);
  free(family_models_known);
  free(family_models);
  return code;
}

/* ---- Commands ---------------------------------------------------------------------- */

/* COMMAND with {}, {out} and {proof} replaced by the paths, quoted for sh;
 * caller frees. */
static char *expand_command(const char *template, const char *file, const char *out_path,
                            const char *proof_path) {
  text_buffer command = {0};
  for (const char *p = template; *p;) {
    if (!strncmp(p, "{}", 2)) {
      quote_shell(&command, file, QUOTE_KEEP_LINE_BREAKS);
      p += 2;
    } else if (!strncmp(p, "{out}", 5)) {
      quote_shell(&command, out_path, QUOTE_KEEP_LINE_BREAKS);
      p += 5;
    } else if (!strncmp(p, "{proof}", 7)) {
      quote_shell(&command, proof_path, QUOTE_KEEP_LINE_BREAKS);
      p += 7;
    } else {
      text_buffer_put(&command, p++, 1);
    }
  }
  if (command.failed || !command.data) {
    text_buffer_free(&command);
    return NULL;
  }
  return command.data;
}

static int uses_result_file(const char *template) { return strstr(template, "{out}") != NULL; }
static int uses_proof_file(const char *template) { return strstr(template, "{proof}") != NULL; }

/* An UNSATISFIABLE answer of a solver that writes proofs, judged as the SAT
 * competition does: by the proof, checked by the verifier's DRAT checker
 * (nqsat/proof.h). Returns the verdict and says in `detail` the proof's
 * size and the checking time. */
static const char *judge_proof(const char *instance_path, const char *proof_path, char *detail,
                               size_t detail_size) {
  struct stat info;
  if (stat(proof_path, &info) != 0 || info.st_size == 0) {
    snprintf(detail, detail_size, "UNSATISFIABLE without a proof in {proof}");
    return "unsat-no-proof";
  }
  nq_proof_result result;
  char error[600];
  double started = clock_seconds(CLOCK_MONOTONIC);
  nq_status status =
      nq_proof_check_drat(instance_path, proof_path, NULL, &result, error, sizeof error);
  double seconds = clock_seconds(CLOCK_MONOTONIC) - started;
  const char *why = status == NQ_OK ? result.message : error;
  /* The proof's path is the harness's temporary one: name it {proof}. */
  const char *shown = strstr(why, proof_path) == why ? why + strlen(proof_path) : why;
  snprintf(detail, detail_size, "proof %.3f MB checked in %.3f s: {proof}%s",
           (double)info.st_size / 1048576, seconds, shown);
  return status == NQ_OK && result.verified ? "unsat-verified" : "unsat-proof-failed";
}

/* ---- Judging a finished run ----------------------------------------------------------- */

typedef struct verdict_summary {
  nq_verdict_kind worst;
  int count;
  int worst_incomplete; /* the worst verdict only says the answer stops short */
  nq_claim claim;       /* the answer's status line */
  char detail[700];
} verdict_summary;

/* Worst first: wrong-status, invalid-model, wrong-count, unverified, unknown, correct. */
static int severity(nq_verdict_kind kind) {
  switch (kind) {
  case NQ_VERDICT_WRONG_STATUS: return 6;
  case NQ_VERDICT_INVALID_MODEL: return 5;
  case NQ_VERDICT_WRONG_COUNT: return 4;
  case NQ_VERDICT_UNVERIFIED: return 3;
  case NQ_VERDICT_UNKNOWN: return 2;
  case NQ_VERDICT_CORRECT: return 1;
  }
  return 0;
}

static void summarise(void *context, const nq_verdict *verdict) {
  verdict_summary *summary = context;
  if (!summary->count || severity(verdict->kind) > severity(summary->worst)) {
    summary->worst = verdict->kind;
    summary->worst_incomplete = verdict->incomplete;
    snprintf(summary->detail, sizeof summary->detail, "%s: %s", verdict->subject, verdict->text);
  }
  summary->count++;
}

static int is_wrong(nq_verdict_kind kind) {
  return kind == NQ_VERDICT_WRONG_STATUS || kind == NQ_VERDICT_INVALID_MODEL ||
         kind == NQ_VERDICT_WRONG_COUNT;
}

/* Reads the answer files and judges them; fills `summary`. Returns 0, or
 * -1 when the answer is malformed (detail says why). */
static int judge_answer(judged_instance *judged, const char *stdout_path, const char *result_path,
                        verdict_summary *summary) {
  memset(summary, 0, sizeof *summary);
  summary->worst = NQ_VERDICT_UNKNOWN;
  char error[600];
  nq_answer *answer = nq_answer_new(judged->instance->variables);
  if (!answer) {
    snprintf(summary->detail, sizeof summary->detail, "out of memory reading the answer");
    return -1;
  }
  nq_status status = NQ_OK;
  const char *inputs[2] = {stdout_path, result_path};
  const char *names[2] = {"stdout", "result file"};
  for (int i = 0; i < 2 && status == NQ_OK; i++) {
    if (!inputs[i])
      continue;
    FILE *in = fopen(inputs[i], "r");
    if (!in)
      continue; /* a solver that wrote no result file */
    status = nq_answer_read(answer, in, names[i], error, sizeof error);
    fclose(in);
  }
  summary->claim = answer->claim;
  if (status == NQ_OK)
    status = nq_answer_judge(judged->instance, judged->path, answer, judged_instance_truth, judged,
                             summarise, summary, error, sizeof error);
  nq_answer_free(answer);
  if (status != NQ_OK) {
    snprintf(summary->detail, sizeof summary->detail, "malformed answer: %s", error);
    return -1;
  }
  if (!summary->count)
    snprintf(summary->detail, sizeof summary->detail, "no answer");
  return 0;
}

/* ---- The run loop ------------------------------------------------------------------- */

typedef struct job {
  int active;
  int solver, instance;
  run_process process;
  int root_done; /* the root has been reaped: the rest of the tree is being ended */
  int keep_logs; /* a finished run's output stays in DIR/logs/ */
  char log[600]; /* stdout_path relative to DIR */
  char stdout_path[4200], stderr_path[4200], result_path[4200], proof_path[4200];
  char *command; /* as run */
} job;

typedef struct harness {
  const run_request *request;
  suite_instances instances;
  result_table table;
  int results_fd;
  char temporary[4096];
  job *jobs;
  /* the work list: (solver, instance) pairs not in results.csv */
  int *pending;
  int pending_count, next_pending;
  int finished, wrong_so_far, running;
  int show_progress;
  double last_progress;
  const volatile sig_atomic_t *stop;
  run_cgroup_base cgroups;
  int use_cgroups; /* else the tree is sampled */
} harness;

static void draw_progress(harness *h, int force) {
  if (!h->show_progress)
    return;
  double now = clock_seconds(CLOCK_MONOTONIC);
  if (!force && now - h->last_progress < 0.25)
    return;
  h->last_progress = now;
  int total = h->pending_count, done = h->finished;
  int filled = total ? 30 * done / total : 30;
  char bar[31];
  for (int i = 0; i < 30; i++)
    bar[i] = i < filled ? '#' : '-';
  bar[30] = '\0';
  fprintf(stderr, "\r\033[K[%s] %d/%d runs done, %d left, %d running, %d wrong", bar, done, total,
          total - done, h->running, h->wrong_so_far);
  fflush(stderr);
}

static const char *classify(const harness *h, const job *j, const verdict_summary *summary,
                            int malformed, char *detail, size_t detail_size, char *exit_text,
                            size_t exit_size) {
  const run_process *p = &j->process;
  int status = p->wait_status;
  int signalled = WIFSIGNALED(status);
  int code = WIFEXITED(status) ? WEXITSTATUS(status) : -1;
  if (signalled)
    snprintf(exit_text, exit_size, "sig%d", WTERMSIG(status));
  else
    snprintf(exit_text, exit_size, "%d", code);
  snprintf(detail, detail_size, "%s", summary->detail);
  double timeout = h->request->limits.timeout_seconds;
  int expected_code = !signalled && (code == 0 || code == 10 || code == 20 || code == 30);
  /* A false statement is wrong however the run ended; an answer that only
   * stops short (a claim without its model) is wrong only from a run that
   * ended normally. */
  if (!malformed && summary->count && is_wrong(summary->worst) &&
      !(summary->worst_incomplete && (!expected_code || p->killed_for_time)))
    return nq_verdict_name(summary->worst);
  /* The SAT competitions' exit codes say the status too: a run whose code
   * contradicts its own status line has given two answers. */
  if (!signalled && ((code == 10 && summary->claim == NQ_CLAIM_UNSATISFIABLE) ||
                     (code == 20 && summary->claim == NQ_CLAIM_SATISFIABLE))) {
    snprintf(detail, detail_size, "exit code %d with 's %s'", code,
             summary->claim == NQ_CLAIM_SATISFIABLE ? "SATISFIABLE" : "UNSATISFIABLE");
    return "wrong-exit-code";
  }
  uint64_t limit = h->request->limits.memory_bytes;
  uint64_t used = p->peak_resident_bytes;
  int answered = !malformed && summary->count && summary->worst != NQ_VERDICT_UNKNOWN;
  /* Over the limit (killed for it), or ended abnormally near it (an
   * allocation refused there): memory, as runlim says "out of memory". */
  int killed_for_memory = p->killed_for_memory || p->memory_limit_hit;
  if (limit && (killed_for_memory || ((!expected_code || !answered) && used >= limit / 10 * 9))) {
    snprintf(detail, detail_size, "%s after using %.0f MB of the %.0f MB limit (the whole tree)",
             killed_for_memory ? "killed" : "ended", (double)used / 1048576,
             (double)limit / 1048576);
    return "memory";
  }
  if (p->killed_for_time || p->wall_seconds > timeout || p->cpu_seconds >= timeout ||
      (signalled && (WTERMSIG(status) == SIGXCPU))) {
    snprintf(detail, detail_size, "%s at the %g s limit (wall %.2f s, CPU %.2f s)",
             p->killed_for_time ? "killed" : "stopped", timeout, p->wall_seconds, p->cpu_seconds);
    return "timeout";
  }
  if (!expected_code) {
    if (p->exec_errno)
      snprintf(detail, detail_size, "cannot execute the command: %s", strerror(p->exec_errno));
    else if (signalled)
      snprintf(detail, detail_size, "killed by signal %d (%s)", WTERMSIG(status),
               strsignal(WTERMSIG(status)));
    else
      snprintf(detail, detail_size, "exit code %d", code);
    return "crash";
  }
  if (malformed)
    return "invalid-model";
  return nq_verdict_name(summary->worst);
}

/* A counter's result: its count judged (count-correct, count-wrong,
 * count-unverified), or what ended the run. */
static const char *counter_result(const char *result) {
  if (!strcmp(result, "correct"))
    return "count-correct";
  if (!strcmp(result, "wrong-count") || !strcmp(result, "wrong-status"))
    return "count-wrong";
  if (!strcmp(result, "unverified"))
    return "count-unverified";
  return result;
}

/* The judge names nqsat's count as the truth of a formula without a
 * board; a counting suite's manifest gave it instead. */
static void name_the_manifest(char *detail, size_t size) {
  static const char *const said[] = {"as nqsat counts", "nqsat counts "};
  static const char *const instead[] = {"as the manifest says", "the manifest's count is "};
  for (int i = 0; i < 2; i++) {
    char *at = strstr(detail, said[i]);
    if (!at)
      continue;
    char rest[800];
    snprintf(rest, sizeof rest, "%s", at + strlen(said[i]));
    snprintf(at, size - (size_t)(at - detail), "%s%s", instead[i], rest);
    return;
  }
}

/* A count the truth leaves unknown, against the manifest's log10: a count
 * whose log10 is off by more than the reference's rounding (printed to
 * 8 decimals: 1e-6 relative allows for it) is wrong; one that agrees stays
 * unverified (agreeing in 8 digits is not equality) and says so. */
static const char *against_reference(const char *count_path, double reference, char *detail,
                                     size_t detail_size) {
  FILE *in = fopen(count_path, "r");
  char *line = NULL;
  size_t capacity = 0;
  const char *result = "count-unverified";
  while (in && getline(&line, &capacity, in) >= 0) {
    if (strncmp(line, "c s exact arb int ", 18))
      continue;
    line[strcspn(line, "\n")] = '\0';
    const char *digits = line + 18;
    double claimed = nq_count_log10(digits);
    double tolerance = 1e-6 * (fabs(reference) > 1 ? fabs(reference) : 1);
    size_t used = strlen(detail);
    if (isinf(claimed) || fabs(claimed - reference) > tolerance) {
      snprintf(detail, detail_size,
               "count: %.60s%s models claimed, log10 %.8f; the manifest's reference is log10 "
               "%.8f",
               digits, strlen(digits) > 60 ? "..." : "", claimed, reference);
      result = "count-wrong";
      break;
    }
    snprintf(detail + used, detail_size - used,
             "; its log10 %.8f agrees with the manifest's reference", claimed);
  }
  free(line);
  if (in)
    fclose(in);
  return result;
}

/* The slot is free again; its files are gone. */
static void release_job(harness *h, job *j) {
  run_process_release(&j->process);
  if (!j->keep_logs) {
    unlink(j->stdout_path);
    unlink(j->stderr_path);
  }
  unlink(j->result_path);
  unlink(j->proof_path);
  free(j->command);
  j->command = NULL;
  j->active = 0;
  h->running--;
}

static int finish_job(harness *h, job *j) {
  const solver_spec *solver = &h->request->solvers[j->solver];
  judged_instance *judged = &h->instances.judged[j->instance];
  verdict_summary summary;
  int uses_result = uses_result_file(solver->command);
  const char *answer_path = j->stdout_path;
  char count_path[4200];
  int malformed = 0;
  if (solver->counter) {
    /* A counter's output, whatever its format, as competition lines. */
    char error[600];
    snprintf(count_path, sizeof count_path, "%s/%d.count", h->temporary, (int)(j - h->jobs));
    if (counter_output_normalise(j->stdout_path, count_path, error, sizeof error) < 0) {
      memset(&summary, 0, sizeof summary);
      snprintf(summary.detail, sizeof summary.detail, "malformed answer: %s", error);
      malformed = 1;
    }
    answer_path = count_path;
  }
  if (!malformed)
    malformed =
        judge_answer(judged, answer_path, uses_result ? j->result_path : NULL, &summary) != 0;
  char detail[800], exit_text[32];
  const char *result =
      classify(h, j, &summary, malformed, detail, sizeof detail, exit_text, sizeof exit_text);
  if (solver->counter) {
    result = counter_result(result);
    if (!strcmp(result, "count-unverified") && judged->has_reference_log10)
      result = against_reference(count_path, judged->reference_log10, detail, sizeof detail);
    unlink(count_path);
  }
  if (judged->truth_from_manifest)
    name_the_manifest(detail, sizeof detail);
  /* A solver that writes proofs: its UNSAT answers stand by them. A
   * false claim stays wrong-status whatever the proof says. */
  if (uses_proof_file(solver->command) && !malformed && summary.claim == NQ_CLAIM_UNSATISFIABLE &&
      (!strcmp(result, "correct") || !strcmp(result, "unverified")) &&
      judged->instance->format == NQ_INSTANCE_CNF)
    result = judge_proof(h->instances.paths[j->instance], j->proof_path, detail, sizeof detail);
  /* The recorded command reproduces the answer file the judge read. */
  char *shown =
      expand_command(solver->command, h->instances.paths[j->instance], "result.txt", "proof.drat");
  size_t size = (shown ? strlen(shown) : 0) + 80;
  char *reproduce = malloc(size);
  if (shown && reproduce)
    /* "| cat": standard output a pipe, as the harness gives it. */
    snprintf(reproduce, size, "%s | cat > answer.txt%s", shown,
             uses_result ? "; cat result.txt >> answer.txt" : "");
  result_row row = {(char *)solver->name,
                    h->instances.files[j->instance],
                    (char *)result,
                    exit_text,
                    detail,
                    reproduce ? reproduce : "",
                    j->log,
                    h->table.has_measure ? (char *)(h->use_cgroups ? "cgroup" : "sample") : NULL,
                    j->process.wall_seconds,
                    j->process.cpu_seconds,
                    (double)j->process.peak_resident_bytes / 1048576,
                    h->request->limits.timeout_seconds};
  j->keep_logs = 1;
  int code = 0;
  if (results_append(h->results_fd, &row))
    code = runtime_error("run", "%s/results.csv: %s", h->request->directory, strerror(errno));
  else if (results_add(&h->table, &row))
    code = runtime_error("run", "out of memory");
  free(shown);
  free(reproduce);
  h->wrong_so_far += result_is_wrong(&row);
  h->finished++;
  release_job(h, j);
  return code;
}

static int start_job(harness *h, job *j, int slot) {
  int work = h->pending[h->next_pending++];
  j->solver = work % h->request->solver_count;
  j->instance = work / h->request->solver_count;
  /* The run's output is kept as its log, DIR/logs/SOLVER/FILE.out and .err. */
  const char *solver_name = h->request->solvers[j->solver].name;
  snprintf(j->log, sizeof j->log, "logs/%s/%s.out", solver_name, h->instances.files[j->instance]);
  char folder[4200];
  snprintf(folder, sizeof folder, "%s/logs", h->request->directory);
  mkdir(folder, 0777);
  snprintf(folder, sizeof folder, "%s/logs/%s", h->request->directory, solver_name);
  mkdir(folder, 0777);
  snprintf(j->stdout_path, sizeof j->stdout_path, "%s/%s", h->request->directory, j->log);
  snprintf(j->stderr_path, sizeof j->stderr_path, "%s/logs/%s/%s.err", h->request->directory,
           solver_name, h->instances.files[j->instance]);
  j->keep_logs = 0;
  snprintf(j->result_path, sizeof j->result_path, "%s/%d.result", h->temporary, slot);
  snprintf(j->proof_path, sizeof j->proof_path, "%s/%d.proof", h->temporary, slot);
  unlink(j->result_path);
  unlink(j->proof_path);
  j->command = expand_command(h->request->solvers[j->solver].command,
                              h->instances.paths[j->instance], j->result_path, j->proof_path);
  if (!j->command)
    return runtime_error("run", "out of memory");
  char marker[64];
  snprintf(marker, sizeof marker, "NQSAT_RUN=%d.%d.%d", (int)getpid(), slot, h->next_pending);
  j->root_done = 0;
  if (run_process_start(&j->process, j->command, j->stdout_path, j->stderr_path, marker,
                        &h->request->limits, h->use_cgroups ? &h->cgroups : NULL)) {
    int saved = errno;
    free(j->command);
    j->command = NULL;
    return runtime_error("run", "cannot start '%s': %s", h->request->solvers[j->solver].name,
                         strerror(saved));
  }
  j->active = 1;
  h->running++;
  return 0;
}

/* The job `pid` belongs to: its root, a process it adopted, or (a child
 * of the harness not yet adopted) one it claims. NULL for none. */
static job *job_of(harness *h, pid_t pid) {
  for (int i = 0; i < h->request->jobs; i++) {
    job *j = &h->jobs[i];
    if (!j->active)
      continue;
    if (j->process.pid == pid)
      return j;
    for (size_t k = 0; k < j->process.adopted_count; k++)
      if (j->process.adopted[k] == pid)
        return j;
  }
  for (int i = 0; i < h->request->jobs; i++)
    if (h->jobs[i].active && run_process_claims(&h->jobs[i].process, pid))
      return &h->jobs[i];
  return NULL;
}

/* Children of the harness that are not a run's root are orphans of a run
 * (the harness is a subreaper): each goes to the run that claims it. */
static void adopt_orphans(harness *h) {
  DIR *tasks = opendir("/proc/self/task");
  if (!tasks)
    return;
  struct dirent *task;
  while ((task = readdir(tasks))) {
    if (task->d_name[0] == '.')
      continue;
    char path[320];
    snprintf(path, sizeof path, "/proc/self/task/%s/children", task->d_name);
    FILE *children = fopen(path, "r");
    if (!children)
      continue;
    int child;
    while (fscanf(children, "%d", &child) == 1) {
      job *j = job_of(h, (pid_t)child);
      if (j && j->process.pid != (pid_t)child)
        run_process_adopt(&j->process, (pid_t)child);
    }
    fclose(children);
  }
  closedir(tasks);
}

/* A run whose root has ended: what it left behind gets SIGTERM, then
 * SIGKILL after the grace period, every time round until it is gone. */
static void end_rest_of_tree(job *j, double now) {
  if (!j->process.kill_at) {
    j->process.kill_at = now + STOP_GRACE_SECONDS;
    run_process_kill(&j->process, SIGTERM);
  } else if (now >= j->process.kill_at) {
    run_process_kill(&j->process, SIGKILL);
  }
}

/* Reaps every process that has ended, finishes the runs that are over;
 * returns 0 or an exit code. A finished run's wall time ends at the reap
 * of its last process (or, with output still open, when the pipe ends). */
static int reap(harness *h) {
  int code = 0;
  adopt_orphans(h);
  for (;;) {
    int status;
    struct rusage usage;
    pid_t pid = wait4(-1, &status, WNOHANG, &usage);
    if (pid <= 0)
      break;
    job *j = job_of(h, pid);
    if (!j)
      continue;
    if (run_process_reaped(&j->process, pid, status, &usage))
      j->root_done = 1;
  }
  adopt_orphans(h);
  double now = clock_seconds(CLOCK_MONOTONIC);
  for (int i = 0; i < h->request->jobs; i++) {
    job *j = &h->jobs[i];
    if (!j->active)
      continue;
    run_process_drain(&j->process);
    if (!j->root_done)
      continue;
    if (!run_process_finished(&j->process)) {
      end_rest_of_tree(j, now);
      continue;
    }
    if (h->stop && *h->stop) {
      /* Stopped by us: not a finished run; --resume does it again. */
      release_job(h, j);
    } else if (!code) {
      code = finish_job(h, j);
      draw_progress(h, 1);
    } else {
      release_job(h, j);
    }
  }
  return code;
}

/* Ends every running solver: SIGTERM to every process of every run, a
 * short grace, then SIGKILL; reaps them all. */
static void stop_all(harness *h) {
  adopt_orphans(h);
  for (int i = 0; i < h->request->jobs; i++)
    if (h->jobs[i].active)
      run_process_kill(&h->jobs[i].process, SIGTERM);
  double until = clock_seconds(CLOCK_MONOTONIC) + STOP_GRACE_SECONDS;
  while (h->running && clock_seconds(CLOCK_MONOTONIC) < until) {
    reap(h);
    struct timespec pause = {0, 10000000};
    nanosleep(&pause, NULL);
  }
  while (h->running) {
    adopt_orphans(h);
    for (int i = 0; i < h->request->jobs; i++)
      if (h->jobs[i].active) {
        run_process_kill(&h->jobs[i].process, SIGKILL);
        h->jobs[i].process.kill_at = 1; /* SIGKILL at once from now on */
      }
    reap(h);
    struct timespec pause = {0, 5000000};
    nanosleep(&pause, NULL);
  }
}

static int run_loop(harness *h) {
  const run_request *request = h->request;
  sigset_t child_signal;
  sigemptyset(&child_signal);
  sigaddset(&child_signal, SIGCHLD);
  int code = 0;
  while (!code && (h->next_pending < h->pending_count || h->running)) {
    if (*h->stop)
      break;
    for (int i = 0; i < request->jobs && h->next_pending < h->pending_count && !code; i++)
      if (!h->jobs[i].active)
        code = start_job(h, &h->jobs[i], i);
    if (code)
      break;
    draw_progress(h, 0);
    /* Sleep until a child ends, a signal arrives, the next deadline, the
     * next memory sample or the next progress update. */
    double now = clock_seconds(CLOCK_MONOTONIC), wake = now + 0.25;
    for (int i = 0; i < request->jobs; i++)
      if (h->jobs[i].active && h->jobs[i].process.deadline < wake)
        wake = h->jobs[i].process.deadline;
    /* Every run's tree is sampled (its peak memory), more often under a
     * memory limit; a run ending its tree is looked at again soon. */
    double sample = request->limits.memory_bytes ? MEMORY_SAMPLE_SECONDS : 0.05;
    for (int i = 0; i < request->jobs; i++)
      if (h->jobs[i].active && h->jobs[i].root_done)
        sample = 0.005;
    if (now + sample < wake)
      wake = now + sample;
    double pause = wake > now ? wake - now : 0;
    struct timespec timeout = {(time_t)pause, (long)((pause - (double)(time_t)pause) * 1e9)};
    sigtimedwait(&child_signal, NULL, &timeout);
    code = reap(h);
    now = clock_seconds(CLOCK_MONOTONIC);
    for (int i = 0; i < request->jobs; i++) {
      job *j = &h->jobs[i];
      if (!j->active || j->root_done)
        continue;
      uint64_t resident = run_process_sample(&j->process);
      /* Over the limit by the samples, or (in a cgroup) a process of the
       * run killed by the kernel for it: the rest of the tree goes too. */
      if (request->limits.memory_bytes &&
          (resident > request->limits.memory_bytes || j->process.memory_limit_hit) &&
          !j->process.killed_for_memory) {
        j->process.killed_for_memory = 1;
        run_process_kill(&j->process, SIGKILL);
      }
      if (now >= j->process.deadline && !j->process.killed_for_time) {
        j->process.killed_for_time = 1;
        run_process_kill(&j->process, SIGKILL);
      }
    }
  }
  if (h->running)
    stop_all(h);
  return code;
}

/* A file in a format the solver was not declared for: a row that says so,
 * no run. */
static int record_skipped(harness *h, int solver, int instance) {
  const solver_spec *spec = &h->request->solvers[solver];
  int opb = h->instances.judged[instance].instance->format == NQ_INSTANCE_OPB;
  char detail[300];
  snprintf(detail, sizeof detail,
           "format: %s is declared for %s files; give --solver %s:cnf,opb=... to run it on %s "
           "files too",
           spec->name, spec->cnf ? "cnf" : "opb", spec->name, opb ? "OPB" : "CNF");
  result_row row = {(char *)spec->name,
                    h->instances.files[instance],
                    "skipped",
                    "-",
                    detail,
                    "",
                    "",
                    h->table.has_measure ? "" : NULL,
                    0,
                    0,
                    0,
                    h->request->limits.timeout_seconds};
  if (results_append(h->results_fd, &row))
    return runtime_error("run", "%s/results.csv: %s", h->request->directory, strerror(errno));
  if (results_add(&h->table, &row))
    return runtime_error("run", "out of memory");
  return 0;
}

/* The work list: every (solver, instance) pair results.csv lacks; pairs
 * of a format the solver does not read are recorded as skipped. */
static int plan_work(harness *h) {
  int solvers = h->request->solver_count;
  h->pending = malloc((size_t)h->instances.count * (size_t)solvers * sizeof *h->pending);
  if (!h->pending)
    return runtime_error("run", "out of memory");
  for (int i = 0; i < h->instances.count; i++)
    for (int s = 0; s < solvers; s++) {
      const solver_spec *spec = &h->request->solvers[s];
      int done = 0;
      for (size_t r = 0; r < h->table.count && !done; r++)
        done = !strcmp(h->table.rows[r].solver, h->request->solvers[s].name) &&
               !strcmp(h->table.rows[r].file, h->instances.files[i]);
      if (done)
        continue;
      if (!(h->instances.judged[i].instance->format == NQ_INSTANCE_OPB ? spec->opb : spec->cnf)) {
        int code = record_skipped(h, s, i);
        if (code)
          return code;
        continue;
      }
      h->pending[h->pending_count++] = i * solvers + s;
    }
  return 0;
}

static int open_results(harness *h) {
  const run_request *request = h->request;
  char path[4200], error[600];
  snprintf(path, sizeof path, "%s/results.csv", request->directory);
  int dropped = 0;
  if (results_load(path, &h->table, request->resume, &dropped, error, sizeof error))
    return runtime_error("run", "%s", error);
  if ((h->table.count || dropped) && !request->resume)
    return runtime_error("run",
                         "%s already records %zu runs: give --resume to go on, or "
                         "remove it to start over",
                         path, h->table.count);
  if (dropped)
    fprintf(stderr,
            "nqsat run: %s: dropped a row cut off by an earlier interruption; that run "
            "is done again\n",
            path);
  h->results_fd = results_open(path, error, sizeof error);
  if (h->results_fd < 0)
    return runtime_error("run", "%s", error);
  return 0;
}

/* By cgroup when asked or (auto) when the machine allows, else by sampling. */
static int choose_measure(harness *h) {
  if (h->request->measure == RUN_MEASURE_SAMPLE)
    return 0;
  char why[700];
  if (run_cgroup_base_open(&h->cgroups, why, sizeof why) == 0) {
    h->use_cgroups = 1;
    return 0;
  }
  if (h->request->measure == RUN_MEASURE_CGROUP)
    return runtime_error("run", "--measure cgroup: %s", why);
  return 0;
}

int harness_run(const run_request *request) {
  int code = 0;
  harness h;
  memset(&h, 0, sizeof h);
  h.request = request;
  h.results_fd = -1;
  h.stop = interrupt_watch();
  h.show_progress = isatty(STDERR_FILENO);
  sigset_t child_signal, previous_mask;
  sigemptyset(&child_signal);
  sigaddset(&child_signal, SIGCHLD);
  sigprocmask(SIG_BLOCK, &child_signal, &previous_mask);
  if (run_harness_become_subreaper())
    code = runtime_error("run", "cannot become a child subreaper: %s", strerror(errno));
  if (!code)
    code = choose_measure(&h);
  if (!code)
    code = load_instances(request, h.stop, &h.instances);
  if (!code)
    code = open_results(&h);
  if (!code)
    code = plan_work(&h);
  if (!code) {
    const char *base = getenv("TMPDIR");
    snprintf(h.temporary, sizeof h.temporary, "%s/nqsat-run.XXXXXX", base && *base ? base : "/tmp");
    h.jobs = calloc((size_t)request->jobs, sizeof *h.jobs);
    if (!mkdtemp(h.temporary))
      code = runtime_error("run", "cannot create a temporary directory %s: %s", h.temporary,
                           strerror(errno));
    else if (!h.jobs)
      code = runtime_error("run", "out of memory");
  }
  if (!code)
    code = run_loop(&h);
  if (*h.temporary && strstr(h.temporary, "nqsat-run.") && !strstr(h.temporary, "XXXXXX"))
    rmdir(h.temporary);
  if (h.use_cgroups)
    run_cgroup_base_close(&h.cgroups);
  if (h.show_progress)
    fprintf(stderr, "\r\033[K");
  int interrupted = interrupt_requested() != 0;
  if (!code && h.results_fd >= 0) {
    const char *names[RUN_MAX_SOLVERS];
    for (int i = 0; i < request->solver_count; i++)
      names[i] = request->solvers[i].name;
    run_report(stdout, &h.table, names, request->solver_count, request->directory);
    char path[4200], error[600];
    snprintf(path, sizeof path, "%s/cactus.svg", request->directory);
    if (run_cactus_write(&h.table, names, request->solver_count, request->cactus_axis, path, error,
                         sizeof error))
      code = runtime_error("run", "%s", error);
    fflush(stdout);
  }
  int wrong = 0;
  for (size_t i = 0; i < h.table.count; i++)
    wrong += result_is_wrong(&h.table.rows[i]);
  int left = h.pending_count - h.finished;
  if (h.results_fd >= 0)
    close(h.results_fd);
  results_free(&h.table);
  free_instances(&h.instances);
  free(h.jobs);
  free(h.pending);
  sigprocmask(SIG_SETMASK, &previous_mask, NULL);
  if (interrupted) {
    char what[300];
    snprintf(what, sizeof what,
             "solvers stopped; results.csv holds every finished run, %d left "
             "(--resume runs them)",
             left);
    return report_interrupted("run", what);
  }
  if (code)
    return code;
  return wrong ? NQ_EXIT_FAILURE : NQ_EXIT_OK;
}
