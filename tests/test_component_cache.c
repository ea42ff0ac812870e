/* The component counter's cache (solver/component_cache.c), whose keys are
 * held packed, checked against a plain list of the keys stored:
 * - every key stored is found with its count, and a key never stored is
 *   not found, with every key given the same hash so that only the packed
 *   keys tell them apart; the keys missed are each stored key changed in
 *   one place (an int up or down by 1 to 2^20, or its sign flipped, an
 *   int dropped or added at the end), extremes included (ids up to
 *   INT_MAX, differences of nearly 2^31 either way), so a packing that
 *   loses a sign, a high bit or a length is caught;
 * - keys of ascending ints close together take about a byte an int
 *   (a key held as plain ints is caught);
 * - a byte bound is kept, evicts, and what it keeps is still right;
 * - forgetting since a mark drops the later entries and only those. */
#include <gmp.h>
#include <limits.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "check.h"
#include "component_cache.h"

static uint64_t state = 0x9e3779b97f4a7c15u;
static uint64_t random_next(void) {
  state ^= state << 13;
  state ^= state >> 7;
  state ^= state << 17;
  return state;
}

enum { KEYS = 300, MAX_LENGTH = 40 };

typedef struct stored_key {
  int key[MAX_LENGTH + 1];
  int length;
} stored_key;

static stored_key keys[KEYS];

/* Ids of the extremes the packing must keep apart: at the edges of 1 to
 * 5 bytes of 7 bits, and INT_MAX. */
static const int extremes[] = {0,       1,       126,       127,       128,         16383,  16384,
                               2097151, 2097152, 268435455, 268435456, INT_MAX - 1, INT_MAX};
enum { EXTREMES = sizeof extremes / sizeof *extremes };

/* A key as the counter makes them (component_cache.h: variable count,
 * variables ascending from 1, clause ids ascending from 0), mostly of ids
 * close together, some of extremes. */
static void random_key(stored_key *out) {
  out->length = 1 + (int)(random_next() % MAX_LENGTH);
  int variables = (int)(random_next() % (unsigned)out->length);
  out->key[0] = variables;
  if (random_next() % 4) {
    int value = (int)(random_next() % 1000);
    for (int i = 1; i < out->length; i++) {
      if (i == 1 + variables)
        value = (int)(random_next() % 100000) - 1;
      value += 1 + (int)(random_next() % (random_next() % 2 ? 3 : 70000));
      out->key[i] = value;
    }
    return;
  }
  /* Ascending runs of extremes: skip some, at most EXTREMES - 1 a run. */
  int at = 1;
  for (int run = 0; run < 2; run++) {
    int wanted = run ? out->length - 1 - variables : variables;
    if (wanted > EXTREMES - 1)
      wanted = EXTREMES - 1;
    for (int e = run ? 0 : 1; e < EXTREMES && wanted; e++)
      if ((int)(random_next() % (unsigned)(EXTREMES - e)) < wanted) {
        out->key[at++] = extremes[e];
        wanted--;
      }
    if (!run)
      out->key[0] = at - 1;
  }
  out->length = at;
}

static int same_key(const int *a, int a_length, const int *b, int b_length) {
  return a_length == b_length && !memcmp(a, b, (size_t)a_length * sizeof *a);
}

/* The index of the stored key equal to `key`, or -1. */
static int model_find(const int *key, int length, int stored) {
  for (int i = 0; i < stored; i++)
    if (same_key(keys[i].key, keys[i].length, key, length))
      return i;
  return -1;
}

/* Each key's count: its index times a large number, so counts of several
 * limbs are stored too. */
static void count_of(int index, mpz_t count) {
  mpz_set_ui(count, (unsigned long)index);
  mpz_mul_2exp(count, count, (mp_bitcnt_t)(index % 3) * 64);
}

/* `key` (of `length`) found exactly when the model holds it, and then
 * with its count. */
