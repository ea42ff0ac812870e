/* The cube-and-conquer certified count of certify_split.h. */
#include "certify_split.h"

#include <pthread.h>
#include <stdatomic.h>
#include <stdlib.h>
#include <string.h>

#include "allsat_engine.h"
#include "grow.h"

/* Teeth of the comb per thread. The last cube (every split variable
 * false) can hold the most models, so it runs first, and the teeth, each
 * one split variable true, fill the other threads. On N-Queens the
 * static order begins along a line of the board, which holds one queen:
 * its cells are the first teeth, each with a tenth of the models at
 * N = 10 (half in the first tooth in the rows model's order and log
 * encodings), and the cubes after them have none. */
enum { TEETH_PER_THREAD = 8 };
/* Proof steps kept: a lemma, a deletion, or (LRAT) where a model took
 * its blocking clause's id; each as KIND, ID, SIZE, HINTS, then SIZE
 * internal literals and HINTS ids. */
enum { STEP_LEMMA, STEP_DELETE, STEP_BLOCKING, STEP_HEADER = 4 };

typedef struct cube_run {
  const int *assumptions; /* the cube: DIMACS literals */
  int assumption_count;
  allsat_engine *engine;
  char *text; /* its 'd' and 'm' lines */
  size_t text_size, text_capacity;
  int *steps;
  size_t step_size, step_capacity;
  int max_id; /* LRAT: the largest id its proof takes */
  mpz_t count;
  size_t models;
  int failed; /* out of memory */
  nq_status status;
} cube_run;

typedef struct split_run {
  const certify_formula *formula;
  nq_certificate_proof kind;
  cube_run *cubes;
  int cube_count;
  const int *schedule; /* cube indices, in the order threads take them */
  atomic_int next;     /* the next position in `schedule` */
  atomic_int abort;    /* a cube failed: the others stop */
  const volatile sig_atomic_t *stop;
  int partial; /* the cubes' engines report partial models */
} split_run;

/* Appends " LITERAL" to `line` at `at`; returns the new end. */
static size_t append_literal(char *line, size_t at, int literal) {
  char digits[12];
  int count = 0;
  unsigned magnitude = literal < 0 ? 0u - (unsigned)literal : (unsigned)literal;
  do {
    digits[count++] = (char)('0' + magnitude % 10);
    magnitude /= 10;
  } while (magnitude);
  line[at++] = ' ';
  if (literal < 0)
    line[at++] = '-';
  while (count)
    line[at++] = digits[--count];
  return at;
}

size_t certify_cube_line(char *line, const int *prefix, int prefix_count, const int *path,
                         int path_count, const signed char *values, int variables) {
  size_t at = 0;
  line[at++] = 'd';
  for (int i = 0; i < prefix_count; i++)
    at = append_literal(line, at, prefix[i]);
  for (int i = 0; i < path_count; i++)
    at = append_literal(line, at, path[i]);
  memcpy(line + at, " 0\nm", 4);
  at += 4;
  for (int v = 1; v <= variables; v++)
    if (values[v] >= 0)
      at = append_literal(line, at, values[v] ? v : -v);
  memcpy(line + at, " 0\n", 3);
  return at + 3;
}

static int push_step(cube_run *cube, int kind, int id, const int *literals, int size,
                     const int *hints, int hint_count) {
  size_t need = cube->step_size + STEP_HEADER + (size_t)size + (size_t)hint_count;
  if (need > cube->step_capacity) {
    int *grown = grow_array(cube->steps, &cube->step_capacity, need, sizeof *cube->steps, 1024);
    if (!grown) {
      cube->failed = 1;
      return -1;
    }
    cube->steps = grown;
  }
  int *at = cube->steps + cube->step_size;
  at[0] = kind;
  at[1] = id;
  at[2] = size;
  at[3] = hint_count;
  if (size)
    memcpy(at + STEP_HEADER, literals, (size_t)size * sizeof *literals);
  if (hint_count)
    memcpy(at + STEP_HEADER + size, hints, (size_t)hint_count * sizeof *hints);
  cube->step_size = need;
  if (id > cube->max_id)
    cube->max_id = id;
  return 0;
}

