# Reads docs/install.md's "What is installed" tables. Source it.
#
# documented_files DOC LIBDIR VERSION MAJOR: one line "PATH PACKAGE" per
# file the tables name, PATH relative to the prefix with LIBDIR, VERSION
# and MAJOR filled in; a PATH ending in "/" is a folder whose files are
# all documented by that row.
documented_files() {
  awk -v libdir="$2" -v version="$3" -v major="$4" '
    /^## / { in_section = ($0 == "## What is installed"); next }
    !in_section || !/^\| `/ { next }
    {
      split($0, cells, / \| /)
      package = cells[2]
      gsub(/[`| ]/, "", package)
      files = substr(cells[1], 3)
      while (match(files, /`[^`]+`/)) {
        path = substr(files, RSTART + 1, RLENGTH - 2)
        files = substr(files, RSTART + RLENGTH)
        gsub(/LIBDIR/, libdir, path)
        gsub(/VERSION/, version, path)
        gsub(/MAJOR/, major, path)
        print path, package
      }
    }' "$1"
}
