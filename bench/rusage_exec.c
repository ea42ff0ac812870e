/* rusage_exec COMMAND [ARG...]: runs COMMAND, waits for it and writes to
 * standard error the CPU time the kernel counted for it (user + system
 * from wait4's rusage: the command and every descendant it waited for),
 * to the microsecond, then exits as the command did:
 *
 *   rusage_exec: cpu 1.234567 s (user 1.200000, system 0.034567); itself 0.000812 s
 *
 * "itself" is rusage_exec's own user + system time (RUSAGE_SELF), its
 * exec, loading and fork included: the tool watching the execution from
 * outside sees that process too, so the kernel's figure for the whole
 * execution is the sum of the two.
 * The ground truth of bench/harness_vs_runlim.sh: neither nqsat run nor
 * runlim, but the kernel's own account of one execution, which both are
 * then compared with on that same execution. It uses fork, not vfork or
 * posix_spawn, to stay the plainest possible fork, exec and wait. */
#define _DEFAULT_SOURCE
#include <stdio.h>
#include <sys/resource.h>
#include <sys/time.h>
#include <sys/wait.h>
#include <unistd.h>

static double seconds(struct timeval t) { return (double)t.tv_sec + (double)t.tv_usec / 1e6; }

int main(int argc, char **argv) {
  if (argc < 2) {
    fprintf(stderr, "usage: rusage_exec COMMAND [ARG...]\n");
    return 2;
  }
  pid_t child = fork();
  if (child < 0) {
    perror("rusage_exec: fork");
    return 1;
  }
  if (child == 0) {
    execvp(argv[1], argv + 1);
    perror(argv[1]);
    _exit(127);
  }
  int status;
  struct rusage usage;
  if (wait4(child, &status, 0, &usage) != child) {
    perror("rusage_exec: wait4");
    return 1;
  }
  struct rusage own;
  getrusage(RUSAGE_SELF, &own);
  double user = seconds(usage.ru_utime), system = seconds(usage.ru_stime);
  fprintf(stderr, "rusage_exec: cpu %.6f s (user %.6f, system %.6f); itself %.6f s\n",
          user + system, user, system, seconds(own.ru_utime) + seconds(own.ru_stime));
  if (WIFSIGNALED(status))
    return 128 + WTERMSIG(status);
  return WEXITSTATUS(status);
}
