# `cd build && cpack -G DEB` makes one Debian package per install component
# of cmake/NqsatInstall.cmake (docs/install.md, "The Debian packages"):
#
#   nqsat_VERSION_ARCH.deb         the program, its man pages, completion and
#                                  documentation, and the shared libraries
#   libnqsat-dev_VERSION_ARCH.deb  headers, static libraries, the .so links,
#                                  pkg-config and the CMake package
#   nqsat-mpi_VERSION_ARCH.deb     nqsat-mpi (when that target is built)
#
# so that installing nqsat brings neither Open MPI nor the development
# files. Each holds its files under /usr, plus its Debian copyright file
# (the LICENSE) and changelog. The programs' and libraries' dependencies
# come from dpkg-shlibdeps (nqsat on Debian 12: libc6, picosat, zlib1g, and
# libnauty2 or libgmp10 when linked); libnqsat-dev depends on the nqsat of
# the same version, whose libraries its links point to.

set(CPACK_PACKAGE_NAME nqsat)
set(CPACK_PACKAGE_VENDOR "the nqsat authors")
# The Maintainer field and the changelog's signature. lintian rejects an
# address whose host cannot receive mail (bogus-mail-host): a packager
# passes their own with -DNQSAT_MAINTAINER="Name <address>".
set(NQSAT_MAINTAINER "the nqsat authors <nqsat@users.noreply.github.com>" CACHE STRING
    "Maintainer of the Debian packages, as Name <address>")
if(NOT NQSAT_MAINTAINER MATCHES "^[^<>@]*[^<>@ ] <[^<>@ ]+@[^<>@ ]+\\.[^<>@ ]+>$")
  message(FATAL_ERROR "NQSAT_MAINTAINER is '${NQSAT_MAINTAINER}': give it as "
          "-DNQSAT_MAINTAINER=\"Name <user@host.domain>\" (Debian's Maintainer field)")
endif()
set(CPACK_PACKAGE_CONTACT "${NQSAT_MAINTAINER}")
set(CPACK_PACKAGE_VERSION ${PROJECT_VERSION})
set(CPACK_RESOURCE_FILE_LICENSE "${PROJECT_SOURCE_DIR}/LICENSE")

# Install with DESTDIR and the real prefix, so what is computed at install
# time (the prefix in nqsat.pc) is /usr, not CPack's staging folder.
set(CPACK_SET_DESTDIR ON)
set(CPACK_INSTALL_PREFIX /usr)
set(CPACK_PACKAGING_INSTALL_PREFIX /usr)

# One package per component, named as the component; only the packaged
# components (the Debian-only files below are in them too).
set(CPACK_DEB_COMPONENT_INSTALL ON)
set(NQSAT_DEB_PACKAGES nqsat libnqsat-dev ${NQSAT_PACKAGED_PROGRAMS})
set(CPACK_COMPONENTS_ALL ${NQSAT_DEB_PACKAGES})
foreach(package IN LISTS NQSAT_DEB_PACKAGES)
  string(TOUPPER "${package}" component)
  set(CPACK_DEBIAN_${component}_PACKAGE_NAME ${package})
endforeach()
set(CPACK_DEBIAN_FILE_NAME DEB-DEFAULT)
set(CPACK_DEBIAN_PACKAGE_PRIORITY optional)

# Descriptions: the first line is the package's synopsis (CPack adds no
# common one, CPACK_PACKAGE_DESCRIPTION_SUMMARY being left unset).
set(_nq_about
  "nqsat encodes the N-Queens problem as DIMACS CNF or OPB in seven\n"
  "at-most-one encodings, enumerates its solutions with PicoSAT, solves any\n"
  "DIMACS file, and checks every answer with an independent backtracking\n"
  "solver and the known counts (OEIS A000170, A002562).\n")
string(CONCAT CPACK_DEBIAN_NQSAT_DESCRIPTION
  "N-Queens to SAT and back, with an independent verifier\n" ${_nq_about}
  "\n"
  "This package holds the nqsat program, with a manual page per command\n"
  "and bash completion, and the shared C libraries behind it.")
