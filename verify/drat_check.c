/* DRAT checking backwards with core-first unit propagation (Heule, Hunt and
 * Wetzler, FMCAD 2013; RAT after Wetzler, Heule and Hunt, SAT 2014).
 *
 * Forward, every clause of the formula and every lemma is added under
 * two-watched-literal propagation of the units at the top level, deletions
 * are applied, until propagation reaches a conflict. Backward from that
 * conflict, each lemma is removed again and, only when a later step used it
 * (it is "core"), checked: RUP when assuming its negation propagates to a
 * conflict, else RAT on its first literal. Every clause a successful check
 * touches becomes core. Propagation visits core clauses before the others,
 * so a check prefers clauses that are core already and the core stays
 * small.
 *
 * Deleting a clause that is the reason of a unit at the top level is
 * ignored, as drat-trim does by default: the deletion would change what the
 * units are, which DRAT's semantics do not foresee. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "drat_check.h"
#include "drat_parse.h"
#include "grow.h"
#include "nqsat/proof.h"
#include "proof_formula.h"

enum {
  CLAUSE_ACTIVE = 1,
  CLAUSE_CORE = 2,
  CLAUSE_TAUTOLOGY = 4,
  CLAUSE_WATCHED = 8,
  CLAUSE_RETIRED = 16 /* a lemma removed for good by the backward pass */
};
enum { NO_REASON = -1 };

typedef struct watch_list {
  int *items;
  int count, capacity;
} watch_list;

typedef struct checker {
  proof_clauses clauses; /* internal literals 2 * var + negative after loading */
  size_t formula_count;
  drat_steps steps;
  int *length;          /* per clause, after duplicate literals are dropped */
  int *pivot;           /* per clause: the first literal as written, or -1 */
  unsigned char *flags; /* per clause */
  int *trail_before;    /* per lemma: trail size when it was added */
  size_t *target;       /* per deletion step: the clause it deleted, or SIZE_MAX */
  int literal_count;    /* 2 * (variables + 1) */
  signed char *value;   /* per literal: 1 true, -1 false, 0 unassigned */
  int *reason;          /* per variable */
  int *position;        /* per variable: index on the trail */
  int *trail;
  int trail_size, head_core, head_other;
  watch_list *watches; /* per literal: clauses watching it */
  int *bucket, *chain; /* deletion lookup: hash of the literal set */
  size_t bucket_mask;
  unsigned char *seen; /* per variable, for conflict analysis */
  /* per variable: the check's clause holds it; an LRAT checker assumes
   * the clause false, so the reasons of these variables are no hints */
  unsigned char *in_lemma;
  int *stamp; /* per literal, for comparing clauses as sets */
  int stamp_now;
  int pending_seen;
  /* LRAT: hints per core lemma as clause index + 1, a RAT candidate as
   * -(index + 1) before its own hints. */
  int want_hints;
  int *hints;
  size_t hint_count, hint_capacity;
  size_t *hint_start;
  int *hint_length;
  int *scratch;
  size_t scratch_count, scratch_capacity;
  nq_proof_result *result;
} checker;

static int *literals_of(checker *c, size_t clause) {
  return c->clauses.literals + c->clauses.start[clause];
}
static int negate(int literal) { return literal ^ 1; }
static int variable_of(int literal) { return literal >> 1; }
static int internal_literal(int dimacs) { return dimacs < 0 ? 2 * -dimacs + 1 : 2 * dimacs; }
static int dimacs_literal(int internal) {
  return (internal & 1) ? -(internal >> 1) : (internal >> 1);
}

static uint64_t mix(uint64_t x) {
  x ^= x >> 33;
  x *= 0xff51afd7ed558ccdULL;
  x ^= x >> 33;
  return x;
}
/* Order-independent, so the same set hashes alike whatever the order. */
static uint64_t hash_clause(const int *literals, int length) {
  uint64_t sum = 0, product = 1;
  for (int i = 0; i < length; i++) {
    uint64_t hashed = mix((uint64_t)literals[i] + 1);
    sum += hashed;
    product *= hashed | 1;
  }
  return sum ^ (product >> 7) ^ (uint64_t)length;
}

