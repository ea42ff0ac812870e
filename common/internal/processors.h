/* The default thread count: one per online processor, at least 1 and at
 * most `most` (0: no bound). Every command that takes `--threads T` falls
 * back to this when T is not given.
 *
 * Header-only (static inline), so the installed libraries can use it
 * without exporting a symbol. */
#ifndef NQSAT_PROCESSORS_H
#define NQSAT_PROCESSORS_H

#include <unistd.h>

static inline int online_processors(int most) {
  long online = sysconf(_SC_NPROCESSORS_ONLN);
  if (online < 1)
    return 1;
  if (most > 0 && online > most)
    return most;
  return online > 4096 ? 4096 : (int)online;
}

#endif