static void expect_lookup(component_cache *cache, const int *key, int length, int stored,
                          uint64_t hash) {
  mpz_t count, expected;
  mpz_inits(count, expected, NULL);
  int index = model_find(key, length, stored);
  int found = component_cache_find(cache, key, length, hash, count);
  CHECK(found == (index >= 0), "a key of %d ints %s but was %s", length,
        index >= 0 ? "stored" : "never stored", found ? "found" : "missed");
  if (found && index >= 0) {
    count_of(index, expected);
    CHECK(mpz_cmp(count, expected) == 0, "key %d found with another's count", index);
  }
  mpz_clears(count, expected, NULL);
}

/* Draws KEYS random keys into `keys` and stores each one not drawn
 * before, under `hash_of`, with count_of(its index); returns how many. */
static int store_random_keys(component_cache *cache, uint64_t (*hash_of)(const int *, int)) {
  int stored = 0;
  mpz_t count;
  mpz_init(count);
  for (int i = 0; i < KEYS; i++) {
    random_key(&keys[stored]);
    if (model_find(keys[stored].key, keys[stored].length, stored) >= 0)
      continue; /* drawn twice */
    count_of(stored, count);
    CHECK(component_cache_store(cache, keys[stored].key, keys[stored].length,
                                hash_of(keys[stored].key, keys[stored].length), count) == NQ_OK,
          "store %d failed", stored);
    stored++;
  }
  mpz_clear(count);
  return stored;
}

static void check_keys_told_apart(uint64_t (*hash_of)(const int *, int)) {
  component_cache *cache = component_cache_new(0);
  CHECK(cache != NULL, "no cache");
  int stored = store_random_keys(cache, hash_of);
  for (int i = 0; i < stored; i++) {
    int changed[MAX_LENGTH + 2];
    int length = keys[i].length;
    expect_lookup(cache, keys[i].key, length, stored, hash_of(keys[i].key, length));
    for (int at = 0; at < length; at++) {
      static const int64_t changes[] = {1, -1, 2, 32, -32, 64, 128, -128, 1 << 20};
      enum { CHANGES = sizeof changes / sizeof *changes };
      for (int k = 0; k <= CHANGES; k++) {
        memcpy(changed, keys[i].key, (size_t)length * sizeof *changed);
        int64_t value = k < CHANGES ? (int64_t)changed[at] + changes[k] : -(int64_t)changed[at];
        if (value < INT_MIN || value > INT_MAX || value == changed[at])
          continue;
        changed[at] = (int)value;
        expect_lookup(cache, changed, length, stored, hash_of(changed, length));
      }
    }
    memcpy(changed, keys[i].key, (size_t)length * sizeof *changed);
    if (length > 1)
      expect_lookup(cache, changed, length - 1, stored, hash_of(changed, length - 1));
    static const int tails[] = {0, 1, -1, INT_MAX, INT_MIN};
    for (int k = 0; k < 5; k++) {
      changed[length] = tails[k];
      expect_lookup(cache, changed, length + 1, stored, hash_of(changed, length + 1));
    }
  }
  component_cache_free(cache);
}

static uint64_t same_hash(const int *key, int length) {
  (void)key;
  (void)length;
  return 42;
}

/* Every key of one variable and one clause id from the extremes, all
 * under one hash: differences of up to INT_MAX either way must all stay
 * apart. */
static void check_extreme_pairs(void) {
  component_cache *cache = component_cache_new(0);
  mpz_t count;
  mpz_init(count);
  int stored = 0;
  for (int i = 1; i < EXTREMES; i++)
    for (int j = 0; j < EXTREMES; j++) {
      stored_key *key = &keys[stored];
      key->length = 3;
      key->key[0] = 1;
      key->key[1] = extremes[i];
      key->key[2] = extremes[j];
      count_of(stored, count);
      CHECK(component_cache_store(cache, key->key, 3, 42, count) == NQ_OK,
            "store of (%d, %d) failed", extremes[i], extremes[j]);
      stored++;
    }
  for (int i = 0; i < stored; i++)
    expect_lookup(cache, keys[i].key, 3, stored, 42);
  mpz_clear(count);
  component_cache_free(cache);
}

/* 1000 ascending ints 1 to 3 apart: under two bytes an int held, where
 * plain ints take four. */
