# FindGMP: locate the GNU Multiple Precision library (Debian's libgmp-dev).
#
# Model counts are exact at any size (a formula with 1000 free variables has
# 2^1000 models), so every count that can exceed 64 bits is an mpz_t.
# Defines GMP_FOUND, GMP_INCLUDE_DIR, GMP_LIBRARY and the imported target
# GMP::GMP.

find_path(GMP_INCLUDE_DIR NAMES gmp.h)
find_library(GMP_LIBRARY NAMES gmp)

include(FindPackageHandleStandardArgs)
find_package_handle_standard_args(GMP
  REQUIRED_VARS GMP_LIBRARY GMP_INCLUDE_DIR
  REASON_FAILURE_MESSAGE "install Debian's 'libgmp-dev' package (scripts/setup.sh does)")

if(GMP_FOUND AND NOT TARGET GMP::GMP)
  add_library(GMP::GMP UNKNOWN IMPORTED)
  set_target_properties(GMP::GMP PROPERTIES
    IMPORTED_LOCATION "${GMP_LIBRARY}"
    INTERFACE_INCLUDE_DIRECTORIES "${GMP_INCLUDE_DIR}")
endif()
mark_as_advanced(GMP_INCLUDE_DIR GMP_LIBRARY)
