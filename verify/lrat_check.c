/* LRAT checking forwards by hints (Cruz-Filipe, Heule, Hunt, Kaufmann and
 * Schneider-Kamp, "Efficient certified RAT verification", CADE 2017).
 *
 * Text: "ID l1 ... 0 h1 ... 0" adds lemma ID; "ID d c1 ... 0" deletes
 * clauses. Binary: 'a' ID literals 0 hints 0 and 'd' ids 0, every number a
 * variable-length 2 * |x| + sign as in binary DRAT. A lemma is RUP when,
 * with its literals false, each positive hint in turn is unit (it sets its
 * one open literal) until one is falsified. Otherwise a negative hint -C
 * starts the check of the resolvent with clause C on the lemma's first
 * literal, and every active clause with that literal's negation must have
 * one. No search: each hint is looked at once, which is why LRAT checks
 * much faster than DRAT. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "grow.h"
#include "lrat_check.h"
#include "nqsat/proof.h"
#include "proof_formula.h"
#include "proof_tokens.h"

typedef struct lrat_reader {
  proof_tokens text; /* also the position of a binary proof */
  int binary;
} lrat_reader;

typedef struct lrat_state {
  proof_clauses store; /* clause literals (DIMACS), any id's clause anywhere in it */
  size_t *offset;      /* per id: start in store.literals, SIZE_MAX when absent */
  int *length;         /* per id */
  size_t id_capacity;
  int64_t max_id;
  signed char *value; /* per internal literal 2 * var + negative */
  size_t value_capacity;
  int *assigned; /* literals set true, to undo */
  size_t assigned_count, assigned_capacity;
  int64_t *hints;
  size_t hint_count, hint_capacity;
  int *lemma;
  size_t lemma_count, lemma_capacity;
  size_t max_variable; /* the formula's, plus the proof's size: see drat_check.c */
  int64_t id_limit;    /* clause ids are array indices: the formula's clauses plus
                        * the proof's size (every lemma takes bytes) */
  /* lrat_check_clauses: the blocked cubes' clauses, store.start indices
   * [next_blocking, blocking_end), waiting for the ids lemmas skip. */
  size_t next_blocking, blocking_end;
} lrat_state;

static int internal(int literal) { return literal < 0 ? 2 * -literal + 1 : 2 * literal; }

/* The next number: 1 read, 0 malformed or at the end. */
static int read_number_slow(lrat_reader *reader, int64_t *value) {
  proof_tokens *text = &reader->text;
  if (reader->binary) {
    uint64_t number = 0;
    int shift = 0;
    for (;;) {
      if (text->at >= text->size || shift > 56)
        return 0;
      unsigned char byte = (unsigned char)text->bytes[text->at++];
      number |= (uint64_t)(byte & 0x7f) << shift;
      shift += 7;
      if (!(byte & 0x80))
        break;
    }
    if ((number >> 1) > (uint64_t)INT64_MAX / 2)
      return 0;
    *value = (number & 1) ? -(int64_t)(number >> 1) : (int64_t)(number >> 1);
    return 1;
  }
  proof_tokens_skip(text, 0);
  return proof_tokens_integer(text, INT64_MAX / 16, value) == PROOF_TOKEN_OK;
}

/* As read_number_slow, a binary number of up to two bytes (the literals
 * and most hints of a small formula) inline. */
static inline int read_number(lrat_reader *reader, int64_t *value) {
  proof_tokens *text = &reader->text;
  if (reader->binary && text->size - text->at >= 2) {
    const unsigned char *bytes = (const unsigned char *)text->bytes + text->at;
    unsigned number;
    if (!(bytes[0] & 0x80)) {
      number = bytes[0];
      text->at += 1;
    } else if (!(bytes[1] & 0x80)) {
      number = (bytes[0] & 0x7fu) | (unsigned)bytes[1] << 7;
      text->at += 2;
    } else
      return read_number_slow(reader, value);
    *value = (number & 1) ? -(int64_t)(number >> 1) : (int64_t)(number >> 1);
    return 1;
  }
  return read_number_slow(reader, value);
}

