/* Private to cli/: whether an instance file really is nqsat's N-Queens
 * encoding, so that the judge may use what its header says (the board
 * size, the placed and blocked squares, the variable map). The header is
 * not believed: the file is regenerated with nqsat's own encoder from the
 * command its "c command:" line records, and the two clause multisets
 * (nq_instance_multiset_hash) and header facts must be equal. The
 * verifier cannot do this itself: it must not link the encoder. */
#ifndef NQSAT_ENCODING_PROOF_H
#define NQSAT_ENCODING_PROOF_H

#include <stddef.h>

#include "nqsat/instance.h"

/* For an instance whose header says N (instance->n > 0): returns 1 when
 * the file is proven to be the encoding its header describes; otherwise
 * 0, with the board forgotten (nq_instance_forget_board: judged as a plain
 * formula) and `note` saying why. Returns 1 at once for a file without a
 * board. */
int encoding_proof_check(const char *path, nq_instance *instance, char *note, size_t note_size);

#endif
