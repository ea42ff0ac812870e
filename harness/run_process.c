/* One solver run as a process tree, measured as runlim does it (A. Biere's
 * runlim samples the tree in /proc) and as the SAT competitions' runners
 * run it (runsolver, O. Roussel, JSAT 7, 2011): its own process group; the
 * harness a child subreaper, so nothing the solver starts can leave the
 * run, even with setsid; at its end every process of the run killed and
 * reaped; CPU time from the kernel (wait4's rusage of the root, which holds
 * every descendant it waited for, plus that of every orphan the harness
 * reaps); resident memory summed over the tree by sampling /proc; standard
 * output through a pipe, so a solver that reopens /dev/stdout writes into
 * the pipe as into a terminal instead of truncating a file. Where the
 * machine allows, the run also has a cgroup of its own (run_cgroup.c),
 * joined before exec, and the kernel's counts for it replace the wait4
 * times and the samples, as in BenchExec. */
/* wait4, killpg and execvpe-like helpers are outside _POSIX_C_SOURCE. */
#define _DEFAULT_SOURCE
#include <ctype.h>
#include <dirent.h>
#include <errno.h>
#include <fcntl.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/prctl.h>
#include <sys/resource.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

#include "clock.h"
#include "grow.h"
#include "run.h"

extern char **environ;

/* Words the shell would not treat specially: then the command is split on
 * blanks and exec'd directly, saving a shell's start-up per run. */
static int plain_words(const char *command) {
  for (const char *p = command; *p; p++)
    if (!isalnum((unsigned char)*p) && !strchr(" -_./:=,+@%", *p))
      return 0;
  return 1;
}

/* The first executable NAME in the colon-separated `search`; caller frees;
 * NULL when there is none (exec then reports it). */
static char *find_in_path(const char *search, const char *name) {
  size_t name_length = strlen(name);
  for (const char *start = search;; start++) {
    const char *end = strchr(start, ':');
    size_t length = end ? (size_t)(end - start) : strlen(start);
    char *candidate = malloc(length + name_length + 3);
    if (!candidate)
      return NULL;
    if (length)
      snprintf(candidate, length + name_length + 3, "%.*s/%s", (int)length, start, name);
    else
      snprintf(candidate, name_length + 3, "./%s", name);
    if (access(candidate, X_OK) == 0)
      return candidate;
    free(candidate);
    if (!end)
      return NULL;
    start = end;
  }
}

/* In the child: never returns. Only system calls until exec (it is a
 * vfork child sharing nqsat's memory). */
__attribute__((noinline, noreturn)) static void start_child(const char *path, char **arguments,
                                                            char **environment, int out, int err,
                                                            int report, const run_limits *limits,
                                                            const run_cgroup *cgroup) {
  setpgid(0, 0);
  /* First of all, so everything the run does is counted in its cgroup; a
   * failure is told to the parent as a negative errno. */
  if (cgroup && run_cgroup_join(cgroup)) {
    int failure = -errno;
    if (write(report, &failure, sizeof failure) < 0)
      _exit(127);
    _exit(127);
  }
  /* Die with the harness, whatever kills it (Linux). */
  prctl(PR_SET_PDEATHSIG, SIGKILL);
  sigset_t none;
  sigemptyset(&none);
  sigprocmask(SIG_SETMASK, &none, NULL);
  /* exec keeps ignored signals ignored: undo what nqsat ignores. */
  signal(SIGXFSZ, SIG_DFL);
  signal(SIGPIPE, SIG_DFL);
  signal(SIGINT, SIG_DFL);
  signal(SIGTERM, SIG_DFL);
  struct rlimit limit;
  rlim_t cpu = (rlim_t)limits->timeout_seconds;
  if ((double)cpu < limits->timeout_seconds)
    cpu++;
  limit.rlim_cur = cpu;
  limit.rlim_max = cpu + 1; /* SIGXCPU first (a solver may report), then SIGKILL */
  setrlimit(RLIMIT_CPU, &limit);
  limit.rlim_cur = limit.rlim_max = 0;
  setrlimit(RLIMIT_CORE, &limit);
  int in = open("/dev/null", O_RDONLY);
  if (in < 0 || dup2(in, 0) < 0 || dup2(out, 1) < 0 || dup2(err, 2) < 0)
    _exit(127);
  execve(path, arguments, environment);
  /* Tell the parent why (the pipe closes on a successful exec instead). */
  int failure = errno;
  if (write(report, &failure, sizeof failure) < 0)
    _exit(127);
  _exit(127);
}

/* environ with `marker` (NAME=VALUE) added, any earlier NAME= left out;
 * the strings are borrowed. NULL when out of memory. */