static void check_packed_size(void) {
  component_cache *cache = component_cache_new(0);
  int key[1001];
  key[0] = 1000;
  for (int i = 1; i <= 1000; i++)
    key[i] = key[i - 1] + 1 + (int)(random_next() % 3);
  mpz_t count;
  mpz_init_set_ui(count, 7);
  CHECK(component_cache_store(cache, key, 1001, component_cache_hash(key, 1001), count) == NQ_OK,
        "store failed");
  component_cache_stats stats;
  component_cache_read_stats(cache, &stats);
  CHECK(stats.entries == 1, "%llu entries, not 1", (unsigned long long)stats.entries);
  /* The key, the entry and the buckets: */
  CHECK(stats.peak_bytes < 1001 * 2 + 8192 && stats.peak_bytes > 1001,
        "%llu bytes held for a key of 1001 ints 1 to 3 apart",
        (unsigned long long)stats.peak_bytes);
  mpz_set_ui(count, 0);
  CHECK(component_cache_find(cache, key, 1001, component_cache_hash(key, 1001), count) &&
            mpz_cmp_ui(count, 7) == 0,
        "the long key is not found with its count");
  mpz_clear(count);
  component_cache_free(cache);
}

static void check_bound(void) {
  const uint64_t bound = 64 * 1024;
  component_cache *cache = component_cache_new(bound);
  int stored = store_random_keys(cache, component_cache_hash);
  mpz_t count;
  mpz_init(count);
  component_cache_stats stats;
  component_cache_read_stats(cache, &stats);
  CHECK(stats.peak_bytes <= bound, "%llu bytes held past the bound",
        (unsigned long long)stats.peak_bytes);
  CHECK(stats.evictions > 0 && stats.entries > 0 && stats.entries < (uint64_t)stored,
        "%llu evictions, %llu of %d entries kept", (unsigned long long)stats.evictions,
        (unsigned long long)stats.entries, stored);
  uint64_t found = 0;
  for (int i = 0; i < stored; i++) {
    mpz_t expected;
    mpz_init(expected);
    if (component_cache_find(cache, keys[i].key, keys[i].length,
                             component_cache_hash(keys[i].key, keys[i].length), count)) {
      count_of(i, expected);
      CHECK(mpz_cmp(count, expected) == 0, "key %d kept with another's count", i);
      found++;
    }
    mpz_clear(expected);
  }
  CHECK(found == stats.entries, "%llu found of %llu entries", (unsigned long long)found,
        (unsigned long long)stats.entries);
  CHECK(component_cache_find(cache, keys[stored - 1].key, keys[stored - 1].length,
                             component_cache_hash(keys[stored - 1].key, keys[stored - 1].length),
                             count),
        "the newest entry was evicted");
  mpz_clear(count);
  component_cache_free(cache);
}

static void check_forget(void) {
  component_cache *cache = component_cache_new(0);
  mpz_t count;
  mpz_init(count);
  for (int i = 0; i < 10; i++) {
    keys[i].length = 3;
    keys[i].key[0] = 1;
    keys[i].key[1] = i;
    keys[i].key[2] = 100 + i;
  }
  uint64_t mark = 0;
  for (int i = 0; i < 10; i++) {
    if (i == 6)
      mark = component_cache_store_count(cache);
    count_of(i, count);
    CHECK(component_cache_store(cache, keys[i].key, 3, component_cache_hash(keys[i].key, 3),
                                count) == NQ_OK,
          "store %d failed", i);
  }
  component_cache_forget_since(cache, mark);
  for (int i = 0; i < 10; i++)
    expect_lookup(cache, keys[i].key, 3, 6, component_cache_hash(keys[i].key, 3));
  component_cache_stats stats;
  component_cache_read_stats(cache, &stats);
  CHECK(stats.entries == 6, "%llu entries after forgetting 4 of 10",
        (unsigned long long)stats.entries);
  mpz_clear(count);
  component_cache_free(cache);
}

int main(void) {
  check_keys_told_apart(same_hash);
  check_keys_told_apart(component_cache_hash);
  check_extreme_pairs();
  check_packed_size();
  check_bound();
  check_forget();
  return check_report("component_cache");
}
