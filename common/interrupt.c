/* Stopping on SIGINT or SIGTERM without leaving half-written files.
 *
 * The handler only records the signal (async-signal-safe); the writer polls
 * the flag through nq_output_stop_when() and the command removes its
 * temporary file and exits NQ_EXIT_INTERRUPTED. The handler is installed
 * without SA_RESTART, so a write blocked on a full pipe returns EINTR and
 * sees the flag.
 *
 * Signals often come in pairs: `timeout` and most harnesses send SIGTERM to
 * the process and then to its group, which holds the process too, so the
 * second one arrives microseconds after the first. Every signal within
 * STOP_GRACE_NS of the first is therefore only recorded, and the run ends
 * as asked, printing what it found. A signal later than that means the
 * stop has not been seen (a long phase that does not poll): it restores
 * the default action and re-raises, so a user pressing Ctrl-C again after
 * a second always gets out (possibly leaving an empty temporary file). */
#include <errno.h>
#include <signal.h>
#include <stdatomic.h>
#include <stdio.h>
#include <string.h>
#include <time.h>

#include "interrupt.h"

static volatile sig_atomic_t stop_signal;        /* the signal that asked us to stop, 0 if none */
static volatile sig_atomic_t *volatile mirrored; /* set with stop_signal (interrupt_mirror) */

/* How long after the first signal another one is taken as part of the same
 * request (see above): the run stops well within it. */
#define STOP_GRACE_NS 1000000000LL

/* CLOCK_MONOTONIC of the first signal in ns (never 0 once set), 0 before:
 * the handler may run on two threads at once, so it is claimed by a
 * compare-and-swap (lock-free, so async-signal-safe). */
static atomic_llong first_signal_ns;

static long long monotonic_ns(void) {
  struct timespec now;
  clock_gettime(CLOCK_MONOTONIC, &now); /* async-signal-safe (POSIX) */
  return (long long)now.tv_sec * 1000000000LL + now.tv_nsec;
}

static void request_stop(int signal_number) {
  int saved_errno = errno;
  long long now = monotonic_ns() | 1, first = 0;
  if (atomic_compare_exchange_strong(&first_signal_ns, &first, now)) {
    stop_signal = signal_number;
    volatile sig_atomic_t *also = mirrored;
    if (also)
      *also = 1;
  } else if (now - first >= STOP_GRACE_NS) {
    signal(signal_number, SIG_DFL);
    raise(signal_number);
  }
  errno = saved_errno;
}

const volatile sig_atomic_t *interrupt_watch(void) {
  struct sigaction action;
  memset(&action, 0, sizeof action);
  action.sa_handler = request_stop;
  sigemptyset(&action.sa_mask);
  sigaddset(&action.sa_mask, SIGINT); /* one handler at a time per thread */
  sigaddset(&action.sa_mask, SIGTERM);
  action.sa_flags = 0; /* no SA_RESTART, see above */
  sigaction(SIGINT, &action, NULL);
  sigaction(SIGTERM, &action, NULL);
  return &stop_signal;
}

void interrupt_mirror(volatile sig_atomic_t *flag) {
  mirrored = flag;
  if (flag && stop_signal)
    *flag = 1; /* a signal that came first */
}

int interrupt_requested(void) { return stop_signal; }

const char *interrupt_signal_name(void) { return stop_signal == SIGTERM ? "SIGTERM" : "SIGINT"; }
