/* Private to solver/: the id of a binary clause from its two literals.
 * The CDCL engine watches a binary clause by its other literal only (no
 * clause reference, to keep propagation out of the arena), so an LRAT
 * hint naming a binary reason looks its id up here. */
#ifndef NQSAT_CLAUSE_PAIR_MAP_H
#define NQSAT_CLAUSE_PAIR_MAP_H

#include <stddef.h>
#include <stdint.h>

typedef struct clause_pair_map {
  uint64_t *keys; /* 0: an empty slot */
  int *ids;
  size_t capacity, count; /* capacity a power of two */
} clause_pair_map;

/* Records `id` for the clause of literals a and b (non-negative, in any
 * order); an id recorded before for the same pair is kept. -1 when out
 * of memory. */
int clause_pair_map_put(clause_pair_map *map, int a, int b, int id);
/* The id recorded for the pair, 0 when none. */
int clause_pair_map_get(const clause_pair_map *map, int a, int b);
void clause_pair_map_free(clause_pair_map *map);

#endif