__attribute__((noinline)) static char **environment_with(const char *marker) {
  size_t name_length = strcspn(marker, "=") + 1, count = 0;
  while (environ && environ[count])
    count++;
  char **environment = malloc((count + 2) * sizeof *environment);
  if (!environment)
    return NULL;
  size_t kept = 0;
  for (size_t i = 0; i < count; i++)
    if (strncmp(environ[i], marker, name_length))
      environment[kept++] = environ[i];
  environment[kept++] = (char *)marker;
  environment[kept] = NULL;
  return environment;
}

int run_harness_become_subreaper(void) { return prctl(PR_SET_CHILD_SUBREAPER, 1) == 0 ? 0 : -1; }

int run_process_start(run_process *process, const char *command, const char *stdout_path,
                      const char *stderr_path, const char *marker, const run_limits *limits,
                      run_cgroup_base *cgroups) {
  memset(process, 0, sizeof *process);
  process->output = process->output_file = -1;
  process->cgroup.join[0] = process->cgroup.join[1] = -1;
  if (cgroups) {
    if (run_cgroup_create(cgroups, &process->cgroup, limits->memory_bytes))
      return -1;
    process->in_cgroup = 1;
  }
  snprintf(process->marker, sizeof process->marker, "%s", marker);
  process->output_file = open(stdout_path, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0600);
  int err = process->output_file < 0
                ? -1
                : open(stderr_path, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0600);
  int output[2] = {-1, -1};
  if (err >= 0 && pipe(output) == 0) {
    fcntl(output[0], F_SETFD, FD_CLOEXEC);
    fcntl(output[0], F_SETFL, O_NONBLOCK);
    fcntl(output[1], F_SETFD, FD_CLOEXEC);
  }
  /* The word list, the program's path and the environment are made before
   * the child exists: it may only make system calls (see below). */
  char *copy = NULL, **words = NULL, *program = NULL;
  char *shell_arguments[] = {"sh", "-c", (char *)command, NULL};
  char **arguments = shell_arguments;
  const char *path = "/bin/sh";
  if (plain_words(command)) {
    size_t length = strlen(command);
    copy = malloc(length + 1);
    words = malloc((length / 2 + 2) * sizeof *words);
    if (copy && words) {
      memcpy(copy, command, length + 1);
      int count = 0;
      for (char *word = strtok(copy, " "); word; word = strtok(NULL, " "))
        words[count++] = word;
      words[count] = NULL;
      if (count) {
        arguments = words;
        path = words[0];
        if (!strchr(words[0], '/')) {
          /* Search PATH here, once: in the child each failing execve of a
           * search would cost a fraction of a millisecond. */
          const char *search = getenv("PATH");
          program = search ? find_in_path(search, words[0]) : NULL;
          if (program)
            path = program;
        }
      }
    }
  }
  char **environment = environment_with(process->marker);
  int saved_errno = 0;
  pid_t pid = -1;
  /* A close-on-exec pipe: it reads end-of-file once the child has exec'd
   * the solver (and an errno when exec failed). Until then the child is a
   * copy of nqsat, whose memory must not be sampled as the solver's. */
  int handshake[2] = {-1, -1};
  if (output[1] >= 0 && environment && pipe(handshake) == 0 &&
      fcntl(handshake[0], F_SETFD, FD_CLOEXEC) == 0 &&
      fcntl(handshake[1], F_SETFD, FD_CLOEXEC) == 0) {
    struct rusage own;
    getrusage(RUSAGE_SELF, &own);
    process->harness_peak_bytes = (uint64_t)own.ru_maxrss * 1024;
    process->started = clock_seconds(CLOCK_MONOTONIC);
    /* vfork, as posix_spawn does: the child borrows nqsat's memory until
     * exec, so no page tables are copied and nqsat's next writes fault no
     * copies in (a fork cost about 2 ms of the harness's time per run). The
     * child only makes system calls and never returns from start_child. */
    pid = vfork();
    if (pid == 0)
      start_child(path, arguments, environment, output[1], err, handshake[1], limits,
                  process->in_cgroup ? &process->cgroup : NULL);
    saved_errno = errno;
  } else {
    saved_errno = errno ? errno : ENOMEM;
  }
  if (handshake[1] >= 0)
    close(handshake[1]);
  if (output[1] >= 0)
    close(output[1]);
  if (err >= 0)
    close(err);
  free(copy);
  free(words);
  free(program);
  free(environment);
  if (pid < 0) {
    run_process_release(process);
    if (handshake[0] >= 0)
      close(handshake[0]);
    if (output[0] >= 0)
      close(output[0]);
    if (process->output_file >= 0)
      close(process->output_file);
    process->output_file = -1;
    errno = saved_errno;
    return -1;
  }
  /* Also here, so the group exists before the parent may signal it. */
  setpgid(pid, pid);
  process->pid = process->group = pid;
  process->output = output[0];
  int failure = 0;
  ssize_t got;
  do
    got = read(handshake[0], &failure, sizeof failure);
  while (got < 0 && errno == EINTR);
  close(handshake[0]);
  process->exec_errno = got == (ssize_t)sizeof failure ? failure : 0;
  if (process->exec_errno < 0) {
    /* The child could not join its cgroup and has ended: a harness error,
     * not a run (reap() collects the child). */
    run_process_release(process);
    process->pid = 0;
    errno = -process->exec_errno;
    return -1;
  }
  process->deadline = process->started + limits->timeout_seconds;
  return 0;
}

