/* Compact numbering of the variables a formula's clauses use (see
 * cnf_compact.h).
 * Cost follows the file's contents: a sort of the occurring variables and
 * a binary search per literal, never an array indexed by the header's V. */
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
  int *sorted = malloc((occurrences ? occurrences : 1) * sizeof *sorted);
  if (!sorted)
    return NQ_ERR_MEMORY;
  size_t used = 0;
  for (size_t i = 0; i < cnf->literal_count; i++)
    if (cnf->literals[i])
      sorted[used++] = abs(cnf->literals[i]);
  qsort(sorted, used, sizeof *sorted, compare_int);
  size_t distinct = 0;
  for (size_t i = 0; i < used; i++)
    if (!distinct || sorted[distinct - 1] != sorted[i])
      sorted[distinct++] = sorted[i];
  compact->variables = (int)distinct;
  compact->file_variable = malloc((distinct + 1) * sizeof *compact->file_variable);
  compact->literals = malloc((cnf->literal_count ? cnf->literal_count : 1) * sizeof(int));
  compact->projected = calloc(distinct + 1, 1);
  compact->projection = malloc((distinct + 1) * sizeof *compact->projection);
  if (!compact->file_variable || !compact->literals || !compact->projected ||
      !compact->projection) {
    free(sorted);
    cnf_compact_free(compact);
    return NQ_ERR_MEMORY;
  }
  compact->file_variable[0] = 0;
  memcpy(compact->file_variable + 1, sorted, distinct * sizeof *sorted);
  free(sorted);
  for (size_t i = 0; i < cnf->literal_count; i++) {
    int literal = cnf->literals[i];
    int variable = literal ? compact_of(compact, abs(literal)) : 0;
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
    int variable = compact_of(compact, cnf->projection[i]);
    if (variable)
      compact->projected[variable] = 1;
    else
      compact->unused_projected++;
  }
  for (int v = 1; v <= compact->variables; v++)
    if (compact->projected[v])
      compact->projection[compact->projection_count++] = v;
  return NQ_OK;
}

void cnf_compact_free(cnf_compact *compact) {
  free(compact->file_variable);
  free(compact->literals);
  free(compact->projected);
  free(compact->projection);
  memset(compact, 0, sizeof *compact);
}
