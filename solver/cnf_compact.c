/* Compact numbering of the variables a formula's clauses use (see
 * cnf_compact.h).
 * Cost follows the file's contents, never the header's V: when the largest
 * variable in a clause is within a few times the number of literals, a
 * table indexed by it renumbers in linear time (a file of 3 million
 * literals in milliseconds, where the sort took half a second); otherwise
 * a sort of the occurring variables and a binary search per literal. */
#include "cnf_compact.h"

#include <stdlib.h>
#include <string.h>

static int compare_int(const void *a, const void *b) {
  int x = *(const int *)a, y = *(const int *)b;
  return (x > y) - (x < y);
}

static int compact_of(const cnf_compact *compact, int file_variable) {
  int low = 1, high = compact->variables;
  while (low <= high) {
    int middle = low + (high - low) / 2;
    int here = compact->file_variable[middle];
    if (here == file_variable)
      return middle;
    if (here < file_variable)
      low = middle + 1;
    else
      high = middle - 1;
  }
  return 0;
}

nq_status cnf_compact_build(const nq_cnf *cnf, cnf_compact *compact) {
  memset(compact, 0, sizeof *compact);
  if (!cnf || cnf->max_variable < 0)
    return NQ_ERR_ARGUMENT;
  if (cnf->literal_count && cnf->literals[cnf->literal_count - 1] != 0)
    return NQ_ERR_ARGUMENT;
  size_t occurrences = 0;
  for (size_t i = 0; i < cnf->literal_count; i++) {
    int literal = cnf->literals[i];
    if (literal < -cnf->max_variable || literal > cnf->max_variable)
      return NQ_ERR_ARGUMENT;
    occurrences += literal != 0;
  }
  for (size_t i = 0; i < cnf->projection_count; i++)
    if (cnf->projection[i] < 1 || cnf->projection[i] > cnf->max_variable)
      return NQ_ERR_ARGUMENT;
  /* The table costs one int per variable up to the largest: at most about
   * twice the literals' own memory. */
  int *number_of = NULL;
  if ((size_t)cnf->max_variable <= 2 * occurrences + 65536)
    number_of = calloc((size_t)cnf->max_variable + 1, sizeof *number_of);
  int *sorted = malloc((occurrences ? occurrences : 1) * sizeof *sorted);
  if (!sorted) {
    free(number_of);
    return NQ_ERR_MEMORY;
  }
  size_t distinct = 0;
  if (number_of) {
    for (size_t i = 0; i < cnf->literal_count; i++)
      number_of[abs(cnf->literals[i])] = 1;
    for (int v = 1; v <= cnf->max_variable; v++)
      if (number_of[v]) {
        sorted[distinct++] = v;
        number_of[v] = (int)distinct;
      }
  } else {
    size_t used = 0;
    for (size_t i = 0; i < cnf->literal_count; i++)
      if (cnf->literals[i])
        sorted[used++] = abs(cnf->literals[i]);
    qsort(sorted, used, sizeof *sorted, compare_int);
    for (size_t i = 0; i < used; i++)
      if (!distinct || sorted[distinct - 1] != sorted[i])
        sorted[distinct++] = sorted[i];
  }
  compact->variables = (int)distinct;
  compact->file_variable = malloc((distinct + 1) * sizeof *compact->file_variable);
  compact->literals = malloc((cnf->literal_count ? cnf->literal_count : 1) * sizeof(int));
  compact->projected = calloc(distinct + 1, 1);
  compact->projection = malloc((distinct + 1) * sizeof *compact->projection);
  if (!compact->file_variable || !compact->literals || !compact->projected ||
      !compact->projection) {
    free(sorted);
    free(number_of);
    cnf_compact_free(compact);
    return NQ_ERR_MEMORY;
  }
  compact->file_variable[0] = 0;
  memcpy(compact->file_variable + 1, sorted, distinct * sizeof *sorted);
  free(sorted);
  for (size_t i = 0; i < cnf->literal_count; i++) {
    int literal = cnf->literals[i];
    int variable = !literal    ? 0
                   : number_of ? number_of[abs(literal)]
                               : compact_of(compact, abs(literal));
    compact->literals[i] = literal < 0 ? -variable : variable;
    compact->clause_count += literal == 0;
  }
  compact->literal_count = cnf->literal_count;
  /* No projection line: every declared variable is projected, so those
   * no clause mentions are the unused ones. With one, only the projection
   * variables no clause mentions are; the others that occur nowhere do
   * not count. */
  for (int v = 1; v <= compact->variables; v++)
    compact->projected[v] = !cnf->has_projection;
  if (!cnf->has_projection && cnf->variables > compact->variables)
    compact->unused_projected = cnf->variables - compact->variables;
  for (size_t i = 0; i < cnf->projection_count; i++) {
    int variable =
        number_of ? number_of[cnf->projection[i]] : compact_of(compact, cnf->projection[i]);
    if (variable)
      compact->projected[variable] = 1;
    else
      compact->unused_projected++;
  }
  for (int v = 1; v <= compact->variables; v++)
    if (compact->projected[v])
      compact->projection[compact->projection_count++] = v;
  free(number_of);
  return NQ_OK;
}

void cnf_compact_free(cnf_compact *compact) {
  free(compact->file_variable);
  free(compact->literals);
  free(compact->projected);
  free(compact->projection);
  memset(compact, 0, sizeof *compact);
}
