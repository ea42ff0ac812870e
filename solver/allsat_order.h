/* Private to solver/: a static decision order for the all-solutions
 * engine, grown along the formula's structure.
 *
 * An enumeration walks the whole search tree over the projection, so the
 * order matters for every model, not only for the first: deciding next a
 * variable that shares clauses with those already decided makes unit
 * propagation (and conflicts) come soon, while VSIDS, tuned to find one
 * model, jumps around the tree (CPU time, --count on one thread, N = 12:
 * see bench/README.md). The order is computed from the clauses alone, so
 * it does not depend on how the file numbers its variables (but for
 * ties): the most linked variable first, then again and again the open
 * variable with the most clause links to the variables already placed
 * (a band ordering grown as Cuthill-McKee grows one, but from the
 * centre).
 *
 * Variables are 1..variables; clauses are DIMACS literals each ended by
 * 0. */
#ifndef NQSAT_ALLSAT_ORDER_H
#define NQSAT_ALLSAT_ORDER_H

#include <stddef.h>

/* Fills rank[v] (v = 1..variables; rank[0] unused) with v's position in
 * the order, 0 first. Clauses longer than a bound do not link their
 * variables (a long clause links each to all the others: quadratic work,
 * little structure). Returns 0, or -1 when out of memory (rank then
 * untouched). */
int allsat_order_by_links(int variables, const int *literals, size_t literal_count, int *rank);

#endif
