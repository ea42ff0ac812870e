/* The chessboard problems' names as --problem spells them. */
#include <string.h>

#include "nqsat/encoder.h"

static const char *const names[NQ_PROBLEM_COUNT] = {
    [NQ_PROBLEM_QUEENS] = "queens",     [NQ_PROBLEM_TOROIDAL] = "toroidal",
    [NQ_PROBLEM_SUPER] = "super",       [NQ_PROBLEM_COLOUR] = "colour",
    [NQ_PROBLEM_DOMINATE] = "dominate", [NQ_PROBLEM_DOMINATE_INDEPENDENT] = "dominate-independent",
};

const char *nq_problem_name(nq_problem problem) {
  return (int)problem >= 0 && problem < NQ_PROBLEM_COUNT ? names[problem] : "unknown";
}

int nq_problem_from_name(const char *name, nq_problem *problem) {
  for (int i = 0; i < NQ_PROBLEM_COUNT; i++)
    if (!strcmp(names[i], name)) {
      *problem = (nq_problem)i;
      return 0;
    }
  return -1;
}

int nq_problem_takes_bound(nq_problem problem) {
  return problem == NQ_PROBLEM_COLOUR || problem == NQ_PROBLEM_DOMINATE ||
         problem == NQ_PROBLEM_DOMINATE_INDEPENDENT;
}
