/* Classifying a finished board by its rotations (Takahashi, 2003): the
 * final step of the class counter's side case (count_classes.c). */
#include "class_search.h"

/* Compares the finished board with its quarter, half and three-quarter
 * turns (Takahashi's check): returns early when a rotation is smaller, as
 * then another board of the class is the representative. Rows are compared
 * as column bits, with row 0 fixed, exactly as the search orders them. */
void nq_count_classify(class_search *state, const uint32_t *board) {
  const int last = state->last_row;
  const uint32_t top_bit = state->top_bit;
  int own, you;
  if (board[state->form.bound2] == 1) {
    uint32_t pattern = 2;
    for (own = 1; own <= last; own++, pattern <<= 1) {
      uint32_t bit = 1;
      for (you = last; board[you] != pattern && board[own] >= bit; you--)
        bit <<= 1;
      if (board[own] > bit)
        return;
      if (board[own] < bit)
        break;
    }
    if (own > last) {
      state->count2++;
      return;
    }
  }
  if (board[last] == state->form.end_bit) {
    for (you = last - 1, own = 1; own <= last; own++, you--) {
      uint32_t bit = 1;
      for (uint32_t pattern = top_bit; pattern != board[you] && board[own] >= bit; pattern >>= 1)
        bit <<= 1;
      if (board[own] > bit)
        return;
      if (board[own] < bit)
        break;
    }
    if (own > last) {
      state->count4++;
      return;
    }
  }
  if (board[state->form.bound1] == top_bit) {
    uint32_t pattern = top_bit >> 1;
    for (own = 1; own <= last; own++, pattern >>= 1) {
      uint32_t bit = 1;
      for (you = 0; board[you] != pattern && board[own] >= bit; you++)
        bit <<= 1;
      if (board[own] > bit)
        return;
      if (board[own] < bit)
        break;
    }
  }
  state->count8++;
}