static int watch_push(watch_list *list, int clause) {
  if (list->count == list->capacity) {
    size_t capacity = (size_t)list->capacity;
    int *grown = grow_array(list->items, &capacity, (size_t)list->count + 1, sizeof *grown, 4);
    if (!grown || capacity > (size_t)0x7fffffff)
      return -1;
    list->items = grown;
    list->capacity = (int)capacity;
  }
  list->items[list->count++] = clause;
  return 0;
}

static void assign(checker *c, int literal, int reason) {
  c->value[literal] = 1;
  c->value[negate(literal)] = -1;
  int variable = variable_of(literal);
  c->reason[variable] = reason;
  c->position[variable] = c->trail_size;
  c->trail[c->trail_size++] = literal;
}

static void backtrack(checker *c, int size) {
  while (c->trail_size > size) {
    int literal = c->trail[--c->trail_size];
    c->value[literal] = c->value[negate(literal)] = 0;
  }
  if (c->head_core > size)
    c->head_core = size;
  if (c->head_other > size)
    c->head_other = size;
}

/* Visits the clauses watching `false_literal` that are core (core_pass) or
 * not; returns a falsified clause or -1. */
static int visit(checker *c, int false_literal, int core_pass) {
  watch_list *list = &c->watches[false_literal];
  int *items = list->items;
  int kept = 0, count = list->count, conflict = -1;
  int index = 0;
  for (; index < count; index++) {
    int clause = items[index];
    unsigned char flags = c->flags[clause];
    /* Inactive clauses (deleted or retired) lose their watches here. */
    if (!(flags & CLAUSE_ACTIVE))
      continue;
    if (((flags & CLAUSE_CORE) != 0) != core_pass) {
      items[kept++] = clause;
      continue;
    }
    int *literals = literals_of(c, (size_t)clause);
    if (literals[0] == false_literal) {
      literals[0] = literals[1];
      literals[1] = false_literal;
    } else if (literals[1] != false_literal) {
      continue; /* left behind when a deleted clause was watched anew */
    }
    if (c->value[literals[0]] > 0) {
      items[kept++] = clause;
      continue;
    }
    int length = c->length[clause], moved = 0;
    for (int k = 2; k < length; k++)
      if (c->value[literals[k]] >= 0) {
        literals[1] = literals[k];
        literals[k] = false_literal;
        if (watch_push(&c->watches[literals[1]], clause))
          return -2;
        /* watch_push may move another list, never this one: literals[1]
         * is not false_literal. */
        moved = 1;
        break;
      }
    if (moved)
      continue;
    items[kept++] = clause;
    if (c->value[literals[0]] < 0) {
      conflict = clause;
      index++;
      break;
    }
    assign(c, literals[0], clause);
  }
  for (; index < count; index++)
    items[kept++] = items[index];
  list->count = kept;
  return conflict;
}

/* Core first: all units through core clauses, then one literal through the
 * other clauses, and back to the core ones when that assigned something.
 * Returns a falsified clause, -1 without conflict, -2 out of memory. */
static int propagate(checker *c) {
  for (;;) {
    while (c->head_core < c->trail_size) {
      int conflict = visit(c, negate(c->trail[c->head_core++]), 1);
      if (conflict != -1)
        return conflict;
    }
    if (c->head_other >= c->trail_size)
      return -1;
    int conflict = visit(c, negate(c->trail[c->head_other++]), 0);
    if (conflict != -1)
      return conflict;
  }
}

static void mark_core(checker *c, int clause) {
  if (!(c->flags[clause] & CLAUSE_CORE)) {
    c->flags[clause] |= CLAUSE_CORE;
    if ((size_t)clause >= c->formula_count)
      c->result->core_lemmas++;
  }
}

static int scratch_push(checker *c, int value) {
  return proof_push_int(&c->scratch, &c->scratch_count, &c->scratch_capacity, value);
}

static int hint_push(checker *c, int value) {
  return proof_push_int(&c->hints, &c->hint_count, &c->hint_capacity, value);
}

static void see(checker *c, int variable) {
  if (!c->seen[variable]) {
    c->seen[variable] = 1;
    c->pending_seen++;
  }
}

/* Marks every clause the conflict (a falsified clause, or the variable of a
 * literal found true) rests on as core and, for LRAT, appends their indices
 * + 1 in trail order, the conflict last. */