string(CONCAT CPACK_DEBIAN_LIBNQSAT-DEV_DESCRIPTION
  "N-Queens to SAT and back: C development files\n" ${_nq_about}
  "\n"
  "This package holds what a C program needs to use nqsat's libraries\n"
  "(encoder, solver, verifier, local search): their public headers, the\n"
  "static libraries, the links to the shared ones (in the nqsat package),\n"
  "a pkg-config module and a CMake package.")
string(CONCAT CPACK_DEBIAN_NQSAT-MPI_DESCRIPTION
  "count N-Queens solutions over the ranks of an MPI run\n"
  "nqsat-mpi counts the solutions of N-Queens as 'nqsat count' does, with the\n"
  "count's jobs dealt over the ranks of an Open MPI run (mpirun -np P\n"
  "nqsat-mpi count N), checkpointed, and checked against OEIS A000170.\n"
  "\n"
  "This package holds nqsat-mpi with its manual page and bash completion.")

set(CPACK_DEBIAN_NQSAT_PACKAGE_SECTION science)
set(CPACK_DEBIAN_NQSAT-MPI_PACKAGE_SECTION science)
set(CPACK_DEBIAN_LIBNQSAT-DEV_PACKAGE_SECTION libdevel)

# Dependencies: dpkg-shlibdeps for the packages with programs and shared
# libraries; libnqsat-dev has neither, and depends on the nqsat of its own
# version (its libnqsat_X.so links and the CMake package point into it).
set(CPACK_DEBIAN_PACKAGE_SHLIBDEPS ON)
set(CPACK_DEBIAN_LIBNQSAT-DEV_PACKAGE_SHLIBDEPS OFF)
set(CPACK_DEBIAN_ENABLE_COMPONENT_DEPENDS ON)
set(CPACK_COMPONENT_LIBNQSAT-DEV_DEPENDS nqsat)
# Static linking needs the development packages of what the static
# libraries link (pkg-config --static, nqsat::X_static); PicoSAT's static
# library is in picosat, which nqsat depends on.
set(_nq_dev_package_of ZLIB::ZLIB=zlib1g-dev Nauty::Nauty=libnauty2-dev CaDiCaL::CaDiCaL=libcadical-dev GMP::GMP=libgmp-dev)
set(_nq_static_needs "")
foreach(name IN LISTS NQSAT_INSTALLED_LIBRARIES)
  get_target_property(links nqsat_${name} LINK_LIBRARIES)
  foreach(pair IN LISTS _nq_dev_package_of)
    string(REPLACE "=" ";" pair "${pair}")
    list(GET pair 0 link)
    if(link IN_LIST links)
      list(GET pair 1 dev_package)
      list(APPEND _nq_static_needs ${dev_package})
    endif()
  endforeach()
endforeach()
list(REMOVE_DUPLICATES _nq_static_needs)
list(JOIN _nq_static_needs ", " CPACK_DEBIAN_LIBNQSAT-DEV_PACKAGE_RECOMMENDS)
# nqsat-mpi is started by mpirun, which is not in the libraries it links.
set(CPACK_DEBIAN_NQSAT-MPI_PACKAGE_RECOMMENDS openmpi-bin)

# A shlibs file, so packages built against the libraries depend on nqsat.
set(CPACK_DEBIAN_PACKAGE_GENERATE_SHLIBS ON)
set(CPACK_DEBIAN_PACKAGE_GENERATE_SHLIBS_POLICY ">=")
# The loader's cache is refreshed by libc's ldconfig trigger (Debian policy
# 8.1.1), for the package that has the shared libraries. CPack 3.25 also
# writes postinst/postrm scripts that call ldconfig for any library under
# /usr/lib, which lintian flags; packaging/deb_fixup.cmake removes them from
# the finished packages.
if(NQSAT_SHARED)
  file(WRITE "${PROJECT_BINARY_DIR}/packaging/triggers" "activate-noawait ldconfig\n")
  set(CPACK_DEBIAN_NQSAT_PACKAGE_CONTROL_EXTRA "${PROJECT_BINARY_DIR}/packaging/triggers")
endif()
set(CPACK_DEBIAN_PACKAGE_CONTROL_STRICT_PERMISSION ON)
set(CPACK_POST_BUILD_SCRIPTS "${PROJECT_SOURCE_DIR}/packaging/deb_fixup.cmake")
set(CPACK_STRIP_FILES ON)

