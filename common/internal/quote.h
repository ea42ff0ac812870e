/* Quoting text for the three places nqsat's output is read again: a shell
 * (commands printed to reproduce a run), CSV files (RFC 4180) and XML (SVG
 * and HTML). Each appends to a text_buffer, so callers build whole lines
 * or files and write them at once. */
#ifndef NQSAT_QUOTE_H
#define NQSAT_QUOTE_H

#include "text_buffer.h"

/* How a line break inside the text is written. KEEP_LINE_BREAKS keeps it
 * (the quotes hold it); ONE_LINE turns it into a space, for text that must
 * stay one line (a header comment, a CSV row appended with one write). */
typedef enum quote_line_breaks { QUOTE_KEEP_LINE_BREAKS, QUOTE_ONE_LINE } quote_line_breaks;

/* A word for sh: as it is when it holds only letters, digits and
 * "-_./=,:+@%", else in single quotes (a quote inside as '\''). */
void quote_shell(text_buffer *out, const char *word, quote_line_breaks line_breaks);

/* "PROGRAM ARG..." with each argument quoted for sh, on one line (a line
 * break in an argument becomes a space): the command that remakes a file,
 * for provenance headers. Caller frees; NULL when out of memory. */
char *quote_command_line(const char *program, int argc, char **argv);

/* A CSV field: as it is unless it holds a comma, a quote or a line break;
 * then in double quotes with quotes doubled. */
void quote_csv(text_buffer *out, const char *field, quote_line_breaks line_breaks);

/* The entity for `c` in XML content and attribute values ("&amp;", "&lt;",
 * "&gt;", "&quot;", "&apos;"), "" for a control character XML 1.0 forbids
 * (all below 0x20 except tab and line breaks), NULL when `c` stands as it is. */
const char *xml_entity(char c);
void quote_xml(text_buffer *out, const char *text);

#endif