static int analyze(checker *c, int conflict, int true_variable) {
  c->scratch_count = 0;
  if (conflict >= 0) {
    mark_core(c, conflict);
    const int *literals = literals_of(c, (size_t)conflict);
    for (int i = 0; i < c->length[conflict]; i++)
      see(c, variable_of(literals[i]));
  } else {
    see(c, true_variable);
  }
  for (int at = c->trail_size - 1; at >= 0 && c->pending_seen > 0; at--) {
    int variable = variable_of(c->trail[at]);
    if (!c->seen[variable])
      continue;
    c->seen[variable] = 0;
    c->pending_seen--;
    int reason = c->reason[variable];
    if (reason == NO_REASON || (c->in_lemma[variable] && variable != true_variable))
      continue;
    mark_core(c, reason);
    if (c->want_hints && scratch_push(c, reason + 1))
      return -1;
    const int *literals = literals_of(c, (size_t)reason);
    for (int i = 0; i < c->length[reason]; i++)
      if (variable_of(literals[i]) != variable)
        see(c, variable_of(literals[i]));
  }
  if (c->want_hints) {
    for (size_t i = c->scratch_count; i-- > 0;)
      if (hint_push(c, c->scratch[i]))
        return -1;
    if (conflict >= 0 && hint_push(c, conflict + 1))
      return -1;
  }
  return 0;
}

/* Assumes the negation of `literals` (and of `extra` but `skip`); 1 when
 * propagation then conflicts (the clause is RUP), 0 when not, -1 out of
 * memory. Restores the trail. */
static int check_rup(checker *c, const int *literals, int length, const int *extra,
                     int extra_length, int skip) {
  int saved = c->trail_size, true_variable = -1;
  for (int part = 0; part < 2 && true_variable < 0; part++) {
    const int *list = part ? extra : literals;
    int count = part ? extra_length : length;
    for (int i = 0; i < count; i++) {
      int literal = list[i];
      if (part && literal == skip)
        continue;
      if (c->value[literal] > 0) {
        true_variable = variable_of(literal);
        break;
      }
      if (c->value[literal] == 0)
        assign(c, negate(literal), NO_REASON);
    }
  }
  int conflict = true_variable >= 0 ? -1 : propagate(c);
  if (conflict == -2)
    return -1;
  int verified = true_variable >= 0 || conflict >= 0;
  for (int part = 0; part < 2; part++)
    for (int i = 0; i < (part ? extra_length : length); i++)
      c->in_lemma[variable_of(part ? extra[i] : literals[i])] = 1;
  int failed = verified && analyze(c, conflict, true_variable);
  for (int part = 0; part < 2; part++)
    for (int i = 0; i < (part ? extra_length : length); i++)
      c->in_lemma[variable_of(part ? extra[i] : literals[i])] = 0;
  if (failed)
    return -1;
  backtrack(c, saved);
  return verified;
}

/* RUP, else RAT on the first literal: every active clause with its negation
 * gives a resolvent that is RUP. */
static int check_lemma(checker *c, size_t lemma) {
  c->hint_start[lemma] = c->hint_count;
  int length = c->length[lemma];
  int *literals = literals_of(c, lemma);
  int verdict =
      (c->flags[lemma] & CLAUSE_TAUTOLOGY) ? 1 : check_rup(c, literals, length, NULL, 0, 0);
  if (verdict != 0 || length == 0) {
    c->hint_length[lemma] = (int)(c->hint_count - c->hint_start[lemma]);
    return verdict;
  }
  c->hint_count = c->hint_start[lemma];
  int resolved = negate(c->pivot[lemma]);
  for (size_t other = 0; other < lemma; other++) {
    if ((c->flags[other] & (CLAUSE_ACTIVE | CLAUSE_TAUTOLOGY)) != CLAUSE_ACTIVE)
      continue;
    const int *candidate = literals_of(c, other);
    int holds = 0;
    for (int i = 0; i < c->length[other] && !holds; i++)
      holds = candidate[i] == resolved;
    if (!holds)
      continue;
    mark_core(c, (int)other);
    if (c->want_hints && hint_push(c, -(int)other - 1))
      return -1;
    verdict = check_rup(c, literals, length, candidate, c->length[other], resolved);
    if (verdict != 1)
      return verdict;
  }
  c->hint_length[lemma] = (int)(c->hint_count - c->hint_start[lemma]);
  return 1;
}

