/* One solver run as a process, as the SAT competitions' runners do it
 * (e.g. runsolver, O. Roussel, JSAT 7, 2011): its own process group so
 * that the solver's children die with it, limits set with setrlimit in the
 * child (RLIMIT_CPU for the time, RLIMIT_AS for memory, no core files), a
 * wall-clock kill of the group at the timeout, times from wait4, and the
 * address space of the process tree sampled from /proc to tell a run that
 * died for memory from one that crashed. */
/* wait4 and killpg are BSD calls, outside the project-wide _POSIX_C_SOURCE. */
#define _DEFAULT_SOURCE
#include <ctype.h>
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

#include "run.h"
#include "clock.h"

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

/* In the child: never returns. Only system calls until exec (it may be a
 * vfork child sharing nqsat's memory). */
__attribute__((noinline, noreturn)) static void start_child(const char *command, int out, int err,
                                                            int report, const run_limits *limits,
                                                            char **words) {
  setpgid(0, 0);
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
  if (limits->memory_bytes) {
    limit.rlim_cur = limit.rlim_max = (rlim_t)limits->memory_bytes;
    setrlimit(RLIMIT_AS, &limit);
  }
  limit.rlim_cur = limit.rlim_max = 0;
  setrlimit(RLIMIT_CORE, &limit);
  int in = open("/dev/null", O_RDONLY);
  if (in < 0 || dup2(in, 0) < 0 || dup2(out, 1) < 0 || dup2(err, 2) < 0)
    _exit(127);
  if (words) {
    execvp(words[0], words);
  } else {
    execl("/bin/sh", "sh", "-c", command, (char *)NULL);
  }
  /* Tell the parent why (the pipe closes on a successful exec instead). */
  int failure = errno;
  if (write(report, &failure, sizeof failure) < 0)
    _exit(127);
  _exit(127);
}

int run_process_start(run_process *process, const char *command, const char *stdout_path,
                      const char *stderr_path, const run_limits *limits) {
  memset(process, 0, sizeof *process);
  int out = open(stdout_path, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0600);
  int err = out < 0 ? -1 : open(stderr_path, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0600);
  /* The word list is built before the child exists: it may only make
   * system calls (see below). */
  char *copy = NULL, **words = NULL, *program = NULL;
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
      if (!count) {
        free(words);
        words = NULL;
      } else if (!strchr(words[0], '/')) {
        /* Search PATH here, once: execvp in the child would try every
         * directory with a failing execve, a fraction of a millisecond each. */
        const char *search = getenv("PATH");
        char *found = search ? find_in_path(search, words[0]) : NULL;
        if (found) {
          program = found;
          words[0] = found;
        }
      }
    } else {
      free(words);
      words = NULL;
    }
  }
  int saved_errno = 0;
  pid_t pid = -1;
  /* A close-on-exec pipe: it reads end-of-file once the child has exec'd
   * the solver (and an errno when exec failed). Until then the child is a
   * copy of nqsat, whose memory must not be sampled as the solver's. */
  int handshake[2] = {-1, -1};
  if (out >= 0 && err >= 0 && pipe(handshake) == 0 &&
      fcntl(handshake[0], F_SETFD, FD_CLOEXEC) == 0 &&
      fcntl(handshake[1], F_SETFD, FD_CLOEXEC) == 0) {
    /* vfork, as posix_spawn does: the child borrows nqsat's memory until
     * exec, so no page tables are copied and nqsat's next writes fault no
     * copies in (a fork cost about 2 ms of the harness's time per run). The
     * child only makes system calls and never returns from start_child. */
    pid = vfork();
    if (pid == 0)
      start_child(command, out, err, handshake[1], limits, words);
    saved_errno = errno;
  } else {
    saved_errno = errno;
  }
  if (handshake[1] >= 0)
    close(handshake[1]);
  if (out >= 0)
    close(out);
  if (err >= 0)
    close(err);
  free(copy);
  free(words);
  free(program);
  if (pid < 0) {
    if (handshake[0] >= 0)
      close(handshake[0]);
    errno = saved_errno;
    return -1;
  }
  /* Also here, so the group exists before the parent may signal it. */
  setpgid(pid, pid);
  process->pid = pid;
  int failure = 0;
  ssize_t got;
  do
    got = read(handshake[0], &failure, sizeof failure);
  while (got < 0 && errno == EINTR);
  close(handshake[0]);
  process->exec_errno = got == (ssize_t)sizeof failure ? failure : 0;
  process->started = clock_seconds(CLOCK_MONOTONIC);
  process->deadline = process->started + limits->timeout_seconds;
  return 0;
}

/* Adds the address space of `pid` and, recursively, its children's. */
static void sample_tree(pid_t pid, uint64_t *largest, int depth) {
  char path[64];
  snprintf(path, sizeof path, "/proc/%d/statm", (int)pid);
  FILE *statm = fopen(path, "r");
  if (statm) {
    unsigned long pages;
    if (fscanf(statm, "%lu", &pages) == 1) {
      uint64_t bytes = (uint64_t)pages * (uint64_t)sysconf(_SC_PAGESIZE);
      if (bytes > *largest)
        *largest = bytes;
    }
    fclose(statm);
  }
  if (depth > 16)
    return;
  snprintf(path, sizeof path, "/proc/%d/task/%d/children", (int)pid, (int)pid);
  FILE *children = fopen(path, "r");
  if (!children)
    return;
  int child;
  while (fscanf(children, "%d", &child) == 1)
    sample_tree((pid_t)child, largest, depth + 1);
  fclose(children);
}

void run_process_sample_memory(run_process *process) {
  if (process->pid > 0)
    sample_tree(process->pid, &process->peak_virtual_bytes, 0);
}

void run_process_kill(run_process *process, int signal_number) {
  if (process->pid > 0)
    killpg(process->pid, signal_number);
}

void run_process_ended(run_process *process, int status, const struct rusage *usage) {
  process->wait_status = status;
  process->wall_seconds = clock_seconds(CLOCK_MONOTONIC) - process->started;
  process->cpu_seconds = (double)usage->ru_utime.tv_sec + (double)usage->ru_utime.tv_usec / 1e6 +
                         (double)usage->ru_stime.tv_sec + (double)usage->ru_stime.tv_usec / 1e6;
  process->max_resident_bytes = (uint64_t)usage->ru_maxrss * 1024;
  /* The group may still hold children the solver left behind. */
  killpg(process->pid, SIGKILL);
  process->pid = 0;
}
