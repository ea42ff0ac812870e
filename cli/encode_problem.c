/* `nqsat encode --problem NAME[:K]`: the chessboard problem and its K. */
#include <stdlib.h>
#include <string.h>

#include "cli.h"

int parse_problem_option(const char *text, nq_encoding *encoding) {
  char name[64];
  const char *colon = strchr(text, ':');
  size_t length = colon ? (size_t)(colon - text) : strlen(text);
  if (length >= sizeof name)
    length = sizeof name - 1;
  memcpy(name, text, length);
  name[length] = '\0';
  if (nq_problem_from_name(name, &encoding->problem))
    return usage_error("encode",
                       "unknown problem '%s' for --problem (queens, toroidal, super, colour:K, "
                       "dominate:K, dominate-independent:K)",
                       name);
  int takes = nq_problem_takes_bound(encoding->problem);
  if (takes && !colon)
    return usage_error("encode", "--problem %s needs its K, as in --problem %s:5", name, name);
  if (!takes && colon)
    return usage_error("encode", "--problem %s takes no K", name);
  encoding->bound = 0;
  if (colon) {
    int64_t k;
    if (parse_bounded("encode", "K of --problem", colon + 1, 0, 1000000, &k))
      return NQ_EXIT_USAGE;
    encoding->bound = (int)k;
  }
  return -1;
}
