/* Stopping on SIGINT or SIGTERM without leaving half-written files.
 *
 * The handler only records the signal (async-signal-safe); the writer polls
 * the flag through nq_output_stop_when() and the command removes its
 * temporary file and exits NQ_EXIT_INTERRUPTED. The handler is installed
 * without SA_RESTART, so a write blocked on a full pipe returns EINTR and
 * sees the flag. A second signal while the first is being handled restores
 * the default action and re-raises it: a user pressing Ctrl-C twice always
 * gets out, even during a long phase that does not poll (it may then leave
 * an empty temporary file). */
#include <signal.h>
#include <stdio.h>
#include <string.h>

#include "interrupt.h"

static volatile sig_atomic_t stop_signal; /* the signal that asked us to stop, 0 if none */
static volatile sig_atomic_t *volatile mirrored; /* set with stop_signal (interrupt_mirror) */

static void request_stop(int signal_number) {
  if (stop_signal) {
    signal(signal_number, SIG_DFL);
    raise(signal_number);
    return;
  }
  stop_signal = signal_number;
  volatile sig_atomic_t *also = mirrored;
  if (also)
    *also = 1;
}

const volatile sig_atomic_t *interrupt_watch(void) {
  struct sigaction action;
  memset(&action, 0, sizeof action);
  action.sa_handler = request_stop;
  sigemptyset(&action.sa_mask);
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