/* Puts the non-false literals first and, when fewer than two are, the false
 * one assigned last second; watches the first two. Returns how many were
 * not false. */
static int attach(checker *c, size_t clause) {
  int *literals = literals_of(c, clause);
  int length = c->length[clause], front = 0;
  for (int i = 0; i < length; i++)
    if (c->value[literals[i]] >= 0) {
      int swapped = literals[front];
      literals[front++] = literals[i];
      literals[i] = swapped;
    }
  int wanted = length < 2 ? length : 2;
  for (int slot = front; slot < wanted; slot++) {
    int best = slot;
    for (int i = slot + 1; i < length; i++)
      if (c->position[variable_of(literals[i])] > c->position[variable_of(literals[best])])
        best = i;
    int swapped = literals[slot];
    literals[slot] = literals[best];
    literals[best] = swapped;
  }
  if (length >= 2 && !(c->flags[clause] & CLAUSE_TAUTOLOGY)) {
    if (watch_push(&c->watches[literals[0]], (int)clause) ||
        watch_push(&c->watches[literals[1]], (int)clause))
      return -1;
    c->flags[clause] |= CLAUSE_WATCHED;
  }
  c->flags[clause] |= CLAUSE_ACTIVE;
  return front;
}

/* Deactivates a clause. Its watches are removed at once from short lists
 * and otherwise dropped when propagation meets them (scanning a long list
 * per deletion is what costs: a completion board's proof deletes millions
 * of pairwise clauses). A deleted clause the backward pass brings back is
 * watched anew; an entry left from before is recognised as not watching
 * its literal any more, or is a harmless duplicate. */
static void watch_remove(watch_list *list, int clause) {
  for (int i = 0; i < list->count; i++)
    if (list->items[i] == clause) {
      list->items[i] = list->items[--list->count];
      return;
    }
}

enum { EAGER_REMOVAL_MAX = 64 };

static void detach(checker *c, size_t clause, int retired) {
  c->flags[clause] &= (unsigned char)~CLAUSE_ACTIVE;
  if (retired)
    c->flags[clause] |= CLAUSE_RETIRED;
  if (!(c->flags[clause] & CLAUSE_WATCHED))
    return;
  c->flags[clause] &= (unsigned char)~CLAUSE_WATCHED;
  const int *literals = literals_of(c, clause);
  watch_list *first = &c->watches[literals[0]], *second = &c->watches[literals[1]];
  if (first->count <= EAGER_REMOVAL_MAX && second->count <= EAGER_REMOVAL_MAX) {
    watch_remove(first, (int)clause);
    watch_remove(second, (int)clause);
  }
}

/* Brings a deleted clause back (the backward pass). */
static int reattach(checker *c, size_t clause) { return attach(c, clause) < 0 ? -1 : 0; }

static void hash_insert(checker *c, size_t clause) {
  size_t slot = hash_clause(literals_of(c, clause), c->length[clause]) & c->bucket_mask;
  c->chain[clause] = c->bucket[slot];
  c->bucket[slot] = (int)clause;
}

/* The active clause with the same literals as `pattern`, unlinked from the
 * hash; -1 when none. */
static int hash_take(checker *c, size_t pattern) {
  int length = c->length[pattern];
  const int *wanted = literals_of(c, pattern);
  int *link = &c->bucket[hash_clause(wanted, length) & c->bucket_mask];
  c->stamp_now++;
  for (int i = 0; i < length; i++)
    c->stamp[wanted[i]] = c->stamp_now;
  for (; *link >= 0; link = &c->chain[*link]) {
    int clause = *link;
    if (c->length[clause] != length)
      continue;
    const int *literals = literals_of(c, (size_t)clause);
    int same = 1;
    for (int i = 0; i < length && same; i++)
      same = c->stamp[literals[i]] == c->stamp_now;
    if (same) {
      *link = c->chain[clause];
      return clause;
    }
  }
  return -1;
}

/* Drops repeated literals and notes tautologies, in place; converts to
 * internal literals. */