int run_process_drain(run_process *process) {
  if (process->output < 0)
    return 1;
  char buffer[65536];
  for (;;) {
    ssize_t got = read(process->output, buffer, sizeof buffer);
    if (got > 0) {
      /* A full disk loses the rest of the answer, which the judge then
       * reads as cut short; the run itself goes on. */
      for (ssize_t done = 0; done < got && process->output_file >= 0;) {
        ssize_t put = write(process->output_file, buffer + done, (size_t)(got - done));
        if (put < 0 && errno == EINTR)
          continue;
        if (put <= 0)
          break;
        done += put;
      }
      continue;
    }
    if (got < 0 && errno == EINTR)
      continue;
    if (got < 0 && (errno == EAGAIN || errno == EWOULDBLOCK))
      return 0;
    close(process->output);
    process->output = -1;
    return 1;
  }
}

static int remember(pid_t **list, size_t *count, size_t *capacity, pid_t pid) {
  for (size_t i = 0; i < *count; i++)
    if ((*list)[i] == pid)
      return 0;
  if (*count == *capacity) {
    pid_t *grown = grow_array(*list, capacity, *capacity + 1, sizeof *grown, 16);
    if (!grown)
      return -1;
    *list = grown;
  }
  (*list)[(*count)++] = pid;
  return 0;
}

/* Resident bytes of `pid` plus, recursively, its children's; records every
 * process seen. */
static uint64_t sample_tree(run_process *process, pid_t pid, int depth) {
  char path[64];
  uint64_t total = 0;
  snprintf(path, sizeof path, "/proc/%d/statm", (int)pid);
  FILE *statm = fopen(path, "r");
  if (statm) {
    unsigned long size, resident;
    if (fscanf(statm, "%lu %lu", &size, &resident) == 2)
      total += (uint64_t)resident * (uint64_t)sysconf(_SC_PAGESIZE);
    fclose(statm);
  }
  remember(&process->seen, &process->seen_count, &process->seen_capacity, pid);
  if (depth > 64)
    return total;
  /* Children of every thread of the process. */
  snprintf(path, sizeof path, "/proc/%d/task", (int)pid);
  DIR *tasks = opendir(path);
  if (!tasks)
    return total;
  struct dirent *task;
  while ((task = readdir(tasks))) {
    if (task->d_name[0] == '.')
      continue;
    char children_path[320];
    snprintf(children_path, sizeof children_path, "/proc/%d/task/%s/children", (int)pid,
             task->d_name);
    FILE *children = fopen(children_path, "r");
    if (!children)
      continue;
    int child;
    while (fscanf(children, "%d", &child) == 1)
      total += sample_tree(process, (pid_t)child, depth + 1);
    fclose(children);
  }
  closedir(tasks);
  return total;
}

uint64_t run_process_sample(run_process *process) {
  if (process->in_cgroup) {
    run_cgroup_usage usage;
    if (run_cgroup_read(&process->cgroup, &usage) == 0) {
      process->peak_resident_bytes = usage.peak_bytes;
      process->memory_limit_hit |= usage.memory_limit_hit;
    }
    return process->peak_resident_bytes;
  }
  uint64_t total = 0;
  if (process->pid > 0)
    total += sample_tree(process, process->pid, 0);
  for (size_t i = 0; i < process->adopted_count; i++)
    total += sample_tree(process, process->adopted[i], 0);
  if (total > process->peak_resident_bytes)
    process->peak_resident_bytes = total;
  return total;
}

/* Field 5 of /proc/PID/stat, the process group (after the command name,
 * which may hold blanks and parentheses: read from the last ')'). */
