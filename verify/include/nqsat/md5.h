/* nqsat/md5.h - the MD5 message digest (RFC 1321), written here for the
 * benchmark hash of the Global Benchmark Database (see nqsat/instance.h).
 * MD5 is used as an identifier of instance text, never for security.
 *
 * Usage: nq_md5_init, any number of nq_md5_update calls, nq_md5_final.
 * The context is a plain value owned by the caller; nothing is allocated. */
#ifndef NQSAT_MD5_H
#define NQSAT_MD5_H

#include <stddef.h>
#include <stdint.h>

typedef struct nq_md5 {
  uint32_t state[4];       /* A, B, C, D */
  uint64_t length;         /* message length in bytes so far */
  unsigned char block[64]; /* bytes not yet processed */
  size_t block_used;
} nq_md5;

void nq_md5_init(nq_md5 *md5);
void nq_md5_update(nq_md5 *md5, const void *data, size_t size);
/* Finishes the digest and writes it as 32 lowercase hexadecimal digits and
 * a NUL into `hex` (33 bytes). The context must be re-initialised to reuse. */
void nq_md5_final_hex(nq_md5 *md5, char hex[33]);

#endif