static void normalize(checker *c, size_t clause) {
  int *literals = literals_of(c, clause);
  int length = (int)proof_clause_length(&c->clauses, clause), kept = 0;
  c->stamp_now++;
  for (int i = 0; i < length; i++) {
    int literal = internal_literal(literals[i]);
    if (c->stamp[literal] == c->stamp_now)
      continue;
    if (c->stamp[negate(literal)] == c->stamp_now)
      c->flags[clause] |= CLAUSE_TAUTOLOGY;
    c->stamp[literal] = c->stamp_now;
    literals[kept++] = literal;
  }
  c->length[clause] = kept;
  c->pivot[clause] = kept ? literals[0] : -1;
}

static int units_reason(const checker *c, size_t clause) {
  const int *literals = c->clauses.literals + c->clauses.start[clause];
  for (int i = 0; i < c->length[clause]; i++)
    if (c->value[literals[i]] > 0 && c->reason[variable_of(literals[i])] == (int)clause)
      return 1;
  return 0;
}

static void describe_clause(const checker *c, size_t clause, char *text, size_t size) {
  size_t used = 0;
  const int *literals = c->clauses.literals + c->clauses.start[clause];
  text[0] = '\0';
  /* The pivot first, as the proof wrote it. */
  int pivot = c->pivot[clause];
  for (int i = -1; i < c->length[clause] && used + 16 < size; i++) {
    int literal = i < 0 ? pivot : literals[i];
    if (literal < 0 || (i >= 0 && literal == pivot))
      continue;
    used += (size_t)snprintf(text + used, size - used, "%s%d", used ? " " : "",
                             dimacs_literal(literal));
  }
  if (c->length[clause] > 0 && used + 16 >= size)
    snprintf(text + used, size - used, " ...");
}

static void where_failed(checker *c, int64_t where) {
  if (c->steps.binary)
    c->result->failed_byte = where;
  else
    c->result->failed_line = (long)where;
}

static int allocate(checker *c) {
  size_t clauses = c->clauses.count, steps = c->steps.count;
  size_t variables = (size_t)c->clauses.max_variable + 1;
  if (clauses > 0x7ffffff0)
    return -1;
  c->literal_count = (int)(2 * variables);
  size_t buckets = 1024;
  while (buckets < clauses)
    buckets *= 2;
  c->bucket_mask = buckets - 1;
  c->length = malloc(clauses * sizeof *c->length + 1);
  c->pivot = malloc(clauses * sizeof *c->pivot + 1);
  c->flags = calloc(clauses + 1, 1);
  c->trail_before = calloc(clauses + 1, sizeof *c->trail_before);
  c->chain = malloc((clauses + 1) * sizeof *c->chain);
  c->bucket = malloc(buckets * sizeof *c->bucket);
  c->target = malloc((steps + 1) * sizeof *c->target);
  c->value = calloc(2 * variables, 1);
  c->reason = malloc(variables * sizeof *c->reason);
  c->position = calloc(variables, sizeof *c->position);
  c->trail = malloc(variables * sizeof *c->trail);
  c->watches = calloc(2 * variables, sizeof *c->watches);
  c->seen = calloc(variables, 1);
  c->in_lemma = calloc(variables, 1);
  c->stamp = calloc(2 * variables, sizeof *c->stamp);
  c->hint_start = calloc(clauses + 1, sizeof *c->hint_start);
  c->hint_length = calloc(clauses + 1, sizeof *c->hint_length);
  if (!c->length || !c->pivot || !c->flags || !c->trail_before || !c->chain || !c->bucket ||
      !c->target || !c->value || !c->reason || !c->position || !c->trail || !c->watches ||
      !c->seen || !c->in_lemma || !c->stamp || !c->hint_start || !c->hint_length)
    return -1;
  memset(c->bucket, 0xff, buckets * sizeof *c->bucket);
  for (size_t s = 0; s <= steps; s++)
    c->target[s] = SIZE_MAX;
  return 0;
}

static void release(checker *c) {
  if (c->watches)
    for (int literal = 0; literal < c->literal_count; literal++)
      free(c->watches[literal].items);
  free(c->watches);
  free(c->length);
  free(c->pivot);
  free(c->flags);
  free(c->trail_before);
  free(c->chain);
  free(c->bucket);
  free(c->target);
  free(c->value);
  free(c->reason);
  free(c->position);
  free(c->trail);
  free(c->seen);
  free(c->in_lemma);
  free(c->stamp);
  free(c->hint_start);
  free(c->hint_length);
  free(c->hints);
  free(c->scratch);
  proof_clauses_free(&c->clauses);
  drat_steps_free(&c->steps);
}