static int keep_lrat(void *context, int id, const int *literals, int size, const int *hints,
                     int hint_count, int deleted) {
  return push_step(context, deleted ? STEP_DELETE : STEP_LEMMA, id, literals, size, hints,
                   hint_count);
}

static int keep_drat(void *context, const int *literals, int size, int deleted) {
  return push_step(context, deleted ? STEP_DELETE : STEP_LEMMA, 0, literals, size, NULL, 0);
}

typedef struct model_context {
  split_run *run;
  cube_run *cube;
  int *path;
  char *line;
} model_context;

static int keep_model(void *context, const signed char *values, int free_count) {
  model_context *m = context;
  cube_run *cube = m->cube;
  const certify_formula *f = m->run->formula;
  int decisions = allsat_engine_path(cube->engine, m->path);
  size_t length = certify_cube_line(m->line, cube->assumptions, cube->assumption_count, m->path,
                                    decisions, values, f->variables);
  if (cube->text_size + length > cube->text_capacity) {
    char *grown = grow_array(cube->text, &cube->text_capacity, cube->text_size + length, 1, 4096);
    if (!grown) {
      cube->failed = 1;
      return 1;
    }
    cube->text = grown;
  }
  memcpy(cube->text + cube->text_size, m->line, length);
  cube->text_size += length;
  if (m->run->kind == NQ_CERTIFICATE_LRAT &&
      push_step(cube, STEP_BLOCKING, allsat_engine_blocking_id(cube->engine), NULL, 0, NULL, 0))
    return 1;
  certify_add_cube_models(cube->count, free_count);
  cube->models++;
  return 0;
}

static int stop_requested(void *context) {
  const model_context *m = context;
  return atomic_load(&m->run->abort) || (m->run->stop && *m->run->stop);
}

static nq_status walk_cube(split_run *run, cube_run *cube, int *path, char *line) {
  const certify_formula *f = run->formula;
  cube->engine =
      certify_engine_new(f, run->partial ? f->variables : 0, run->kind, keep_drat, keep_lrat, cube);
  if (!cube->engine)
    return NQ_ERR_MEMORY;
  model_context m = {run, cube, path, line};
  nq_status status =
      allsat_engine_enumerate(cube->engine, cube->assumptions, (size_t)cube->assumption_count, 1,
                              keep_model, stop_requested, &m);
  if (status == NQ_ERR_STOPPED && !cube->failed)
    status = NQ_ERR_INTERRUPTED; /* asked to stop while a model was kept */
  if (cube->failed)
    status = NQ_ERR_MEMORY;
  allsat_engine_free(cube->engine);
  cube->engine = NULL;
  return status;
}

static void *worker(void *argument) {
  split_run *run = argument;
  const certify_formula *f = run->formula;
  int *path = malloc(((size_t)f->variables + 1) * sizeof *path);
  char *line = malloc(2 * ((size_t)f->variables + 1) * 13 + 16);
  for (;;) {
    int at = atomic_fetch_add(&run->next, 1);
    if (at >= run->cube_count)
      break;
    cube_run *cube = &run->cubes[run->schedule[at]];
    if (atomic_load(&run->abort))
      cube->status = NQ_ERR_INTERRUPTED;
    else
      cube->status = path && line ? walk_cube(run, cube, path, line) : NQ_ERR_MEMORY;
    if (cube->status != NQ_OK)
      atomic_store(&run->abort, 1);
  }
  free(path);
  free(line);
  return NULL;
}

/* ---- writing the cubes' proofs as one ---- */

typedef struct composer {
  proof_writer *proof;
  nq_certificate_proof kind;
  int next_id;   /* LRAT: the next id written */
  int *renumber; /* LRAT: a cube's ids above the formula's, by old id */
  int formula_clauses;
  int *literals, *hints; /* scratch */
  /* The lemmas of the comb's nodes not yet joined: a stack of (DIMACS
   * path, its length, the lemma's id). */
  int *stack_literals;
  int *stack_length, *stack_id, stack_size, stack_literal_size;
} composer;

static int new_id(composer *c, int old) {
  return old <= c->formula_clauses ? old : c->renumber[old - c->formula_clauses];
}

static int to_internal(int literal) { return literal > 0 ? 2 * literal : 2 * -literal + 1; }

/* Writes the lemma negating `path` (length `length`), LRAT hints `hints`;
 * returns its id (LRAT) or 0. */
