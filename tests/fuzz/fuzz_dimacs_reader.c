/* libFuzzer target for the DIMACS reader (plain and gzip): any bytes must
 * give a formula that keeps the header's promises, or one printable
 * "fuzz:LINE: problem" line; never a crash, a leak or a hang. Accepted small
 * formulas are also handed to PicoSAT, which aborts on any misuse, so a
 * malformed formula that slipped through would show here.
 * Replayed over corpus/dimacs_reader and regressions/dimacs_reader by ctest;
 * run for real with scripts/fuzz.sh.
 *
 * Built a second time with FUZZ_GZIP as the dimacs_reader_gz target: the
 * input is gzip-compressed before it reaches the reader, so the fuzzer
 * explores the formula behind a valid gzip stream (mutated gzip bytes almost
 * never pass the CRC); the input's first byte, when odd, cuts the compressed
 * stream short to exercise truncated gzip as well. */
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "nqsat/cnf.h"
#include "nqsat/solver.h"

#ifdef FUZZ_GZIP
#include <zlib.h>
#endif

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

static void check_formula(const nq_cnf *cnf) {
  int64_t clauses = 0;
  for (size_t i = 0; i < cnf->literal_count; i++) {
    int literal = cnf->literals[i];
    if (literal == 0) {
      clauses++;
      continue;
    }
    int variable = literal < 0 ? -literal : literal;
    if (literal == INT32_MIN || variable > cnf->variables || variable > cnf->max_variable)
      abort(); /* a literal beyond the header reached the formula */
  }
  if (clauses != cnf->clause_count)
    abort(); /* clause count differs from the header */
  if (cnf->literal_count && cnf->literals[cnf->literal_count - 1] != 0)
    abort(); /* last clause unterminated */
  for (size_t i = 0; i < cnf->projection_count; i++)
    if (cnf->projection[i] < 1 || cnf->projection[i] > cnf->max_variable ||
        (i && cnf->projection[i] <= cnf->projection[i - 1]))
      abort(); /* projection must be sorted, distinct, in range */
}

static void check_message(const char *error) {
  if (strncmp(error, "fuzz:", 5) != 0)
    abort(); /* every parse error names its input */
  for (const char *p = error; *p; p++)
    if ((unsigned char)*p < 0x20 || (unsigned char)*p == 0x7f)
      abort(); /* one printable line */
}

static void read_and_check(const uint8_t *data, size_t size) {
  nq_cnf *cnf = NULL;
  char error[512] = "";
  nq_status status = nq_cnf_read_memory(data, size, "fuzz", &cnf, error, sizeof error);
  if (status == NQ_OK) {
    check_formula(cnf);
    /* Small formulas only, so each input stays fast. */
    if (cnf->max_variable <= 200 && cnf->literal_count <= 5000) {
      nq_enumeration result;
      nq_solver_enumerate_cnf(cnf, 3, NULL, NULL, NULL, &result);
    }
    nq_cnf_free(cnf);
  } else if (status == NQ_ERR_PARSE) {
    check_message(error);
  } else if (status != NQ_ERR_MEMORY) {
    abort();
  }
}

#ifdef FUZZ_GZIP
static void compress_then_read(const uint8_t *data, size_t size) {
  int truncate = size && (data[0] & 1);
  z_stream stream;
  memset(&stream, 0, sizeof stream);
  if (deflateInit2(&stream, 1, Z_DEFLATED, 15 + 16, 8, Z_DEFAULT_STRATEGY) != Z_OK)
    return;
  size_t capacity = deflateBound(&stream, (uLong)size) + 32;
  uint8_t *compressed = malloc(capacity);
  if (compressed) {
    stream.next_in = (Bytef *)data;
    stream.avail_in = (uInt)size;
    stream.next_out = compressed;
    stream.avail_out = (uInt)capacity;
    if (deflate(&stream, Z_FINISH) == Z_STREAM_END) {
      size_t length = stream.total_out;
      if (truncate && length > 1)
        length = 1 + (size > 1 ? data[1] : 0) % (length - 1);
      read_and_check(compressed, length);
    }
    free(compressed);
  }
  deflateEnd(&stream);
}
#endif

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size) {
#ifdef FUZZ_GZIP
  compress_then_read(data, size);
#else
  read_and_check(data, size);
#endif
  return 0;
}
