/* Shuffled DIMACS, after CNFgen's cnfshuffle (M. Lauria et al., "CNFgen: A
 * Generator of Crafted Benchmarks", SAT 2017): the same formula with
 * variables renamed by a random permutation, clauses in random order and
 * literals in random order within each clause. Solvers that are sensitive
 * to variable or clause order get a fair, reproducible variant (the seed is
 * in the header). Polarities are kept, so a queen is still a true literal
 * and the map lines read a model straight back.
 *
 * The only writer that holds the formula: a random clause order needs all
 * clauses at hand. Memory: one int per literal plus one offset per clause. */
#include <stdlib.h>

#include "random.h"
#include "writers.h"

typedef struct clause_store {
  text_stream *stream; /* polled now and then: see store_clause */
  int *literals;       /* clause after clause, no terminators */
  size_t literal_count;
  size_t *starts; /* clause i is literals[starts[i] .. starts[i+1]-1] */
  size_t clause_count;
} clause_store;

static int store_clause(void *context, const int *literals, size_t count) {
  clause_store *store = context;
  memcpy(store->literals + store->literal_count, literals, count * sizeof *literals);
  store->literal_count += count;
  store->starts[++store->clause_count] = store->literal_count;
  /* Nothing is written while the formula is collected (seconds at
   * N = 300), so ask the stream every 64Ki clauses whether to stop. */
  if (!(store->clause_count & 0xFFFF))
    return text_poll(store->stream) != NQ_OK;
  return 0;
}

static void shuffle_ints(random_stream *random, int *values, size_t count) {
  for (size_t i = count; i > 1; i--) {
    size_t j = (size_t)random_below(random, i);
    int swap = values[i - 1];
    values[i - 1] = values[j];
    values[j] = swap;
  }
}

nq_status shuffled_dimacs_to_stream(const nq_encoding *encoding,
                                    const nq_dimacs_provenance *provenance, uint64_t shuffle_seed,
                                    text_stream *stream) {
  /* The map lines rename queen variables; the families have no map yet. */
  if (encoding->problem != NQ_PROBLEM_QUEENS)
    return NQ_ERR_ARGUMENT;
  nq_formula_size size;
  nq_status status = nq_encoder_measure(encoding, &size);
  if (status != NQ_OK)
    return status;
  /* Comments would be scattered by the reordering; the formula is the same
   * without them. */
  nq_encoding quiet = *encoding;
  quiet.explain = 0;
  size_t variables = (size_t)size.variables, clauses = (size_t)size.clauses;
  clause_store store = {stream, malloc((size_t)size.literals * sizeof(int) + 1), 0,
                        malloc((clauses + 1) * sizeof(size_t)), 0};
  int *map = malloc((variables + 1) * sizeof *map);
  size_t *order = malloc((clauses + 1) * sizeof *order);
  if (!store.literals || !store.starts || !map || !order) {
    status = NQ_ERR_MEMORY;
    goto done;
  }
  store.starts[0] = 0;
  nq_clause_sink sink = {&store, store_clause};
  status = nq_encoder_generate(&quiet, &sink);
  if (status != NQ_OK)
    goto done;
  if (store.clause_count != clauses || store.literal_count != (size_t)size.literals) {
    status = NQ_ERR_ARGUMENT; /* measure and generate disagree: a bug */
    goto done;
  }
  random_stream random = {shuffle_seed};
  /* map[v] = new name of v: a uniformly random permutation of 1..V. */
  for (size_t v = 0; v <= variables; v++)
    map[v] = (int)v;
  shuffle_ints(&random, map + 1, variables);
  for (size_t i = 0; i < clauses; i++)
    order[i] = i;
  for (size_t i = clauses; i > 1; i--) {
    size_t j = (size_t)random_below(&random, i);
    size_t swap = order[i - 1];
    order[i - 1] = order[j];
    order[j] = swap;
  }
  write_dimacs_header(stream, &quiet, provenance, &size, map, shuffle_seed);
  for (size_t i = 0; i < clauses && stream->status == NQ_OK; i++) {
    int *clause = store.literals + store.starts[order[i]];
    size_t count = store.starts[order[i] + 1] - store.starts[order[i]];
    for (size_t k = 0; k < count; k++)
      clause[k] = clause[k] < 0 ? -map[-clause[k]] : map[clause[k]];
    shuffle_ints(&random, clause, count);
    text_clause(stream, clause, count);
  }
  text_flush(stream);
  status = stream->status;
done:
  free(store.literals);
  free(store.starts);
  free(map);
  free(order);
  return status;
}
