/* solver/cnf_orbit.h - internal to solver/: the order of a small
 * permutation group, counted by listing its elements (cnf_orbit.c). Used by
 * cnf_symmetry.c for the projected group's order. */
#ifndef NQSAT_CNF_ORBIT_H
#define NQSAT_CNF_ORBIT_H
#include <stdint.h>

/* generators[g][i] = image of point i, points 0..points-1. Returns the
 * number of elements of the group they generate (1 for none), or 0 when it
 * has more than `cap` elements (the cap is lowered so that at most 2^24
 * point images are stored and about 2^27 point moves made) or memory ran
 * out. */
uint64_t cnf_permutation_group_order(int points, int generator_count, const int *const *generators,
                                     uint64_t cap);
#endif