static int ensure_id(lrat_state *state, int64_t id) {
  if ((size_t)id < state->id_capacity)
    return 0;
  size_t old = state->id_capacity, capacity = old;
  size_t *offset = grow_array(state->offset, &capacity, (size_t)id + 1, sizeof *offset, 1024);
  if (!offset)
    return -1;
  state->offset = offset;
  size_t length_capacity = old;
  int *length = grow_array(state->length, &length_capacity, capacity, sizeof *length, 1024);
  if (!length)
    return -1;
  state->length = length;
  for (size_t i = old; i < capacity; i++)
    state->offset[i] = SIZE_MAX;
  state->id_capacity = capacity;
  return 0;
}

/* Values for the literals of variables up to `variable`, and a trail
 * long enough for all of them: a literal is set only while unassigned, so
 * the trail never holds more than one literal a variable. */
static int ensure_variable_slow(lrat_state *state, int variable) {
  size_t needed = 2 * (size_t)variable + 2;
  size_t old = state->value_capacity;
  signed char *value = grow_array(state->value, &state->value_capacity, needed, 1, 1024);
  if (!value)
    return -1;
  memset(value + old, 0, state->value_capacity - old);
  state->value = value;
  size_t trail = state->value_capacity / 2 + 1;
  if (trail > state->assigned_capacity) {
    int *assigned = realloc(state->assigned, trail * sizeof *assigned);
    if (!assigned)
      return -1;
    state->assigned = assigned;
    state->assigned_capacity = trail;
  }
  return 0;
}

static inline int ensure_variable(lrat_state *state, int variable) {
  return 2 * (size_t)variable + 2 <= state->value_capacity ? 0
                                                           : ensure_variable_slow(state, variable);
}

/* Sets an unassigned literal true (the trail has room: ensure_variable). */
static inline void set_true(lrat_state *state, int literal) {
  state->assigned[state->assigned_count++] = literal;
  state->value[literal] = 1;
  state->value[literal ^ 1] = -1;
}

/* Appends to a growable array with the check for room inline. */
#define PUSH_FAST(items, count, capacity, item, slow)                                              \
  ((count) < (capacity) ? ((items)[(count)++] = (item), 0)                                         \
                        : slow(&(items), &(count), &(capacity), (item)))

static void undo_to(lrat_state *state, size_t count) {
  while (state->assigned_count > count) {
    int literal = state->assigned[--state->assigned_count];
    state->value[literal] = state->value[literal ^ 1] = 0;
  }
}

/* Follows hints[from..to) as unit clauses; 1 conflict, 0 not, with the
 * reason in `why`. */
static int follow_hints(lrat_state *state, size_t from, size_t to, char *why, size_t why_size) {
  for (size_t h = from; h < to; h++) {
    int64_t id = state->hints[h];
    if (id <= 0 || id > state->max_id || state->offset[id] == SIZE_MAX) {
      snprintf(why, why_size, "hint %lld is not an active clause", (long long)id);
      return 0;
    }
    const int *literals = state->store.literals + state->offset[id];
    const signed char *values = state->value;
    int open = 0, open_count = 0, length = state->length[id];
    for (int i = 0; i < length; i++) {
      int literal = internal(literals[i]);
      signed char value = values[literal];
      if (value > 0) {
        snprintf(why, why_size, "hint %lld is satisfied, not unit", (long long)id);
        return 0;
      }
      if (value == 0 && open != literal) {
        open = literal;
        open_count++;
      }
    }
    if (open_count == 0)
      return 1;
    if (open_count > 1) {
      snprintf(why, why_size, "hint %lld has %d unassigned literals, not one", (long long)id,
               open_count);
      return 0;
    }
    set_true(state, open);
  }
  snprintf(why, why_size, "the hints end without a falsified clause");
  return 0;
}

/* Assumes the literals false; 1 when one of them is already true (a
 * tautology), else 0. */
static int assume_false(lrat_state *state, const int *literals, size_t count, int skip) {
  for (size_t i = 0; i < count; i++) {
    if (literals[i] == skip)
      continue;
    int literal = internal(literals[i]);
    if (state->value[literal] > 0)
      return 1;
    if (state->value[literal] == 0)
      set_true(state, literal ^ 1);
  }
  return 0;
}

