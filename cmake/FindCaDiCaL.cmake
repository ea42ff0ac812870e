# FindCaDiCaL: locate Debian's libcadical-dev (libcadical.a + <ccadical.h>).
#
# Optional: without it the component counter checks its components with
# PicoSAT, and `solve --count` decides satisfiability with PicoSAT
# (solver/sat_oracle.c). Debian ships CaDiCaL as a static C++ library
# only, so its users also link the C++ runtime: its static archive when
# the compiler has one, since loading libstdc++.so and running its
# initialisers costs every run of nqsat about a millisecond, a fifth of
# a count that takes 5 ms (bench/count_vs_base.sh, copies20).
#
# Defines CaDiCaL_FOUND, CaDiCaL_INCLUDE_DIR, CaDiCaL_LIBRARY and the
# imported target CaDiCaL::CaDiCaL. Code includes <ccadical.h>, the C API.

find_path(CaDiCaL_INCLUDE_DIR NAMES ccadical.h)
find_library(CaDiCaL_LIBRARY NAMES cadical)

include(FindPackageHandleStandardArgs)
find_package_handle_standard_args(CaDiCaL
  REQUIRED_VARS CaDiCaL_LIBRARY CaDiCaL_INCLUDE_DIR
  REASON_FAILURE_MESSAGE "install Debian's 'libcadical-dev' package (scripts/setup.sh does), or the counter's satisfiability checks use PicoSAT")

if(CaDiCaL_FOUND AND NOT TARGET CaDiCaL::CaDiCaL)
  set(_cadical_cxx_runtime stdc++)
  execute_process(COMMAND ${CMAKE_C_COMPILER} -print-file-name=libstdc++.a
                  OUTPUT_VARIABLE _cadical_static_cxx OUTPUT_STRIP_TRAILING_WHITESPACE
                  ERROR_QUIET)
  if(IS_ABSOLUTE "${_cadical_static_cxx}" AND EXISTS "${_cadical_static_cxx}")
    set(_cadical_cxx_runtime "${_cadical_static_cxx}")
  endif()
  add_library(CaDiCaL::CaDiCaL UNKNOWN IMPORTED)
  set_target_properties(CaDiCaL::CaDiCaL PROPERTIES
    IMPORTED_LOCATION "${CaDiCaL_LIBRARY}"
    INTERFACE_INCLUDE_DIRECTORIES "${CaDiCaL_INCLUDE_DIR}"
    INTERFACE_LINK_LIBRARIES "${_cadical_cxx_runtime};m")
  unset(_cadical_static_cxx)
  unset(_cadical_cxx_runtime)
endif()
mark_as_advanced(CaDiCaL_INCLUDE_DIR CaDiCaL_LIBRARY)