/* Adds a clause during the forward pass; returns a conflict clause, -1
 * when none, -2 out of memory. */
static int add_forward(checker *c, size_t clause) {
  c->trail_before[clause] = c->trail_size;
  hash_insert(c, clause);
  int not_false = attach(c, clause);
  if (not_false < 0)
    return -2;
  if (c->flags[clause] & CLAUSE_TAUTOLOGY)
    return -1;
  if (not_false == 0)
    return (int)clause;
  const int *literals = literals_of(c, clause);
  if (not_false == 1 && c->value[literals[0]] == 0) {
    assign(c, literals[0], (int)clause);
    return propagate(c);
  }
  return -1;
}

static int write_hints(checker *c, FILE *file, const int64_t *id, size_t start, int length) {
  for (int i = 0; i < length; i++) {
    int hint = c->hints[start + (size_t)i];
    int64_t written = hint > 0 ? id[hint - 1] : -id[-hint - 1];
    if (fprintf(file, " %lld", (long long)written) < 0)
      return -1;
  }
  return 0;
}

static nq_status write_lrat(checker *c, const char *path, size_t last_step, size_t final_start,
                            int final_length, char *error, size_t error_size) {
  size_t path_length = strlen(path);
  char *temporary = malloc(path_length + 16);
  int64_t *id = calloc(c->clauses.count + 1, sizeof *id);
  if (!temporary || !id) {
    free(temporary);
    free(id);
    return NQ_ERR_MEMORY;
  }
  snprintf(temporary, path_length + 16, "%s.tmpXXXXXX", path);
  int fd = mkstemp(temporary);
  FILE *file = fd >= 0 ? fdopen(fd, "w") : NULL;
  if (!file) {
    if (fd >= 0)
      close(fd);
    snprintf(error, error_size, "%s: cannot create a temporary file", path);
    free(temporary);
    free(id);
    return NQ_ERR_IO;
  }
  int64_t next = (int64_t)c->formula_count + 1;
  for (size_t clause = 0; clause < c->formula_count; clause++)
    id[clause] = (int64_t)clause + 1;
  int failed = 0;
  /* Deletions only matter to RAT lemmas (the clauses a RAT check must
   * resolve with are the active ones); hints name active clauses anyway.
   * A proof without RAT lemmas in its core is written without them: a
   * completion board's proof deletes millions of formula clauses, which
   * would be most of the LRAT to read. Else each run of deletions is one
   * line. */
  int any_rat = 0;
  for (size_t h = 0; h < c->hint_count && !any_rat; h++)
    any_rat = c->hints[h] < 0;
  int in_deletion = 0;
  /* last_step is SIZE_MAX when the formula alone conflicts. */
  for (size_t s = 0; last_step != SIZE_MAX && s <= last_step && !failed; s++) {
    const drat_step *step = &c->steps.steps[s];
    if (step->deletion) {
      size_t target = c->target[s];
      if (any_rat && target != SIZE_MAX && id[target]) {
        if (!in_deletion)
          failed = fprintf(file, "%lld d", (long long)(next - 1)) < 0;
        in_deletion = 1;
        failed |= fprintf(file, " %lld", (long long)id[target]) < 0;
      }
      continue;
    }
    if (in_deletion)
      failed |= fputs(" 0\n", file) < 0;
    in_deletion = 0;
    size_t lemma = step->clause;
    if (!(c->flags[lemma] & CLAUSE_CORE) || c->length[lemma] == 0)
      continue;
    id[lemma] = next++;
    failed = fprintf(file, "%lld", (long long)id[lemma]) < 0;
    const int *literals = literals_of(c, lemma);
    int pivot = c->pivot[lemma];
    failed |= fprintf(file, " %d", dimacs_literal(pivot)) < 0;
    for (int i = 0; i < c->length[lemma]; i++)
      if (literals[i] != pivot)
        failed |= fprintf(file, " %d", dimacs_literal(literals[i])) < 0;
    failed |= fputs(" 0", file) < 0;
    failed |= write_hints(c, file, id, c->hint_start[lemma], c->hint_length[lemma]);
    failed |= fputs(" 0\n", file) < 0;
  }
  if (in_deletion)
    failed |= fputs(" 0\n", file) < 0;
  if (!failed) {
    failed = fprintf(file, "%lld 0", (long long)next) < 0;
    failed |= write_hints(c, file, id, final_start, final_length);
    failed |= fputs(" 0\n", file) < 0;
  }
  failed |= fclose(file) != 0;
  if (!failed && rename(temporary, path) != 0)
    failed = 1;
  if (failed) {
    unlink(temporary);
    snprintf(error, error_size, "%s: cannot write the LRAT proof", path);
  }
  free(temporary);
  free(id);
  return failed ? NQ_ERR_IO : NQ_OK;
}

