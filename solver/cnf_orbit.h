/* solver/cnf_orbit.h - internal to solver/: orbits of projected models and
 * the order of a small permutation group, both counted by listing
 * elements (cnf_orbit.c); a model's orbit as one cube of the enumeration
 * sees it, and the lex-leader clauses that cut most of an orbit off before
 * the solver reaches it (cnf_enumerate.c). cnf_symmetry.c uses the group
 * order for the projected group's. */
#ifndef NQSAT_CNF_ORBIT_H
#define NQSAT_CNF_ORBIT_H
#include <stddef.h>
#include <stdint.h>

#include "cnf_compact.h"
#include "cnf_symmetry.h"

/* generators[g][i] = image of point i, points 0..points-1. Returns the
 * number of elements of the group they generate (1 for none), or 0 when it
 * has more than `cap` elements (the cap is lowered so that at most 2^24
 * point images are stored and about 2^27 point moves made) or memory ran
 * out. */
uint64_t cnf_permutation_group_order(int points, int generator_count, const int *const *generators,
                                     uint64_t cap);

/* Projected values `a` before `b`: projection variables in increasing
 * order, 0 before 1 (cnf_symmetry.h's "least"). */
int cnf_projected_less(const cnf_compact *formula, const signed char *a, const signed char *b);

/* A model's orbit as one cube sees it: every member (projected values,
 * variables + 1 bytes each, byte 0 set to 1 when the member satisfies the
 * cube's projected literals, else 0) and whether the orbit's least member
 * lies in the cube (then this cube counts and lists the orbit). Owned by
 * one worker; reused from model to model. */
typedef struct cnf_cube_orbit {
  signed char *images;
  size_t image_count;
  signed char *least; /* the orbit's least member */
  int least_in_cube;
  /* the rest is cnf_orbit.c's */
  size_t width, image_capacity;
  int least_set, failed;
  const cnf_compact *formula;
  const int *cube_literals;
  size_t cube_size;
} cnf_cube_orbit;

/* For models of `variables` variables; NQ_ERR_MEMORY when memory ran out
 * (cnf_cube_orbit_free is still safe to call). */
nq_status cnf_cube_orbit_init(cnf_cube_orbit *orbit, int variables);
void cnf_cube_orbit_free(cnf_cube_orbit *orbit);
/* Lists the orbit of `values` under `group` (the model itself first) as
 * the cube of `cube_size` literals sees it. Returns 0, or -1 when memory
 * ran out or the orbit has more than 2^24 members. */
int cnf_cube_orbit_collect(cnf_cube_orbit *orbit, const cnf_symmetry_group *group,
                           const cnf_formula_view *view, const cnf_compact *formula,
                           const signed char *values, const int *cube_literals, size_t cube_size);

/* Lex-leader clauses: at most CNF_LEX_LEADER_LENGTH auxiliary variables
 * per projected generator of `group`, numbered from `first_auxiliary`.
 * Each literal goes to add(sink, literal), 0 ending a clause, so any
 * solver can take them. `inverse` has room for variables + 1 ints
 * (scratch). Returns the auxiliary variables used. */
enum { CNF_LEX_LEADER_LENGTH = 64 };
typedef void (*cnf_literal_sink)(void *sink, int literal);
int cnf_lex_leader_clauses(const cnf_symmetry_group *group, const cnf_compact *formula,
                           cnf_literal_sink add, void *sink, int first_auxiliary, int *inverse);
#endif
