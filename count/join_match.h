/* count/join_match.h - internal to count/: counting the disjoint pairs of
 * two lists of 64-bit masks, the inner loop of the join counting method.
 *
 * join_match_count returns the number of pairs (i, j) with
 * (items[i] & patterns[j]) == 0. It uses a bit-sliced table: both lists
 * are split into groups by up to 6 "cut" bits, so an item meets only the
 * groups whose cut bits it does not hold; within a group, 512 patterns at a time
 * are transposed into one 512-bit row per mask bit, and for every 5 mask
 * bits a table of the 32 ANDs of their rows is built (the "four Russians"
 * idea), so an item needs one load and AND per 5 bits and a popcount for
 * 512 patterns. The instructions are one level's kernels (join_kernels.h);
 * short lists, or a matcher made without kernels, compare the pairs one by
 * one (same result). */
#ifndef NQSAT_JOIN_MATCH_H
#define NQSAT_JOIN_MATCH_H
#include <stddef.h>
#include <stdint.h>

#include "join_kernels.h"

typedef struct join_matcher join_matcher;

/* Masks use bits [0, bits) (bits <= 64); `cut` (up to 16 bits, within
 * them) names the candidate bits to group by: offer bits that both lists
 * may hold often. Each count weighs them on a sample of its two lists,
 * keeps the 6 both hold most often and groups by as many of those as
 * make its estimated work least (none for short lists). `kernels`
 * (borrowed; NULL: pair by pair only) does the bit-sliced work. */
join_matcher *join_matcher_create(int bits, uint64_t cut, const join_kernels *kernels);
void join_matcher_free(join_matcher *m);

/* How many cut bits the last bit-sliced count grouped by (0..6; tests). */
int join_matcher_last_cut_bits(const join_matcher *m);
/* 1 when the bit-sliced path is in use. */
int join_matcher_sliced(const join_matcher *m);
/* Forces the pair-by-pair path (for tests comparing the two). */
void join_matcher_force_plain(join_matcher *m);

/* The number of disjoint pairs, or UINT64_MAX when scratch memory cannot
 * be had (a real count never gets there: it is at most the product of two
 * list sizes). */
uint64_t join_match_count(join_matcher *m, const uint64_t *items, size_t items_size,
                          const uint64_t *patterns, size_t patterns_size);
#endif
