/* MD5 after RFC 1321 (R. Rivest, 1992), section 3: 512-bit blocks, four
 * rounds of 16 operations each, the message padded with a 1 bit, zeros and
 * its length in bits (little-endian). The per-step constants are
 * floor(2^32 * |sin(i + 1)|) and the shift amounts are the RFC's table;
 * both are computed or typed from the RFC's description, and the unit test
 * checks the RFC's seven test vectors (appendix A.5). */
#include <string.h>

#include "nqsat/md5.h"

static const unsigned char SHIFTS[4][4] = {
    {7, 12, 17, 22}, {5, 9, 14, 20}, {4, 11, 16, 23}, {6, 10, 15, 21}};

/* T[i] = floor(2^32 * abs(sin(i + 1))), RFC 1321 section 3.4. Written out
 * rather than computed at run time so no floating-point library decides a
 * hash; test_md5 recomputes them with sin() and compares. */
static const uint32_t SINE_TABLE[64] = {
    0xd76aa478, 0xe8c7b756, 0x242070db, 0xc1bdceee, 0xf57c0faf, 0x4787c62a, 0xa8304613, 0xfd469501,
    0x698098d8, 0x8b44f7af, 0xffff5bb1, 0x895cd7be, 0x6b901122, 0xfd987193, 0xa679438e, 0x49b40821,
    0xf61e2562, 0xc040b340, 0x265e5a51, 0xe9b6c7aa, 0xd62f105d, 0x02441453, 0xd8a1e681, 0xe7d3fbc8,
    0x21e1cde6, 0xc33707d6, 0xf4d50d87, 0x455a14ed, 0xa9e3e905, 0xfcefa3f8, 0x676f02d9, 0x8d2a4c8a,
    0xfffa3942, 0x8771f681, 0x6d9d6122, 0xfde5380c, 0xa4beea44, 0x4bdecfa9, 0xf6bb4b60, 0xbebfbc70,
    0x289b7ec6, 0xeaa127fa, 0xd4ef3085, 0x04881d05, 0xd9d4d039, 0xe6db99e5, 0x1fa27cf8, 0xc4ac5665,
    0xf4292244, 0x432aff97, 0xab9423a7, 0xfc93a039, 0x655b59c3, 0x8f0ccc92, 0xffeff47d, 0x85845dd1,
    0x6fa87e4f, 0xfe2ce6e0, 0xa3014314, 0x4e0811a1, 0xf7537e82, 0xbd3af235, 0x2ad7d2bb, 0xeb86d391};

static uint32_t rotate_left(uint32_t value, unsigned amount) {
  return (value << amount) | (value >> (32 - amount));
}

static void process_block(uint32_t state[4], const unsigned char block[64]) {
  uint32_t words[16];
  for (int i = 0; i < 16; i++)
    words[i] = (uint32_t)block[4 * i] | (uint32_t)block[4 * i + 1] << 8 |
               (uint32_t)block[4 * i + 2] << 16 | (uint32_t)block[4 * i + 3] << 24;
  uint32_t a = state[0], b = state[1], c = state[2], d = state[3];
  for (int step = 0; step < 64; step++) {
    int round = step / 16;
    uint32_t mixed;
    int word;
    switch (round) {
    case 0: /* F(X,Y,Z) = XY v not(X) Z */
      mixed = (b & c) | (~b & d);
      word = step;
      break;
    case 1: /* G(X,Y,Z) = XZ v Y not(Z) */
      mixed = (b & d) | (c & ~d);
      word = (5 * step + 1) % 16;
      break;
    case 2: /* H(X,Y,Z) = X xor Y xor Z */
      mixed = b ^ c ^ d;
      word = (3 * step + 5) % 16;
      break;
    default: /* I(X,Y,Z) = Y xor (X v not(Z)) */
      mixed = c ^ (b | ~d);
      word = (7 * step) % 16;
      break;
    }
    uint32_t sum = a + mixed + SINE_TABLE[step] + words[word];
    a = d;
    d = c;
    c = b;
    b = b + rotate_left(sum, SHIFTS[round][step % 4]);
  }
  state[0] += a;
  state[1] += b;
  state[2] += c;
  state[3] += d;
}

void nq_md5_init(nq_md5 *md5) {
  /* RFC 1321 section 3.3: word A = 01 23 45 67 (low-order byte first), ... */
  md5->state[0] = 0x67452301;
  md5->state[1] = 0xefcdab89;
  md5->state[2] = 0x98badcfe;
  md5->state[3] = 0x10325476;
  md5->length = 0;
  md5->block_used = 0;
}

void nq_md5_update(nq_md5 *md5, const void *data, size_t size) {
  const unsigned char *bytes = data;
  md5->length += size;
  if (md5->block_used) {
    size_t take = 64 - md5->block_used;
    if (take > size)
      take = size;
    memcpy(md5->block + md5->block_used, bytes, take);
    md5->block_used += take;
    bytes += take;
    size -= take;
    if (md5->block_used < 64)
      return;
    process_block(md5->state, md5->block);
    md5->block_used = 0;
  }
  for (; size >= 64; bytes += 64, size -= 64)
    process_block(md5->state, bytes);
  memcpy(md5->block, bytes, size);
  md5->block_used = size;
}

void nq_md5_final_hex(nq_md5 *md5, char hex[33]) {
  uint64_t bits = md5->length * 8;
  unsigned char padding[72] = {0x80};
  /* Pad to 56 bytes modulo 64, then the 64-bit length, low byte first. */
  size_t pad = md5->block_used < 56 ? 56 - md5->block_used : 120 - md5->block_used;
  unsigned char length_bytes[8];
  for (int i = 0; i < 8; i++)
    length_bytes[i] = (unsigned char)(bits >> (8 * i));
  nq_md5_update(md5, padding, pad);
  nq_md5_update(md5, length_bytes, 8);
  static const char digits[] = "0123456789abcdef";
  for (int i = 0; i < 16; i++) {
    unsigned byte = (md5->state[i / 4] >> (8 * (i % 4))) & 0xff;
    hex[2 * i] = digits[byte >> 4];
    hex[2 * i + 1] = digits[byte & 15];
  }
  hex[32] = '\0';
}