/* 1 the lemma follows, 0 not (why says so). */
static int check_lemma(lrat_state *state, char *why, size_t why_size) {
  undo_to(state, 0);
  int tautology = assume_false(state, state->lemma, state->lemma_count, 0);
  if (tautology)
    return tautology;
  size_t first_rat = 0;
  while (first_rat < state->hint_count && state->hints[first_rat] > 0)
    first_rat++;
  int verdict = follow_hints(state, 0, first_rat, why, why_size);
  if (verdict != 0 || first_rat == state->hint_count || state->lemma_count == 0)
    return verdict;
  /* RAT on the first literal: each clause with its negation needs a group. */
  int resolved = -state->lemma[0];
  size_t base = state->assigned_count;
  for (int64_t id = 1; id <= state->max_id; id++) {
    if (state->offset[id] == SIZE_MAX)
      continue;
    const int *literals = state->store.literals + state->offset[id];
    int holds = 0;
    for (int i = 0; i < state->length[id] && !holds; i++)
      holds = literals[i] == resolved;
    if (!holds)
      continue;
    size_t group = first_rat;
    while (group < state->hint_count && state->hints[group] != -id)
      group++;
    if (group == state->hint_count) {
      snprintf(why, why_size, "no RAT hints for clause %lld, which holds %d", (long long)id,
               resolved);
      return 0;
    }
    size_t end = group + 1;
    while (end < state->hint_count && state->hints[end] > 0)
      end++;
    int satisfied = assume_false(state, literals, (size_t)state->length[id], resolved);
    if (!satisfied) {
      verdict = follow_hints(state, group + 1, end, why, why_size);
      if (verdict != 1) {
        if (verdict == 0) {
          size_t used = strlen(why);
          snprintf(why + used, why_size - used, " (RAT on clause %lld)", (long long)id);
        }
        return verdict;
      }
    }
    undo_to(state, base);
  }
  return 1;
}

static int store_clause(lrat_state *state, int64_t id, const int *literals, size_t count) {
  if (ensure_id(state, id))
    return -1;
  proof_clauses *store = &state->store;
  if (proof_clauses_reserve(store, store->literal_count + count))
    return -1;
  state->offset[id] = store->literal_count;
  state->length[id] = (int)count;
  memcpy(store->literals + store->literal_count, literals, count * sizeof *literals);
  store->literal_count += count;
  if (id > state->max_id)
    state->max_id = id;
  return 0;
}

static void release(lrat_state *state) {
  proof_clauses_free(&state->store);
  free(state->offset);
  free(state->length);
  free(state->value);
  free(state->assigned);
  free(state->hints);
  free(state->lemma);
}

#define FAIL_PARSE(...) proof_parse_error(error, error_size, proof_name, where, __VA_ARGS__)

