/* Sequential counter for at most k (C. Sinz, "Towards an Optimal CNF
 * Encoding of Boolean Cardinality Constraints", CP 2005, LNCS 3709,
 * LT-SEQ), amo_sequential.c's counter with k registers a step.
 *
 * Register s(i,j) (1 <= j <= k) means "at least j of x_1..x_i are true"
 * (one direction: it is forced true when they are):
 *   x_1 -> s(1,1);  not s(1,j) for j > 1
 *   for 1 < i < n:  x_i -> s(i,1);  s(i-1,j) -> s(i,j);
 *                   x_i and s(i-1,j-1) -> s(i,j) for j > 1;
 *                   x_i -> not s(i-1,k)
 *   x_n -> not s(n-1,k)
 * The registers are not functions of the inputs, so count models projected
 * onto the inputs. */
#include <stdlib.h>

#include "cardinality.h"

void at_most_k_sequential(clause_emitter *emitter, const int *variables, int count, int k) {
  if (k >= count)
    return;
  if (k == 0) {
    for (int i = 0; i < count; i++)
      emit_clause(emitter, &(int){-variables[i]}, 1);
    return;
  }
  int *previous = scratch_ints(emitter, (size_t)k), *current = scratch_ints(emitter, (size_t)k);
  if (!previous || !current) {
    free(previous);
    free(current);
    return;
  }
  for (int j = 0; j < k; j++)
    previous[j] = fresh_variable(emitter);
  emit_binary(emitter, -variables[0], previous[0]);
  for (int j = 1; j < k; j++)
    emit_clause(emitter, &(int){-previous[j]}, 1);
  for (int i = 1; i < count - 1; i++) {
    for (int j = 0; j < k; j++)
      current[j] = fresh_variable(emitter);
    emit_binary(emitter, -variables[i], current[0]);
    for (int j = 0; j < k; j++)
      emit_binary(emitter, -previous[j], current[j]);
    for (int j = 1; j < k; j++)
      emit_ternary(emitter, -variables[i], -previous[j - 1], current[j]);
    emit_binary(emitter, -variables[i], -previous[k - 1]);
    int *swap = previous;
    previous = current;
    current = swap;
  }
  emit_binary(emitter, -variables[count - 1], -previous[k - 1]);
  free(previous);
  free(current);
}