static int write_node_lemma(composer *c, const int *path, int length, const int *hints,
                            int hint_count) {
  for (int i = 0; i < length; i++)
    c->literals[i] = to_internal(-path[i]);
  if (c->kind == NQ_CERTIFICATE_DRAT) {
    proof_writer_step(c->proof, c->literals, length, 0);
    return 0;
  }
  int id = c->next_id++;
  proof_writer_lrat_step(c->proof, id, c->literals, length, hints, hint_count, 0);
  return id;
}

/* Pushes the lemma of a node and joins siblings on top of the stack: the
 * negations of P l and P -l give the negation of P (RUP: with P true the
 * first is unit, -l, and the second false). */
static void push_node(composer *c, const int *path, int length, int id) {
  int *base = c->stack_literals + c->stack_literal_size;
  if (base != path)
    memmove(base, path, (size_t)length * sizeof *path);
  c->stack_length[c->stack_size] = length;
  c->stack_id[c->stack_size++] = id;
  c->stack_literal_size += length;
  while (c->stack_size >= 2) {
    int top = c->stack_size - 1, n = c->stack_length[top];
    const int *b = c->stack_literals + c->stack_literal_size - n, *a = b - n;
    if (c->stack_length[top - 1] != n || n == 0 || memcmp(a, b, (size_t)(n - 1) * sizeof *a) ||
        a[n - 1] != -b[n - 1])
      break;
    int hints[2] = {c->stack_id[top - 1], c->stack_id[top]};
    int parent = write_node_lemma(c, a, n - 1, hints, 2);
    if (c->kind == NQ_CERTIFICATE_LRAT && n > 1) { /* nothing after the empty clause */
      proof_writer_lrat_step(c->proof, hints[0], NULL, 0, NULL, 0, 1);
      proof_writer_lrat_step(c->proof, hints[1], NULL, 0, NULL, 0, 1);
    }
    c->stack_size -= 2;
    c->stack_literal_size -= 2 * n;
    c->stack_length[c->stack_size] = n - 1;
    c->stack_id[c->stack_size++] = parent;
    c->stack_literal_size += n - 1;
  }
}

/* Writes a cube's proof steps, renumbered; returns the id its last lemma
 * (the negation of the cube) has now, 0 in DRAT. */
static int write_cube_proof(composer *c, const cube_run *cube) {
  int last = 0;
  for (size_t at = 0; at < cube->step_size;) {
    const int *step = cube->steps + at;
    int kind = step[0], id = step[1], size = step[2], hint_count = step[3];
    const int *literals = step + STEP_HEADER;
    at += STEP_HEADER + (size_t)size + (size_t)hint_count;
    if (c->kind == NQ_CERTIFICATE_DRAT) {
      proof_writer_step(c->proof, literals, size, kind == STEP_DELETE);
      continue;
    }
    if (kind == STEP_DELETE) {
      proof_writer_lrat_step(c->proof, new_id(c, id), NULL, 0, NULL, 0, 1);
      continue;
    }
    c->renumber[id - c->formula_clauses] = c->next_id++;
    if (kind == STEP_BLOCKING)
      continue; /* an id the lemmas skip */
    for (int i = 0; i < hint_count; i++)
      c->hints[i] = new_id(c, literals[size + i]);
    last = c->renumber[id - c->formula_clauses];
    proof_writer_lrat_step(c->proof, last, literals, size, c->hints, hint_count, 0);
  }
  return last;
}

/* ---- the split ---- */

static int formula_clauses(const certify_formula *f) {
  int clauses = 0;
  for (size_t i = 0; i < f->literal_count; i++)
    clauses += f->literals[i] == 0;
  return clauses;
}

/* Models sampled before the split, and the share of them with free
 * variables under which the cubes' engines report total models only. */
enum { SAMPLE_MODELS = 32, SAMPLE_RATIO = 16 };

typedef struct sample {
  int models, partial;
} sample;

static int sample_model(void *context, const signed char *values, int free_count) {
  (void)values;
  sample *s = context;
  s->models++;
  s->partial += free_count > 0;
  return s->models >= SAMPLE_MODELS;
}

