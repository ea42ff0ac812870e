/* Fuzz target: nq_verify_read_solutions on arbitrary bytes.
 *
 * Input layout: the first byte chooses the board size, n = byte % 16 with 0
 * meaning 16 (so a seed file starting "4\n" reads naturally as N = 4),
 * times 16 for a first byte in '`'..'\x7f' (so "p" is N = 256), and a
 * first byte >= 128 also makes the callback stop after (byte % 4) + 1
 * solutions, exercising the early-stop path. The remaining bytes are the
 * text, read through fmemopen as `nqsat check`/`show` read a file.
 *
 * Besides the sanitizers, the target checks the reader's contract and
 * abort()s on a violation: columns in 0..n-1, line numbers positive and
 * never decreasing, an invalid model always explained, and a parse error a
 * single printable line starting "NAME:LINE: ". */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "nqsat/verify.h"

typedef struct observed {
  long last_line;
  int solutions;
  int stop_after; /* 0: never stop */
} observed;

static void require(int condition, const char *what) {
  if (!condition) {
    fprintf(stderr, "fuzz_solution_reader: contract violated: %s\n", what);
    abort();
  }
}

static int printable_line(const char *text) {
  for (const unsigned char *p = (const unsigned char *)text; *p; p++)
    if (*p < 0x20 || *p == 0x7f)
      return 0;
  return 1;
}

static int on_solution(void *context, const int *columns, int n, long line, const char *problem) {
  observed *seen = context;
  require(line >= 1 && line >= seen->last_line, "line numbers positive and non-decreasing");
  seen->last_line = line;
  if (columns) {
    require(problem == NULL, "a decoded solution comes without a problem");
    for (int row = 0; row < n; row++)
      require(columns[row] >= 0 && columns[row] < n, "columns within 0..n-1");
    char why[200];
    nq_verify_check_placement(columns, n, why, sizeof why);
  } else {
    require(problem && *problem, "an undecodable model is explained");
    require(printable_line(problem), "the problem is one printable line");
  }
  seen->solutions++;
  return seen->stop_after && seen->solutions >= seen->stop_after;
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size) {
  if (size < 2)
    return 0; /* fmemopen rejects an empty buffer; the empty file is a unit test */
  int n = data[0] % 16 ? data[0] % 16 : 16;
  if ((data[0] & 0xe0) == 0x60)
    n *= 16; /* '`'..'\x7f': boards up to 256, so models outgrow the reader's first buffers */
  observed seen = {.stop_after = data[0] >= 128 ? data[0] % 4 + 1 : 0};
  FILE *input = fmemopen((void *)(data + 1), size - 1, "r");
  if (!input)
    return 0;
  char error[256] = "";
  nq_status status =
      nq_verify_read_solutions(input, "fuzz", n, on_solution, &seen, error, sizeof error);
  fclose(input);
  require(status == NQ_OK || status == NQ_ERR_PARSE, "status is OK or a parse error");
  if (status == NQ_ERR_PARSE) {
    long line = 0;
    int consumed = 0;
    require(sscanf(error, "fuzz:%ld: %n", &line, &consumed) == 1 && consumed > 0,
            "a parse error starts with NAME:LINE:");
    require(line >= 1, "a parse error names a positive line");
    require(printable_line(error), "a parse error is one printable line");
  }
  return 0;
}