# The Debian-only files, in each package's component but left out of
# `cmake --install` (EXCLUDE_FROM_ALL): usr/share/doc/PACKAGE/copyright in
# the machine-readable format, its licence text taken from LICENSE so the
# two cannot differ, and changelog.gz from packaging/changelog; and the
# package's lintian overrides, its lines of packaging/lintian-overrides.
file(READ "${PROJECT_SOURCE_DIR}/LICENSE" _nq_license)
string(REGEX REPLACE "^MIT License\n\n" "" _nq_license "${_nq_license}")
string(REGEX MATCH "Copyright \\(c\\) ([^\n]*)" _nq_copyright_line "${_nq_license}")
set(_nq_copyright_holder "${CMAKE_MATCH_1}")
string(REGEX REPLACE "Copyright \\(c\\) [^\n]*\n\n" "" _nq_license "${_nq_license}")
string(REGEX REPLACE "\n$" "" _nq_license "${_nq_license}")
string(REGEX REPLACE "\n\n" "\n.\n" _nq_license "${_nq_license}")
string(REGEX REPLACE "\n" "\n " _nq_license "${_nq_license}")
file(WRITE "${PROJECT_BINARY_DIR}/packaging/copyright"
  "Format: https://www.debian.org/doc/packaging-manuals/copyright-format/1.0/\n"
  "Upstream-Name: nqsat\n"
  "\n"
  "Files: *\n"
  "Copyright: ${_nq_copyright_holder}\n"
  "License: Expat\n"
  "\n"
  "License: Expat\n"
  " ${_nq_license}\n")
configure_file("${PROJECT_SOURCE_DIR}/packaging/changelog"
               "${PROJECT_BINARY_DIR}/packaging/changelog" @ONLY)
add_custom_command(OUTPUT "${PROJECT_BINARY_DIR}/packaging/changelog.gz"
  COMMAND gzip -9nc "${PROJECT_BINARY_DIR}/packaging/changelog"
          > "${PROJECT_BINARY_DIR}/packaging/changelog.gz"
  DEPENDS "${PROJECT_BINARY_DIR}/packaging/changelog" VERBATIM)
add_custom_target(nqsat_deb_changelog ALL DEPENDS "${PROJECT_BINARY_DIR}/packaging/changelog.gz")

# packaging/lintian-overrides: "PACKAGE: TAG" lines, each right after the
# comment lines giving its reason (a blank line ends a comment); each
# package gets its own lines and reasons.
file(READ "${PROJECT_SOURCE_DIR}/packaging/lintian-overrides" _nq_override_text)
string(REPLACE ";" "," _nq_override_text "${_nq_override_text}")
string(REPLACE "\n" ";" _nq_override_lines "${_nq_override_text}")
set(_nq_reason "")
foreach(line IN LISTS _nq_override_lines)
  if(line MATCHES "^#")
    string(APPEND _nq_reason "${line}\n")
  elseif(line MATCHES "^([a-z0-9.+-]+): ")
    string(APPEND _nq_overrides_${CMAKE_MATCH_1} "${_nq_reason}${line}\n")
    set(_nq_reason "")
  else()
    set(_nq_reason "")
  endif()
endforeach()

foreach(package IN LISTS NQSAT_DEB_PACKAGES)
  install(FILES "${PROJECT_BINARY_DIR}/packaging/copyright"
                "${PROJECT_BINARY_DIR}/packaging/changelog.gz"
          DESTINATION ${CMAKE_INSTALL_DATAROOTDIR}/doc/${package}
          COMPONENT ${package} EXCLUDE_FROM_ALL)
  set(overrides "${PROJECT_BINARY_DIR}/packaging/lintian/${package}")
  if(DEFINED _nq_overrides_${package})
    file(WRITE "${overrides}" "${_nq_overrides_${package}}")
    install(FILES "${overrides}" DESTINATION ${CMAKE_INSTALL_DATAROOTDIR}/lintian/overrides
            COMPONENT ${package} EXCLUDE_FROM_ALL)
  else()
    file(REMOVE "${overrides}")
  endif()
endforeach()

include(CPack)