/* The split variables: the first open projected ones of the static order
 * (by number without one), at most `most`. Returns how many, or -1 when
 * out of memory. *partial says whether the cubes' engines are to report
 * partial models: a single walk reports them until a sample of its
 * models shows they are rare (allsat_engine.c), which in a cube of a few
 * dozen models would be the whole cube, twice as slow (N-Queens); the
 * first models of a walk without proof are that sample here. */
static int choose_split(const certify_formula *f, int most, int *chosen, int *partial) {
  allsat_engine *probe = certify_engine_new(f, f->variables, NQ_CERTIFICATE_DRAT, NULL, NULL, NULL);
  if (!probe)
    return -1;
  int *by_rank = malloc(((size_t)f->variables + 1) * sizeof *by_rank);
  if (!by_rank) {
    allsat_engine_free(probe);
    return -1;
  }
  for (int v = 1; v <= f->variables; v++)
    by_rank[v - 1] = v;
  if (f->rank)
    for (int v = 1; v <= f->variables; v++)
      if (f->rank[v] >= 0 && f->rank[v] < f->variables)
        by_rank[f->rank[v]] = v;
  int count = 0;
  for (int i = 0; i < f->variables && count < most; i++) {
    int v = by_rank[i];
    if (f->projected[v] && !allsat_engine_fixed(probe, v))
      chosen[count++] = v;
  }
  free(by_rank);
  sample seen = {0, 0};
  nq_status status = allsat_engine_enumerate(probe, NULL, 0, 0, sample_model, NULL, &seen);
  allsat_engine_free(probe);
  if (status == NQ_ERR_MEMORY)
    return -1;
  *partial = seen.partial * SAMPLE_RATIO >= seen.models;
  return count;
}

