/* The stop flag of `nqsat solve` (see stop_deadline.h). */
#include "stop_deadline.h"

#include <errno.h>
#include <pthread.h>
#include <time.h>

#include "interrupt.h"

static volatile sig_atomic_t stop_flag;
static struct timespec deadline; /* CLOCK_MONOTONIC */

static void *raise_at_deadline(void *unused) {
  (void)unused;
  while (clock_nanosleep(CLOCK_MONOTONIC, TIMER_ABSTIME, &deadline, NULL) == EINTR)
    ; /* a signal woke it: sleep on to the same deadline */
  stop_flag = 1;
  return NULL;
}

const volatile sig_atomic_t *stop_deadline_start(double seconds) {
  static int started;
  interrupt_watch();
  interrupt_mirror(&stop_flag);
  if (seconds <= 0 || started)
    return &stop_flag;
  started = 1;
  clock_gettime(CLOCK_MONOTONIC, &deadline);
  time_t whole = (time_t)seconds;
  deadline.tv_sec += whole;
  deadline.tv_nsec += (long)((seconds - (double)whole) * 1e9);
  if (deadline.tv_nsec >= 1000000000L) {
    deadline.tv_sec++;
    deadline.tv_nsec -= 1000000000L;
  }
  pthread_t thread;
  if (pthread_create(&thread, NULL, raise_at_deadline, NULL) == 0)
    pthread_detach(thread);
  return &stop_flag; /* without the thread, the engines' own clocks stop them */
}