static nq_status check_steps(lrat_state *state, lrat_reader *reader, const char *proof_name,
                             nq_proof_result *result, char *error, size_t error_size) {
  int64_t last_id = state->max_id;
  for (;;) {
    if (!reader->binary)
      proof_tokens_skip(&reader->text, 1);
    if (reader->text.at >= reader->text.size)
      break;
    int64_t where = reader->binary ? -1 - (int64_t)reader->text.at : reader->text.line;
    int64_t id = 0;
    int deletion;
    if (reader->binary) {
      unsigned char kind = (unsigned char)reader->text.bytes[reader->text.at++];
      if (kind != 'a' && kind != 'd')
        return FAIL_PARSE("expected 'a' or 'd' (0x61, 0x64), found 0x%02x", kind);
      deletion = kind == 'd';
      if (!deletion && (!read_number(reader, &id) || id <= 0))
        return FAIL_PARSE("expected a positive clause id");
    } else {
      if (!read_number(reader, &id) || id <= 0)
        return FAIL_PARSE("expected a positive clause id");
      deletion = proof_tokens_skip(&reader->text, 0) == 'd';
      reader->text.at += (size_t)deletion;
    }
    if (deletion) {
      for (;;) {
        int64_t target;
        if (!read_number(reader, &target))
          return FAIL_PARSE("expected a clause id or 0 in a deletion");
        if (target == 0)
          break;
        if (target < 0 || target > state->max_id || state->offset[target] == SIZE_MAX)
          return FAIL_PARSE("deletion of clause %lld, which is not active", (long long)target);
        state->offset[target] = SIZE_MAX;
        result->deletions++;
      }
      continue;
    }
    if (id <= last_id)
      return FAIL_PARSE("lemma id %lld does not exceed the previous id %lld", (long long)id,
                        (long long)last_id);
    if (id > state->id_limit)
      return FAIL_PARSE("lemma id %lld is beyond the formula's clauses plus the proof's size",
                        (long long)id);
    /* A certificate's proof: each id its lemmas skip is the next cube's
     * blocking clause. */
    for (int64_t skipped = last_id + 1; state->blocking_end && skipped < id; skipped++) {
      if (state->next_blocking == state->blocking_end)
        return FAIL_PARSE("lemma id %lld skips id %lld, but every cube has its id already",
                          (long long)id, (long long)skipped);
      size_t clause = state->next_blocking++;
      if (ensure_id(state, skipped))
        return NQ_ERR_MEMORY;
      state->offset[skipped] = state->store.start[clause];
      state->length[skipped] = (int)proof_clause_length(&state->store, clause);
      state->max_id = skipped;
    }
    state->lemma_count = 0;
    state->hint_count = 0;
    for (;;) {
      int64_t literal;
      if (!read_number(reader, &literal))
        return FAIL_PARSE("expected a literal or 0");
      if (literal == 0)
        break;
      if (literal > PROOF_MAX_VARIABLE || -literal > PROOF_MAX_VARIABLE ||
          (size_t)(literal < 0 ? -literal : literal) > state->max_variable)
        return FAIL_PARSE("literal %lld: a variable beyond the formula's plus the proof's size",
                          (long long)literal);
      if (ensure_variable(state, (int)(literal < 0 ? -literal : literal)) ||
          PUSH_FAST(state->lemma, state->lemma_count, state->lemma_capacity, (int)literal,
                    proof_push_int))
        return NQ_ERR_MEMORY;
    }
    for (;;) {
      int64_t hint;
      if (!read_number(reader, &hint))
        return FAIL_PARSE("expected a hint or 0");
      if (hint == 0)
        break;
      if (PUSH_FAST(state->hints, state->hint_count, state->hint_capacity, hint, proof_push_int64))
        return NQ_ERR_MEMORY;
    }
    result->lemmas++;
    char why[200];
    int verdict = check_lemma(state, why, sizeof why);
    if (verdict == 0) {
      if (reader->binary)
        result->failed_byte = -1 - where;
      else
        result->failed_line = (long)where;
      snprintf(result->message, sizeof result->message, "%s:%s%lld: lemma %lld fails: %s",
               proof_name, reader->binary ? " byte " : "",
               (long long)(reader->binary ? -1 - where : where), (long long)id, why);
      return NQ_OK;
    }
    result->core_lemmas++;
    if (state->lemma_count == 0) {
      result->verified = 1;
      snprintf(result->message, sizeof result->message,
               "%s: verified: the empty clause (id %lld) after %llu lemmas", proof_name,
               (long long)id, (unsigned long long)result->lemmas);
      return NQ_OK;
    }
    if (store_clause(state, id, state->lemma, state->lemma_count))
      return NQ_ERR_MEMORY;
    last_id = id;
  }
  snprintf(result->message, sizeof result->message,
           "%s: the proof ends without the empty clause (%llu lemmas)", proof_name,
           (unsigned long long)result->lemmas);
  return NQ_OK;
}

/* Checks the proof against the formula in state->store: its first
 * `numbered` clauses have ids 1..numbered, the rest (blocked cubes) wait
 * for the ids lemmas skip. */
