/* Private to verify/: the lines of a labelled printed board (nqsat show,
 * check, solve --board): a column header "1 2 ... n", then rows each led
 * by its number from 1, squares "." or "Q" with blanks between. */
#ifndef NQSAT_VERIFY_BOARD_TEXT_H
#define NQSAT_VERIFY_BOARD_TEXT_H

/* A labelled row (leading blanks already skipped). Returns the queen's
 * column from 0, -1 when the line is no labelled row, -2 when it is one
 * without a queen, -3 with more than one; *label is the row number,
 * *squares the squares counted. */
int board_text_labelled_row(const char *line, long long *label, int *squares);

/* Whether a line is blanks and unsigned decimal numbers only: a column
 * header when a labelled row follows it. */
int board_text_only_numbers(const char *line);

/* A column header's width: k when the line is "1 2 ... k"; otherwise 0,
 * with *wrong_at the 1-based position of the first number out of that
 * sequence and *wrong its value (clamped to the int range). */
int board_text_header_width(const char *line, int *wrong_at, long long *wrong);

#endif
