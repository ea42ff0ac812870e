/* Private to solver/: a DRAT or LRAT proof written as the CDCL engine logs it
 * (allsat_engine_set_proof), text or binary, under a temporary name that
 * is renamed into place only when the proof is complete. */
#ifndef NQSAT_PROOF_WRITER_H
#define NQSAT_PROOF_WRITER_H

#include <stddef.h>
#include <stdio.h>

#include "nqsat/refute.h"

typedef struct proof_writer {
  FILE *file;
  nq_proof_format format;
  int failed;  /* a write failed */
  int last_id; /* LRAT: the last lemma's, which text deletions repeat */
  char *path, *temporary;
} proof_writer;

/* Creates the temporary file next to `path`. NQ_ERR_IO with "PATH:
 * reason" in `error`, NQ_ERR_MEMORY. */
nq_status proof_writer_open(proof_writer *writer, const char *path, nq_proof_format format,
                            char *error, size_t error_size);
/* An allsat_proof_fn: a lemma (deleted 0) or a deletion of internal
 * literals 2 * var + negative. Nonzero once a write failed. */
int proof_writer_step(void *writer, const int *literals, int size, int deleted);
/* An allsat_lrat_fn: "ID LITERALS 0 HINTS 0" or "ID d ID 0" in text;
 * in binary 'a' or 'd' then the numbers as binary DRAT writes literals
 * (2 * |x| + negative, 7 bits a byte), as drat-trim's LRAT tools read. */
int proof_writer_lrat_step(void *writer, int id, const int *literals, int size, const int *hints,
                           int hint_count, int deleted);
/* Closes the file; with `keep`, renames it into place, else removes it.
 * NQ_ERR_IO with the reason in `error` when a write or the rename failed
 * (the file is then removed). */
nq_status proof_writer_close(proof_writer *writer, int keep, char *error, size_t error_size);

#endif
