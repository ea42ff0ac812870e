/* Private to encoder/: what the auxiliary variables of the at-most-one
 * encodings mean, in words, from what each scheme tells the clause emitter
 * when it makes one (name_auxiliary in clause_emitter.h).
 *
 * An auxiliary stands for "some queen on one of these squares" (or "none"),
 * so a namer follows the inputs back to squares: a commander of commanders
 * covers the squares of its commanders. It listens to the --explain
 * comments too, for the line ("row 3") the auxiliaries belong to; the
 * auxiliaries of one line only ever refer to each other, so it keeps the
 * squares of the current line's auxiliaries alone. */
#ifndef NQSAT_ENCODER_AUXILIARY_NAMES_H
#define NQSAT_ENCODER_AUXILIARY_NAMES_H

#include <stddef.h>

#include "clause_emitter.h"

typedef struct auxiliary_names {
  int n;
  /* Receives each auxiliary, its text included. */
  int (*on_name)(void *context, const nq_auxiliary *auxiliary);
  void *context;
  comment_fn comment; /* the comments passed on, or NULL */
  void *comment_context;
  /* Private. */
  char line[64];
  int line_first; /* the current line's first auxiliary, 0 before one */
  int named;      /* auxiliaries of the current line so far */
  int *covered;   /* their squares' variables, one run after another */
  size_t covered_count, covered_capacity;
  size_t *run_start; /* named + 1 entries */
  size_t run_capacity;
  char *text;
  size_t text_capacity;
  char symbol[64];
} auxiliary_names;

/* The hooks for generate_formula, with an auxiliary_names as the context. */
int auxiliary_names_comment(void *context, const char *text);
int auxiliary_names_name(void *context, const auxiliary_meaning *meaning);
void auxiliary_names_free(auxiliary_names *names);

#endif
