/* Shell, CSV and XML quoting (see quote.h). */
#include <string.h>

#include "quote.h"

static int is_plain_shell_word(const char *word) {
  if (!*word)
    return 0;
  for (const char *p = word; *p; p++) {
    int letter_or_digit =
        (*p >= 'a' && *p <= 'z') || (*p >= 'A' && *p <= 'Z') || (*p >= '0' && *p <= '9');
    if (!letter_or_digit && !strchr("-_./=,:+@%", *p))
      return 0;
  }
  return 1;
}

static int is_line_break(char c) { return c == '\n' || c == '\r'; }

void quote_shell(text_buffer *out, const char *word, quote_line_breaks line_breaks) {
  if (is_plain_shell_word(word)) {
    text_buffer_put(out, word, strlen(word));
    return;
  }
  text_buffer_put(out, "'", 1);
  for (const char *p = word; *p; p++) {
    if (*p == '\'')
      text_buffer_put(out, "'\\''", 4);
    else if (line_breaks == QUOTE_ONE_LINE && is_line_break(*p))
      text_buffer_put(out, " ", 1);
    else
      text_buffer_put(out, p, 1);
  }
  text_buffer_put(out, "'", 1);
}

void quote_csv(text_buffer *out, const char *field, quote_line_breaks line_breaks) {
  if (!strpbrk(field, ",\"\r\n")) {
    text_buffer_put(out, field, strlen(field));
    return;
  }
  text_buffer_put(out, "\"", 1);
  for (const char *p = field; *p; p++) {
    if (*p == '"')
      text_buffer_put(out, "\"\"", 2);
    else if (line_breaks == QUOTE_ONE_LINE && is_line_break(*p))
      text_buffer_put(out, " ", 1);
    else
      text_buffer_put(out, p, 1);
  }
  text_buffer_put(out, "\"", 1);
}

const char *xml_entity(char c) {
  switch (c) {
  case '&': return "&amp;";
  case '<': return "&lt;";
  case '>': return "&gt;";
  case '"': return "&quot;";
  case '\'': return "&apos;";
  case '\t':
  case '\n':
  case '\r': return NULL;
  default: return (unsigned char)c < 0x20 ? "" : NULL;
  }
}

void quote_xml(text_buffer *out, const char *text) {
  const char *run = text;
  for (const char *p = text; *p; p++) {
    const char *entity = xml_entity(*p);
    if (!entity)
      continue;
    text_buffer_put(out, run, (size_t)(p - run));
    text_buffer_put(out, entity, strlen(entity));
    run = p + 1;
  }
  text_buffer_put(out, run, strlen(run));
}

char *quote_command_line(const char *program, int argc, char **argv) {
  text_buffer line = {0};
  text_buffer_put(&line, program, strlen(program));
  for (int i = 0; i < argc; i++) {
    text_buffer_put(&line, " ", 1);
    quote_shell(&line, argv[i], QUOTE_ONE_LINE);
  }
  if (line.failed || !line.data) {
    text_buffer_free(&line);
    return NULL;
  }
  return line.data;
}
