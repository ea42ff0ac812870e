/* The anchor for bench/count.sh: the classic single-thread bitboard counter
 * of Jeff Somers' nqueens.c (2002), rewritten here from its description:
 * an explicit stack instead of recursion, one bit per column, the first
 * row's queen only in the left half (counted twice), and for odd N the
 * middle column with row 1 restricted to the left half.
 *
 * usage: somers_baseline N    prints "N total wall-seconds cpu-seconds" */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <time.h>

#define MAX_BOARD 32

static uint64_t count(int size) {
  uint32_t placed[MAX_BOARD], columns[MAX_BOARD], up_diagonals[MAX_BOARD],
      down_diagonals[MAX_BOARD], stack[MAX_BOARD + 2];
  uint64_t solutions = 0;
  int odd = size & 1, last = size - 1;
  uint32_t mask = size == 32 ? UINT32_MAX : (UINT32_C(1) << size) - 1;
  for (int pass = 0; pass < 1 + odd; pass++) {
    uint32_t *top = stack + 1, bits;
    int row = 0;
    stack[0] = UINT32_MAX; /* sentinel below the first row */
    columns[0] = up_diagonals[0] = down_diagonals[0] = 0;
    if (pass == 0) {
      bits = (UINT32_C(1) << (size >> 1)) - 1;
    } else {
      bits = UINT32_C(1) << (size >> 1);
      row = 1;
      placed[0] = bits;
      columns[1] = bits;
      down_diagonals[1] = bits >> 1;
      up_diagonals[1] = bits << 1;
      *top++ = 0;
      bits = (bits - 1) >> 1;
    }
    for (;;) {
      if (!bits) {
        bits = *--top;
        if (top == stack)
          break;
        --row;
        continue;
      }
      uint32_t lowest = bits & (0u - bits);
      bits &= ~lowest;
      placed[row] = lowest;
      if (row < last) {
        int previous = row++;
        columns[row] = columns[previous] | lowest;
        down_diagonals[row] = (down_diagonals[previous] | lowest) >> 1;
        up_diagonals[row] = (up_diagonals[previous] | lowest) << 1;
        *top++ = bits;
        bits = mask & ~(columns[row] | down_diagonals[row] | up_diagonals[row]);
      } else {
        solutions++;
        bits = *--top;
        --row;
      }
    }
  }
  return 2 * solutions;
}

int main(int argc, char **argv) {
  int size = argc == 2 ? atoi(argv[1]) : 0;
  if (size < 2 || size > MAX_BOARD) {
    fprintf(stderr, "usage: somers_baseline N (2..%d)\n", MAX_BOARD);
    return 2;
  }
  struct timespec start, end, cpu_start, cpu_end;
  clock_gettime(CLOCK_MONOTONIC, &start);
  clock_gettime(CLOCK_PROCESS_CPUTIME_ID, &cpu_start);
  uint64_t total = count(size);
  clock_gettime(CLOCK_PROCESS_CPUTIME_ID, &cpu_end);
  clock_gettime(CLOCK_MONOTONIC, &end);
  printf("%d %llu %.3f %.3f\n", size, (unsigned long long)total,
         (double)(end.tv_sec - start.tv_sec) + (double)(end.tv_nsec - start.tv_nsec) / 1e9,
         (double)(cpu_end.tv_sec - cpu_start.tv_sec) +
             (double)(cpu_end.tv_nsec - cpu_start.tv_nsec) / 1e9);
  return 0;
}