static pid_t process_group_of(pid_t pid) {
  char path[64], text[512];
  snprintf(path, sizeof path, "/proc/%d/stat", (int)pid);
  FILE *stat = fopen(path, "r");
  if (!stat)
    return -1;
  size_t length = fread(text, 1, sizeof text - 1, stat);
  fclose(stat);
  text[length] = '\0';
  char *end = strrchr(text, ')');
  int parent, group;
  char state;
  if (!end || sscanf(end + 1, " %c %d %d", &state, &parent, &group) != 3)
    return -1;
  return (pid_t)group;
}

static int carries_marker(pid_t pid, const char *marker) {
  char path[64];
  snprintf(path, sizeof path, "/proc/%d/environ", (int)pid);
  FILE *environment = fopen(path, "r");
  if (!environment)
    return 0;
  size_t marker_length = strlen(marker), used = 0;
  char entry[4096];
  int found = 0, c;
  while (!found && (c = fgetc(environment)) != EOF) {
    if (c) {
      if (used < sizeof entry - 1)
        entry[used++] = (char)c;
      continue;
    }
    found = used == marker_length && !memcmp(entry, marker, used);
    used = 0;
  }
  fclose(environment);
  return found;
}

int run_process_claims(run_process *process, pid_t pid) {
  for (size_t i = 0; i < process->seen_count; i++)
    if (process->seen[i] == pid)
      return 1;
  if (process->group > 0 && process_group_of(pid) == process->group)
    return 1;
  if (process->in_cgroup && run_cgroup_holds(&process->cgroup, pid))
    return 1;
  return carries_marker(pid, process->marker);
}

int run_process_adopt(run_process *process, pid_t pid) {
  if (remember(&process->seen, &process->seen_count, &process->seen_capacity, pid))
    return -1;
  return remember(&process->adopted, &process->adopted_count, &process->adopted_capacity, pid);
}

void run_process_kill(run_process *process, int signal_number) {
  /* Reaches every process of the run, also one not yet adopted whose
   * parent is alive but that left the group. */
  if (process->in_cgroup && signal_number == SIGKILL)
    run_cgroup_kill(&process->cgroup);
  if (process->group > 0)
    killpg(process->group, signal_number);
  for (size_t i = 0; i < process->adopted_count; i++) {
    kill(process->adopted[i], signal_number);
    /* A process that called setsid leads a group of its own. */
    killpg(process->adopted[i], signal_number);
  }
}

static double seconds_of(const struct timeval *t) {
  return (double)t->tv_sec + (double)t->tv_usec / 1e6;
}

int run_process_reaped(run_process *process, pid_t pid, int status, const struct rusage *usage) {
  process->cpu_seconds += seconds_of(&usage->ru_utime) + seconds_of(&usage->ru_stime);
  /* A run too short for any sample still has the kernel's peak of each
   * process. The root's counts the harness's own pages from before its
   * exec (a vfork child shares them), so it is taken only above that. */
  uint64_t peak = (uint64_t)usage->ru_maxrss * 1024;
  if ((pid != process->pid || peak > process->harness_peak_bytes) &&
      peak > process->peak_resident_bytes)
    process->peak_resident_bytes = peak;
  if (pid == process->pid) {
    process->wait_status = status;
    process->pid = 0;
    process->root_ended = clock_seconds(CLOCK_MONOTONIC);
    return 1;
  }
  for (size_t i = 0; i < process->adopted_count; i++)
    if (process->adopted[i] == pid) {
      process->adopted[i] = process->adopted[--process->adopted_count];
      break;
    }
  return 0;
}

int run_process_finished(run_process *process) {
  if (process->pid > 0 || process->adopted_count || !run_process_drain(process) ||
      (process->in_cgroup && run_cgroup_populated(&process->cgroup)))
    return 0;
  process->wall_seconds = clock_seconds(CLOCK_MONOTONIC) - process->started;
  if (process->in_cgroup) {
    /* The kernel's counts cover every process ever in the cgroup, also
     * those reaped by nobody's wait4 but the harness's. */
    run_cgroup_usage usage;
    if (run_cgroup_read(&process->cgroup, &usage) == 0) {
      process->cpu_seconds = usage.cpu_seconds;
      process->peak_resident_bytes = usage.peak_bytes;
      process->memory_limit_hit |= usage.memory_limit_hit;
    }
    run_cgroup_remove(&process->cgroup);
  }
  return 1;
}

void run_process_release(run_process *process) {
  if (process->in_cgroup)
    run_cgroup_remove(&process->cgroup);
  if (process->output >= 0)
    close(process->output);
  if (process->output_file >= 0)
    close(process->output_file);
  process->output = process->output_file = -1;
  free(process->adopted);
  free(process->seen);
  process->adopted = process->seen = NULL;
  process->adopted_count = process->seen_count = 0;
  process->adopted_capacity = process->seen_capacity = 0;
}