nq_status certify_split_walk(const certify_formula *f, int threads, nq_certificate_proof kind,
                             FILE *file, proof_writer *proof, const volatile sig_atomic_t *stop,
                             mpz_t count, size_t *cube_count, int *split) {
  *split = 0;
  int most = TEETH_PER_THREAD * threads;
  int *chosen = malloc((size_t)most * sizeof *chosen);
  int partial = 1;
  int teeth = chosen ? choose_split(f, most, chosen, &partial) : -1;
  if (teeth < 0) {
    free(chosen);
    return NQ_ERR_MEMORY;
  }
  if (teeth < 2) {
    free(chosen);
    return NQ_OK;
  }
  *split = 1;
  /* Cube i < teeth: -v1 ... -v(i) v(i+1); cube teeth: every v false;
   * cube i's literals at `cube_literals + i * teeth`. */
  int cubes = teeth + 1;
  int *cube_literals = malloc((size_t)cubes * (size_t)teeth * sizeof *cube_literals);
  int *schedule = malloc((size_t)cubes * sizeof *schedule);
  split_run run = {f,    kind,   calloc((size_t)cubes, sizeof(cube_run)), cubes, schedule, 0, 0,
                   stop, partial};
  nq_status status = NQ_ERR_MEMORY;
  if (!cube_literals || !schedule || !run.cubes) {
    free(cube_literals);
    free(schedule);
    free(run.cubes);
    free(chosen);
    return NQ_ERR_MEMORY;
  }
  for (int i = 0; i < cubes; i++) {
    int *literals = cube_literals + (size_t)i * (size_t)teeth;
    int length = i < teeth ? i + 1 : teeth;
    for (int k = 0; k < length; k++)
      literals[k] = k == i ? chosen[k] : -chosen[k];
    run.cubes[i].assumptions = literals;
    run.cubes[i].assumption_count = length;
    mpz_init(run.cubes[i].count);
    schedule[i] = i == 0 ? teeth : i - 1; /* the last cube first */
  }
  atomic_init(&run.next, 0);
  atomic_init(&run.abort, 0);
  if (threads > cubes)
    threads = cubes;
  pthread_t *ids = malloc((size_t)threads * sizeof *ids);
  int started = 0;
  for (; ids && started < threads; started++)
    if (pthread_create(&ids[started], NULL, worker, &run) != 0)
      break;
  if (!started)
    worker(&run); /* no thread: the caller's own */
  for (int t = 0; t < started; t++)
    pthread_join(ids[t], NULL);
  free(ids);
  status = NQ_OK;
  for (int i = 0; i < cubes && status == NQ_OK; i++)
    status = run.cubes[i].status;
  for (int i = 0; i < cubes && status != NQ_OK; i++)
    if (run.cubes[i].status == NQ_ERR_MEMORY)
      status = NQ_ERR_MEMORY; /* the cause, not the others' stop */
  if (status == NQ_OK && stop && *stop)
    status = NQ_ERR_INTERRUPTED;

  int clauses = formula_clauses(f);
  composer c = {.proof = proof, .kind = kind, .next_id = clauses + 1, .formula_clauses = clauses};
  int widest = 0, most_hints = 0;
  for (int i = 0; i < cubes && status == NQ_OK; i++) {
    const cube_run *cube = &run.cubes[i];
    if (cube->max_id - c.formula_clauses > widest)
      widest = cube->max_id - c.formula_clauses;
    for (size_t at = 0; at < cube->step_size;
         at += STEP_HEADER + (size_t)cube->steps[at + 2] + (size_t)cube->steps[at + 3])
      if (cube->steps[at + 3] > most_hints)
        most_hints = cube->steps[at + 3];
  }
  if (status == NQ_OK) {
    c.renumber = malloc(((size_t)widest + 1) * sizeof *c.renumber);
    c.hints = malloc(((size_t)most_hints + 1) * sizeof *c.hints);
    c.literals = malloc(((size_t)teeth + 1) * sizeof *c.literals);
    c.stack_literals = malloc(((size_t)cubes * (size_t)teeth + 1) * sizeof *c.stack_literals);
    c.stack_length = malloc(((size_t)cubes + 1) * sizeof *c.stack_length);
    c.stack_id = malloc(((size_t)cubes + 1) * sizeof *c.stack_id);
    if (!c.renumber || !c.hints || !c.literals || !c.stack_literals || !c.stack_length ||
        !c.stack_id)
      status = NQ_ERR_MEMORY;
  }
  /* Depth-first order of the comb: the teeth, then the last cube. */
  for (int i = 0; i < cubes && status == NQ_OK; i++) {
    cube_run *cube = &run.cubes[i];
    if (cube->text_size && fwrite(cube->text, 1, cube->text_size, file) != cube->text_size)
      status = NQ_ERR_IO;
    int id = write_cube_proof(&c, cube);
    push_node(&c, cube->assumptions, cube->assumption_count, id);
    mpz_add(count, count, cube->count);
    *cube_count += cube->models;
  }
  if (status == NQ_OK && (c.stack_size != 1 || c.stack_length[0] != 0))
    status = NQ_ERR_MEMORY; /* cannot happen: the comb joins to its root */
  if (status == NQ_OK && proof->failed)
    status = NQ_ERR_IO;
  free(c.renumber);
  free(c.hints);
  free(c.literals);
  free(c.stack_literals);
  free(c.stack_length);
  free(c.stack_id);
  for (int i = 0; i < cubes; i++) {
    free(run.cubes[i].text);
    free(run.cubes[i].steps);
    mpz_clear(run.cubes[i].count);
  }
  free(run.cubes);
  free(cube_literals);
  free(schedule);
  free(chosen);
  return status;
}

allsat_engine *certify_engine_new(const certify_formula *f, int max_free, nq_certificate_proof kind,
                                  allsat_proof_fn drat, allsat_lrat_fn lrat, void *context) {
  allsat_engine *engine =
      allsat_engine_new(f->variables, f->projected, f->literals, f->literal_count);
  if (!engine)
    return NULL;
  allsat_engine_set_max_free(engine, max_free);
  if (f->rank)
    (void)allsat_engine_set_order(engine, f->rank, f->variables); /* else VSIDS */
  if (kind == NQ_CERTIFICATE_DRAT && drat)
    allsat_engine_set_proof(engine, drat, context);
  else if (kind == NQ_CERTIFICATE_LRAT && lrat && allsat_engine_set_lrat(engine, lrat, context)) {
    allsat_engine_free(engine);
    return NULL;
  }
  return engine;
}

void certify_add_cube_models(mpz_t count, int free_count) {
  mpz_t term;
  mpz_init(term);
  mpz_ui_pow_ui(term, 2, (unsigned long)free_count);
  mpz_add(count, count, term);
  mpz_clear(term);
}
