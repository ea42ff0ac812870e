# `cd build && cpack -G DEB` makes build/nqsat_VERSION_ARCH.deb: everything
# `cmake --install` installs, under /usr, plus the Debian copyright file (the
# LICENSE) and changelog. Dependencies come from dpkg-shlibdeps (Debian
# 12: libc6, picosat, zlib1g). One package holds the program, the libraries
# and the development files; docs/install.md lists what lintian still says
# about that and why.

set(CPACK_PACKAGE_NAME nqsat)
set(CPACK_PACKAGE_VENDOR "the nqsat authors")
# The project has no mail address yet: the placeholder makes lintian report
# bogus-mail-host (docs/install.md); a packager sets the real one.
set(NQSAT_DEB_MAINTAINER "the nqsat authors <nqsat@invalid>" CACHE STRING
    "Maintainer of the Debian package (name <address>)")
set(CPACK_PACKAGE_CONTACT "${NQSAT_DEB_MAINTAINER}")
set(CPACK_PACKAGE_DESCRIPTION_SUMMARY "N-Queens to SAT and back, with an independent verifier")
set(CPACK_PACKAGE_DESCRIPTION
  "nqsat encodes the N-Queens problem as DIMACS CNF or OPB in seven\n"
  "at-most-one encodings, enumerates its solutions with PicoSAT, solves any\n"
  "DIMACS file, and checks every answer with an independent backtracking\n"
  "solver and the known counts (OEIS A000170, A002562).\n"
  "\n"
  "The package holds the nqsat program with a manual page per command and\n"
  "bash completion, and the C libraries behind it (static and shared) with\n"
  "their headers, a pkg-config file and a CMake package.")
string(CONCAT CPACK_PACKAGE_DESCRIPTION ${CPACK_PACKAGE_DESCRIPTION})
set(CPACK_PACKAGE_VERSION ${PROJECT_VERSION})
set(CPACK_RESOURCE_FILE_LICENSE "${PROJECT_SOURCE_DIR}/LICENSE")

# Install with DESTDIR and the real prefix, so what is computed at install
# time (the prefix in nqsat.pc) is /usr, not CPack's staging folder.
set(CPACK_SET_DESTDIR ON)
set(CPACK_INSTALL_PREFIX /usr)
set(CPACK_PACKAGING_INSTALL_PREFIX /usr)

set(CPACK_DEBIAN_FILE_NAME DEB-DEFAULT)
set(CPACK_DEBIAN_PACKAGE_SECTION science)
set(CPACK_DEBIAN_PACKAGE_PRIORITY optional)
set(CPACK_DEBIAN_PACKAGE_SHLIBDEPS ON)
# Static linking against the package also needs zlib's static library.
set(CPACK_DEBIAN_PACKAGE_SUGGESTS "zlib1g-dev")
if(Nauty_FOUND) # and libnauty's, when the solver was built with nauty
  set(CPACK_DEBIAN_PACKAGE_SUGGESTS "zlib1g-dev, libnauty2-dev")
endif()
# A shlibs file, so packages built against the libraries depend on this one.
set(CPACK_DEBIAN_PACKAGE_GENERATE_SHLIBS ON)
set(CPACK_DEBIAN_PACKAGE_GENERATE_SHLIBS_POLICY ">=")
# The loader's cache is refreshed by libc's ldconfig trigger (Debian policy
# 8.1.1). CPack 3.25 also writes postinst/postrm scripts that call ldconfig
# for any library under /usr/lib, which lintian flags; packaging/deb_fixup.cmake
# removes them from the finished package.
file(WRITE "${PROJECT_BINARY_DIR}/packaging/triggers" "activate-noawait ldconfig\n")
set(CPACK_DEBIAN_PACKAGE_CONTROL_EXTRA "${PROJECT_BINARY_DIR}/packaging/triggers")
set(CPACK_DEBIAN_PACKAGE_CONTROL_STRICT_PERMISSION ON)
set(CPACK_POST_BUILD_SCRIPTS "${PROJECT_SOURCE_DIR}/packaging/deb_fixup.cmake")
set(CPACK_STRIP_FILES ON)

# The Debian-only files (component "deb", left out of `cmake --install`):
# usr/share/doc/nqsat/copyright in the machine-readable format, its licence
# text taken from LICENSE so the two cannot differ, and changelog.gz from
# packaging/changelog; and the lintian overrides for the tags that come from
# shipping runtime and development files in one package.
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
install(FILES "${PROJECT_BINARY_DIR}/packaging/copyright"
              "${PROJECT_BINARY_DIR}/packaging/changelog.gz"
        DESTINATION ${CMAKE_INSTALL_DOCDIR} COMPONENT deb EXCLUDE_FROM_ALL)
install(FILES "${PROJECT_SOURCE_DIR}/packaging/lintian-overrides"
        DESTINATION ${CMAKE_INSTALL_DATADIR}/lintian/overrides RENAME nqsat
        COMPONENT deb EXCLUDE_FROM_ALL)
set(CPACK_INSTALL_CMAKE_PROJECTS
  "${PROJECT_BINARY_DIR};nqsat;Unspecified;/"
  "${PROJECT_BINARY_DIR};nqsat;deb;/")

include(CPack)