static nq_status check_store(lrat_state *state, size_t numbered, const char *proof,
                             size_t proof_size, const char *proof_name, nq_proof_result *result,
                             char *error, size_t error_size) {
  proof_clauses *formula = &state->store;
  if (ensure_variable(state, formula->max_variable) || ensure_id(state, (int64_t)numbered))
    return NQ_ERR_MEMORY;
  for (size_t clause = 0; clause < numbered; clause++) {
    state->offset[clause + 1] = formula->start[clause];
    state->length[clause + 1] = (int)proof_clause_length(formula, clause);
  }
  state->max_id = (int64_t)numbered;
  state->next_blocking = numbered;
  state->blocking_end = formula->count > numbered ? formula->count : 0;
  state->max_variable = (size_t)formula->max_variable + proof_size;
  state->id_limit = (int64_t)formula->count + (int64_t)proof_size;
  /* Every lemma literal takes a byte of the proof at least: room for all
   * of them at once (up to 16 M) spares the store's copies as it grows;
   * the pages are touched only as lemmas fill them. */
  size_t room =
      formula->literal_count + (proof_size < ((size_t)1 << 24) ? proof_size : (size_t)1 << 24);
  (void)proof_clauses_reserve(formula, room); /* without it, the store grows as it goes */
  /* Binary LRAT starts with 'a' or 'd'; text with a digit. */
  lrat_reader reader = {{proof, proof_size, 0, 1}, 0};
  size_t first = 0;
  while (first < proof_size && (proof[first] == ' ' || proof[first] == '\n'))
    first++;
  reader.binary = first < proof_size && (proof[first] == 'a' || proof[first] == 'd');
  result->binary = reader.binary;
  return check_steps(state, &reader, proof_name, result, error, error_size);
}

nq_status nq_proof_check_lrat_memory(const char *cnf, size_t cnf_size, const char *proof,
                                     size_t proof_size, const char *cnf_name,
                                     const char *proof_name, nq_proof_result *result, char *error,
                                     size_t error_size) {
  memset(result, 0, sizeof *result);
  result->failed_byte = -1;
  lrat_state state;
  memset(&state, 0, sizeof state);
  nq_status status = NQ_ERR_MEMORY;
  /* The formula's clauses stay where the parser put them: the store is
   * the parsed formula, lemmas appended (a completion board's million
   * clauses are not copied). */
  proof_clauses *formula = &state.store;
  if (proof_clauses_init(formula) == 0) {
    status = proof_parse_dimacs(cnf, cnf_size, cnf_name, formula, error, error_size);
    if (status == NQ_OK)
      status = check_store(&state, formula->count, proof, proof_size, proof_name, result, error,
                           error_size);
  }
  if (status == NQ_ERR_MEMORY)
    snprintf(error, error_size, "%s: out of memory", proof_name);
  release(&state);
  return status;
}

nq_status lrat_check_clauses(proof_clauses *formula, size_t numbered, const char *proof,
                             size_t proof_size, const char *proof_name, nq_proof_result *result,
                             char *error, size_t error_size) {
  memset(result, 0, sizeof *result);
  result->failed_byte = -1;
  lrat_state state;
  memset(&state, 0, sizeof state);
  state.store = *formula;
  memset(formula, 0, sizeof *formula);
  nq_status status = proof_clauses_init(formula) ? NQ_ERR_MEMORY : NQ_OK;
  if (status == NQ_OK)
    status =
        check_store(&state, numbered, proof, proof_size, proof_name, result, error, error_size);
  if (status == NQ_ERR_MEMORY)
    snprintf(error, error_size, "%s: out of memory", proof_name);
  release(&state);
  return status;
}

nq_status nq_proof_check_lrat(const char *cnf_path, const char *proof_path, nq_proof_result *result,
                              char *error, size_t error_size) {
  char *cnf = NULL, *proof = NULL;
  size_t cnf_size, proof_size;
  memset(result, 0, sizeof *result);
  result->failed_byte = -1;
  nq_status status = proof_read_file(cnf_path, &cnf, &cnf_size, error, error_size);
  if (status == NQ_OK)
    status = proof_read_file(proof_path, &proof, &proof_size, error, error_size);
  if (status == NQ_OK)
    status = nq_proof_check_lrat_memory(cnf, cnf_size, proof, proof_size, cnf_path, proof_path,
                                        result, error, error_size);
  free(cnf);
  free(proof);
  return status;
}