static nq_status run_checker(checker *c, const char *proof_name, const char *lrat_path, char *error,
                             size_t error_size) {
  nq_proof_result *result = c->result;
  result->binary = c->steps.binary;
  if (allocate(c))
    return NQ_ERR_MEMORY;
  for (size_t clause = 0; clause < c->clauses.count; clause++)
    normalize(c, clause);
  c->want_hints = lrat_path != NULL;
  /* Forward. */
  int conflict = -1;
  for (size_t clause = 0; clause < c->formula_count && conflict == -1; clause++) {
    c->trail_before[clause] = c->trail_size;
    hash_insert(c, clause);
    int not_false = attach(c, clause);
    if (not_false < 0)
      return NQ_ERR_MEMORY;
    if (c->flags[clause] & CLAUSE_TAUTOLOGY)
      continue;
    const int *literals = literals_of(c, clause);
    if (c->length[clause] == 0)
      conflict = (int)clause;
    else if (c->length[clause] == 1) {
      if (c->value[literals[0]] < 0)
        conflict = (int)clause;
      else if (c->value[literals[0]] == 0)
        assign(c, literals[0], (int)clause);
    }
  }
  if (conflict == -1)
    conflict = propagate(c);
  size_t stopped = SIZE_MAX; /* the step whose lemma brought the conflict */
  for (size_t s = 0; s < c->steps.count && conflict == -1; s++) {
    const drat_step *step = &c->steps.steps[s];
    if (step->deletion) {
      int clause = hash_take(c, step->clause);
      if (clause < 0 || units_reason(c, (size_t)clause)) {
        if (clause >= 0)
          hash_insert(c, (size_t)clause);
        result->ignored_deletions++;
        continue;
      }
      detach(c, (size_t)clause, 0);
      c->target[s] = (size_t)clause;
      result->deletions++;
      continue;
    }
    result->lemmas++;
    if (c->length[step->clause] == 0) {
      /* The empty clause: propagation has found no conflict, so it is not
       * RUP. */
      where_failed(c, step->where);
      snprintf(result->message, sizeof result->message,
               "%s:%s%lld: the empty clause is not RUP: unit propagation finds no conflict",
               proof_name, c->steps.binary ? " byte " : "", (long long)step->where);
      return NQ_OK;
    }
    conflict = add_forward(c, step->clause);
    if (conflict == -1)
      continue;
    stopped = s;
  }
  if (conflict == -2)
    return NQ_ERR_MEMORY;
  if (conflict == -1) {
    snprintf(result->message, sizeof result->message,
             "%s: no conflict after all %llu lemmas: the proof does not refute the formula",
             proof_name, (unsigned long long)result->lemmas);
    return NQ_OK;
  }
  /* Backward. */
  c->hint_count = 0;
  if (analyze(c, conflict, -1))
    return NQ_ERR_MEMORY;
  size_t final_length = c->hint_count;
  if (stopped != SIZE_MAX) {
    for (size_t s = stopped + 1; s-- > 0;) {
      const drat_step *step = &c->steps.steps[s];
      if (step->deletion) {
        if (c->target[s] != SIZE_MAX && reattach(c, c->target[s]))
          return NQ_ERR_MEMORY;
        continue;
      }
      size_t lemma = step->clause;
      detach(c, lemma, 1);
      backtrack(c, c->trail_before[lemma]);
      if (!(c->flags[lemma] & CLAUSE_CORE))
        continue;
      int verdict = check_lemma(c, lemma);
      if (verdict < 0)
        return NQ_ERR_MEMORY;
      if (verdict == 0) {
        char text[200];
        describe_clause(c, lemma, text, sizeof text);
        where_failed(c, step->where);
        snprintf(result->message, sizeof result->message,
                 "%s:%s%lld: lemma '%s 0' is neither RUP nor RAT (on its first literal)",
                 proof_name, c->steps.binary ? " byte " : "", (long long)step->where, text);
        return NQ_OK;
      }
    }
  }
  result->verified = 1;
  snprintf(result->message, sizeof result->message,
           "%s: verified: %llu of %llu lemmas used, %llu deletions", proof_name,
           (unsigned long long)result->core_lemmas, (unsigned long long)result->lemmas,
           (unsigned long long)result->deletions);
  if (lrat_path)
    return write_lrat(c, lrat_path, stopped, 0, (int)final_length, error, error_size);
  return NQ_OK;
}

