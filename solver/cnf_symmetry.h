/* solver/cnf_symmetry.h - internal to solver/: the symmetries of a CNF
 * formula, found with nauty (libnauty2-dev, sparse nauty or Traces), and the
 * orbits of projected models under them.

 *
 * Variables here are COMPACT: 1..variables, every one occurring (the caller
 * renumbers the file's variables before calling). A permutation is stored
 * as image[v] = the signed literal that +v maps to (image[0] unused); -v
 * then maps to -image[v]. */
#ifndef NQSAT_CNF_SYMMETRY_H
#define NQSAT_CNF_SYMMETRY_H
#include "nqsat/status.h"
#include <signal.h>
#include <stddef.h>
#include <stdint.h>

typedef struct cnf_formula_view {
  int variables;                  /* compact: 1..variables */
  const int *literals;            /* clauses, each ended by 0 */
  size_t literal_count;           /* entries, the 0s included */
  const unsigned char *projected; /* [variables+1]: 1 = projection variable;
                                     NULL = every variable is projected */
} cnf_formula_view;

typedef struct cnf_symmetry_group {
  int variables;
  int generator_count;
  int **generators; /* generator_count arrays of [variables+1] */
  /* Group order as found by nauty (restricted to kept generators: see
   * below): mantissa * 10^exponent, and as text ("4", "8", "2.07e+13"...) */
  double order_mantissa;
  int order_exponent;
  char order_text[48];
  /* The group acting on projection variables only: generators restricted
   * to the projection set (deduplicated, identity dropped), each an array
   * [variables+1] with image[p] = the (positive, projected) variable that
   * p maps to, and image[v] = v for every non-projected v. Models are
   * compared on projected variables, so orbits use these. The order of this
   * action is projected_order, exact or 0 = "large": nauty's order when
   * every variable is projected (then nothing is lost by restricting) and
   * it is below 2^53; otherwise counted by listing the elements, when there
   * are at most 10^6 of them (fewer for many projection variables or
   * generators: at most 2^24 stored entries and about 2^27 steps). */
  int projected_generator_count;
  int **projected_generators;
  uint64_t projected_order;
  double seconds; /* detection wall time */
} cnf_symmetry_group;

/* Nonzero when the build found nauty (cmake/FindNauty.cmake). Without it,
 * cnf_symmetry_detect returns NQ_OK with the trivial group (order 1, no
 * generators) and puts "symmetry detection not available (built without
 * nauty)" in `error`, so callers need no special case. */
int cnf_symmetry_available(void);

/* Builds the coloured clause-literal graph (a node per literal, per clause;
 * x joined to -x; each clause to its distinct literals) and runs sparse
 * nauty on it. Colours (refined from "projection literals a colour of their
 * own"): positive projection literals, negative projection literals, every
 * other literal, clauses. Because +p and -p of a projection variable are in
 * different colours, nauty's group is exactly the group of formula
 * automorphisms that map the projection set to itself and never send a
 * projection literal to a negated one; sign flips of auxiliary variables
 * stay. Every generator is still checked against that rule (a violating
 * one would be dropped and the order then recounted from the kept ones).
 * Stops after `time_limit` seconds (<= 0: no limit), or soon after `*stop`
 * becomes nonzero (`stop` may be NULL), and returns NQ_ERR_INTERRUPTED
 * (the caller then runs without symmetry). `error`
 * gets a reason on failure. Not reentrant across threads at the same time
 * (nauty's kill flag is one process-wide variable). */
nq_status cnf_symmetry_detect(const cnf_formula_view *formula, double time_limit,
                              const volatile sig_atomic_t *stop, cnf_symmetry_group *group,
                              char *error, size_t error_size);
void cnf_symmetry_free(cnf_symmetry_group *group);

/* Orbit of a projected model: values[v] in {0,1} for v = 1..variables
 * (only projected entries matter; any value > 0 counts as 1). Calls visit()
 * once per distinct image restricted to the projection set (the model
 * itself first; image values for non-projected variables are left 0;
 * image_values is borrowed for the call). When visit returns nonzero it is
 * not called again, but the orbit is still completed so that the size and
 * *is_least are right. visit may be NULL. Returns the orbit size, or 0 on
 * memory failure or an orbit of more than 2^24 members (then run without
 * symmetry; projected_order bounds every orbit). *is_least (may be NULL)
 * is set to 1 when `values` is the lexicographically least member of its
 * orbit on the projection set: projected variables compared in increasing
 * order, 0 before 1 (so each orbit can be counted once, by its least
 * member, whatever cube it falls in). `formula` gives the projection set;
 * a group that is NULL or has no projected generators gives the orbit
 * {values}. */
typedef int (*cnf_orbit_visit_fn)(void *context, const signed char *image_values);
uint64_t cnf_symmetry_orbit(const cnf_symmetry_group *group, const cnf_formula_view *formula,
                            const signed char *values, cnf_orbit_visit_fn visit, void *context,
                            int *is_least);
#endif
