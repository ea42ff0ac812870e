/* The teaching page's template, style sheet and scripts
 * (the files in teach/page/), embedded at build time by
 * cmake/EmbedFiles.cmake into teach_assets.c, each a NUL-terminated
 * string named after its file. */
#ifndef NQSAT_TEACH_ASSETS_H
#define NQSAT_TEACH_ASSETS_H

extern const char teach_page_html[];
extern const char teach_teach_css[];
extern const char teach_errors_js[];
extern const char teach_replay_js[];
extern const char teach_board_view_js[];
extern const char teach_panels_js[];
extern const char teach_controls_js[];
extern const char teach_formula_js[];
extern const char teach_clause_board_js[];
extern const char teach_sat_view_js[];
extern const char teach_main_js[];

#endif
