# FindNauty: locate Debian's libnauty2-dev (libnauty + the nauty headers).
#
# Optional: nqsat builds without it, and symmetry detection on DIMACS files
# then reports "not available" (group order 1). Debian splits the headers:
# nausparse.h and traces.h in /usr/include/nauty, the configured nauty.h in
# /usr/include/<multiarch>/nauty; the headers include each other as "x.h",
# so both folders go on the include path (as nauty.pc says).
#
# Defines Nauty_FOUND, Nauty_INCLUDE_DIRS, Nauty_LIBRARY and the imported
# target Nauty::Nauty. Code includes <nausparse.h>. libnauty is the default
# build (WORDSIZE 64, MAXN = 0: graphs of any size, thread-local state); the
# W/S/L and *1 variants need matching -DWORDSIZE/-DMAXN and are not used.

find_path(Nauty_SPARSE_INCLUDE_DIR NAMES nausparse.h PATH_SUFFIXES nauty)
find_path(Nauty_CONFIG_INCLUDE_DIR NAMES nauty.h PATH_SUFFIXES nauty)
find_library(Nauty_LIBRARY NAMES nauty)

include(FindPackageHandleStandardArgs)
find_package_handle_standard_args(Nauty
  REQUIRED_VARS Nauty_LIBRARY Nauty_SPARSE_INCLUDE_DIR Nauty_CONFIG_INCLUDE_DIR
  REASON_FAILURE_MESSAGE "install Debian's 'libnauty2-dev' package (scripts/setup.sh does), or DIMACS symmetry detection stays off")

if(Nauty_FOUND)
  set(Nauty_INCLUDE_DIRS ${Nauty_SPARSE_INCLUDE_DIR} ${Nauty_CONFIG_INCLUDE_DIR})
  if(NOT TARGET Nauty::Nauty)
    add_library(Nauty::Nauty UNKNOWN IMPORTED)
    set_target_properties(Nauty::Nauty PROPERTIES
      IMPORTED_LOCATION "${Nauty_LIBRARY}"
      INTERFACE_INCLUDE_DIRECTORIES "${Nauty_INCLUDE_DIRS}")
  endif()
endif()
mark_as_advanced(Nauty_SPARSE_INCLUDE_DIR Nauty_CONFIG_INCLUDE_DIR Nauty_LIBRARY)