nq_status drat_check_clauses(proof_clauses *formula, const char *proof, size_t proof_size,
                             const char *proof_name, const char *lrat_path, nq_proof_result *result,
                             char *error, size_t error_size) {
  memset(result, 0, sizeof *result);
  result->failed_byte = -1;
  checker c;
  memset(&c, 0, sizeof c);
  c.result = result;
  c.clauses = *formula;
  memset(formula, 0, sizeof *formula);
  c.formula_count = c.clauses.count;
  int formula_variables = c.clauses.max_variable;
  nq_status status =
      drat_parse(proof, proof_size, proof_name, &c.clauses, &c.steps, error, error_size);
  /* New variables (RAT's extensions) take at least two bytes each, so a
   * variable beyond this bound skips numbers; refusing it bounds the
   * memory by the input's size. */
  if (status == NQ_OK && (size_t)c.clauses.max_variable > (size_t)formula_variables + proof_size)
    status = proof_parse_error(error, error_size, proof_name, 0,
                               "variable %d is beyond the formula's %d plus the proof's size",
                               c.clauses.max_variable, formula_variables);
  if (status == NQ_OK)
    status = run_checker(&c, proof_name, lrat_path, error, error_size);
  if (status == NQ_ERR_MEMORY)
    snprintf(error, error_size, "%s: out of memory", proof_name);
  release(&c);
  return status;
}

static nq_status check_bytes(const char *cnf, size_t cnf_size, const char *proof, size_t proof_size,
                             const char *cnf_name, const char *proof_name, const char *lrat_path,
                             nq_proof_result *result, char *error, size_t error_size) {
  memset(result, 0, sizeof *result);
  result->failed_byte = -1;
  proof_clauses formula;
  if (proof_clauses_init(&formula)) {
    snprintf(error, error_size, "%s: out of memory", cnf_name);
    return NQ_ERR_MEMORY;
  }
  nq_status status = proof_parse_dimacs(cnf, cnf_size, cnf_name, &formula, error, error_size);
  if (status == NQ_OK)
    status = drat_check_clauses(&formula, proof, proof_size, proof_name, lrat_path, result, error,
                                error_size);
  else if (status == NQ_ERR_MEMORY)
    snprintf(error, error_size, "%s: out of memory", cnf_name);
  proof_clauses_free(&formula);
  return status;
}

nq_status nq_proof_check_drat_memory(const char *cnf, size_t cnf_size, const char *proof,
                                     size_t proof_size, const char *cnf_name,
                                     const char *proof_name, nq_proof_result *result, char *error,
                                     size_t error_size) {
  return check_bytes(cnf, cnf_size, proof, proof_size, cnf_name, proof_name, NULL, result, error,
                     error_size);
}

nq_status nq_proof_check_drat(const char *cnf_path, const char *proof_path, const char *lrat_path,
                              nq_proof_result *result, char *error, size_t error_size) {
  char *cnf = NULL, *proof = NULL;
  size_t cnf_size, proof_size;
  memset(result, 0, sizeof *result);
  result->failed_byte = -1;
  nq_status status = proof_read_file(cnf_path, &cnf, &cnf_size, error, error_size);
  if (status == NQ_OK)
    status = proof_read_file(proof_path, &proof, &proof_size, error, error_size);
  if (status == NQ_OK)
    status = check_bytes(cnf, cnf_size, proof, proof_size, cnf_path, proof_path, lrat_path, result,
                         error, error_size);
  free(cnf);
  free(proof);
  return status;
}
