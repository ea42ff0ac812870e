/* Private to verify/: a hash set of fixed-size byte strings, each with the
 * line where it was first seen. It finds repeats among hundreds of
 * thousands of solutions or models in one pass (a sort would do too, but
 * would lose the order that names the first repeat). */
#ifndef NQSAT_VERIFY_KEY_SET_H
#define NQSAT_VERIFY_KEY_SET_H

#include <stddef.h>

typedef struct key_set key_set;

/* An empty set of keys of `key_size` bytes (at least 1), or NULL. */
key_set *key_set_new(size_t key_size);
void key_set_free(key_set *set);

/* Makes room for `count` keys at once (a judge knows how many models it
 * will add), so the table is not grown and rehashed ten times on the way.
 * Returns 0, or -1 when out of memory (the set is unchanged but usable). */
int key_set_reserve(key_set *set, size_t count);

/* Adds a copy of `key`, seen at `line`. Returns 1 when it is new; 0 when
 * the set holds it already (then *first_line, if not NULL, is the line of
 * its first copy); -1 when out of memory. */
int key_set_add(key_set *set, const void *key, long line, long *first_line);

/* Starts loading the table slot where `key` belongs, so that a
 * key_set_add of it a little later does not wait for memory: adding
 * hundreds of thousands of keys to a table of megabytes is otherwise one
 * cache miss per key. */
void key_set_prefetch(const key_set *set, const void *key);

/* 1 when the set holds `key`, else 0. */
int key_set_contains(const key_set *set, const void *key);

size_t key_set_size(const key_set *set);

#endif
