# What `cmake --install build [--prefix P]` installs (docs/install.md,
# "What is installed", lists every file; tests/install/install_docs.sh
# compares that list with an install). LIBDIR is lib/<multiarch triplet> on
# Debian (lib/x86_64-linux-gnu), lib elsewhere:
#
#   bin/nqsat (and bin/nqsat-mpi when that target is built)
#   LIBDIR/libnqsat_X.a and LIBDIR/libnqsat_X.so.0 (SONAME) for each library
#   include/nqsat/*.h               the public headers, nothing internal
#   LIBDIR/pkgconfig/nqsat.pc       one pkg-config module for all libraries
#   LIBDIR/cmake/nqsat/             find_package(nqsat): nqsat::X (shared),
#                                   nqsat::X_static (static, when PicoSAT,
#                                   zlib and threads are found)
#   share/man/man1/nqsat*.1.gz      from docs/man/*.1
#   share/bash-completion/completions/nqsat (and nqsat-mpi)
#   share/doc/nqsat/                README.md, LICENSE, docs/, examples/
#
# Every rule names the Debian package its files go to, as its install
# component (cmake/NqsatPackage.cmake makes one package per component):
#   nqsat         the program, its man pages, completion and documentation,
#                 and the shared libraries (what programs built against
#                 libnqsat-dev load)
#   libnqsat-dev  headers, static libraries, the libnqsat_X.so links,
#                 pkg-config and the CMake package
#   nqsat-mpi     nqsat-mpi, its man page and completion
# `cmake --install` without --component installs all three.
#
# Included at the end of the top-level CMakeLists.txt, after every
# subdirectory, so it sees every library's sources and every executable.

# Debian's loader (/etc/ld.so.conf.d) and pkg-config look in
# PREFIX/lib/<triplet> for /usr and /usr/local alike, and a Debian package's
# pkg-config file must be there (lintian:
# pkg-config-unavailable-for-cross-compilation), so on Debian the libraries
# go to lib/<triplet> for every prefix, as meson installs them there.
# GNUInstallDirs alone does that for the prefix /usr only.
# -DCMAKE_INSTALL_LIBDIR=lib chooses otherwise.
if(CMAKE_LIBRARY_ARCHITECTURE AND EXISTS /etc/debian_version)
  set(_nq_multiarch_libdir "lib/${CMAKE_LIBRARY_ARCHITECTURE}")
  if(NOT DEFINED CACHE{CMAKE_INSTALL_LIBDIR})
    set(CMAKE_INSTALL_LIBDIR "${_nq_multiarch_libdir}" CACHE PATH "Object code libraries")
  elseif(CMAKE_INSTALL_LIBDIR STREQUAL "lib" AND NOT DEFINED CACHE{NQSAT_LIBDIR_CHOSEN})
    # A build folder configured before this rule holds GNUInstallDirs' "lib".
    set_property(CACHE CMAKE_INSTALL_LIBDIR PROPERTY VALUE "${_nq_multiarch_libdir}")
  endif()
  set(NQSAT_LIBDIR_CHOSEN ON CACHE INTERNAL "CMAKE_INSTALL_LIBDIR was given its Debian default")
endif()
include(GNUInstallDirs)
include(CMakePackageConfigHelpers)

# The installed libraries, in link order (a library before what it uses).
# A new library with a public header goes here; tests/install/install_prefix.sh
# fails naming any */include/nqsat/*.h that is not installed.
set(NQSAT_INSTALLED_LIBRARIES solver encoder verify count localsearch common)

# Shared libraries are pointless in sanitizer and fuzzing builds (nothing is
# installed from them) and would only double their compile time.
if(NQSAT_SANITIZE OR NQSAT_FUZZ)
  set(_nq_shared_default OFF)
else()
  set(_nq_shared_default ON)
endif()
option(NQSAT_SHARED "Also build the shared libraries (installed next to the static ones)"
       ${_nq_shared_default})

# The in-tree targets (nqsat_X, static) name their public include folder by
# its source path; an installed target must name it relative to the prefix.
function(_nq_export_include_dirs target)
  get_target_property(dirs ${target} INTERFACE_INCLUDE_DIRECTORIES)
  set_target_properties(${target} PROPERTIES INTERFACE_INCLUDE_DIRECTORIES
    "$<BUILD_INTERFACE:${dirs}>;$<INSTALL_INTERFACE:${CMAKE_INSTALL_INCLUDEDIR}>")
endfunction()

# nqsat_X_shared: the same sources, flags and include folders as the static
# nqsat_X, built as libnqsat_X.so.MAJOR. Made here rather than next to each
# library so that sources added to nqsat_X anywhere (add_library or
# target_sources) reach the shared library too. Links to other nqsat
# libraries stay public (their headers include each other); PicoSAT, zlib and
# threads become private, since no public header includes theirs. Only nq_*
# symbols are exported (packaging/exports.map): the unprefixed helpers are
# internal.
function(_nq_add_shared_library name)
  set(static nqsat_${name})
  get_target_property(sources ${static} SOURCES)
  get_target_property(source_dir ${static} SOURCE_DIR)
  set(absolute_sources "")
  foreach(source IN LISTS sources)
    if(NOT IS_ABSOLUTE "${source}")
      set(source "${source_dir}/${source}")
    endif()
    list(APPEND absolute_sources "${source}")
  endforeach()
  set(shared nqsat_${name}_shared)
  add_library(${shared} SHARED ${absolute_sources})
  foreach(property INCLUDE_DIRECTORIES COMPILE_OPTIONS COMPILE_DEFINITIONS)
    get_target_property(value ${static} ${property})
    if(value)
      set_target_properties(${shared} PROPERTIES ${property} "${value}")
    else()
      set_target_properties(${shared} PROPERTIES ${property} "")
    endif()
  endforeach()
  target_include_directories(${shared} INTERFACE
    "$<BUILD_INTERFACE:${source_dir}/include>" "$<INSTALL_INTERFACE:${CMAKE_INSTALL_INCLUDEDIR}>")
  # common/internal/: header-only helpers (grow.h) the sources include;
  # never installed, and nothing of it is exported.
  target_include_directories(${shared} PRIVATE "${PROJECT_SOURCE_DIR}/common/internal")
  get_target_property(links ${static} LINK_LIBRARIES)
  foreach(link IN LISTS links)
    if(link MATCHES "^nqsat_(.*)$" AND CMAKE_MATCH_1 IN_LIST NQSAT_INSTALLED_LIBRARIES)
      target_link_libraries(${shared} PUBLIC nqsat_${CMAKE_MATCH_1}_shared)
    elseif(link)
      target_link_libraries(${shared} PRIVATE ${link})
    endif()
  endforeach()
  set(version_script "${PROJECT_SOURCE_DIR}/packaging/exports.map")
  target_link_options(${shared} PRIVATE "LINKER:--version-script=${version_script}")
  if(NOT NQSAT_SANITIZE AND NOT NQSAT_FUZZ)
    # Every symbol the library needs comes from a library it names, so it
    # loads anywhere (the sanitizers' runtimes come with the executable).
    target_link_options(${shared} PRIVATE "LINKER:--no-undefined")
  endif()
  set_target_properties(${shared} PROPERTIES
    OUTPUT_NAME nqsat_${name}
    VERSION ${PROJECT_VERSION}
    SOVERSION ${PROJECT_VERSION_MAJOR}
    EXPORT_NAME ${name}
    LINK_DEPENDS "${version_script}"
    LIBRARY_OUTPUT_DIRECTORY "${PROJECT_BINARY_DIR}/lib")
endfunction()

foreach(name IN LISTS NQSAT_INSTALLED_LIBRARIES)
  _nq_export_include_dirs(nqsat_${name})
  set_target_properties(nqsat_${name} PROPERTIES EXPORT_NAME ${name}_static)
  if(NQSAT_SHARED)
    _nq_add_shared_library(${name})
  endif()
endforeach()

# Programs: nqsat, and each program built beside it in a package of its own
# (nqsat-mpi needs Open MPI, which nqsat users should not get). A program
# of NQSAT_SEPARATE_PROGRAMS is installed when its target exists, with its
# man page docs/man/NAME.1 and the completion script under its own name.
set(NQSAT_SEPARATE_PROGRAMS nqsat-mpi)
install(TARGETS nqsat RUNTIME DESTINATION ${CMAKE_INSTALL_BINDIR} COMPONENT nqsat)
set(NQSAT_PACKAGED_PROGRAMS "")
foreach(program IN LISTS NQSAT_SEPARATE_PROGRAMS)
  if(TARGET ${program})
    install(TARGETS ${program} RUNTIME DESTINATION ${CMAKE_INSTALL_BINDIR} COMPONENT ${program})
    list(APPEND NQSAT_PACKAGED_PROGRAMS ${program})
  endif()
endforeach()

# Libraries and public headers.
set(_nq_static_targets "")
set(_nq_shared_targets "")
foreach(name IN LISTS NQSAT_INSTALLED_LIBRARIES)
  list(APPEND _nq_static_targets nqsat_${name})
  if(NQSAT_SHARED)
    list(APPEND _nq_shared_targets nqsat_${name}_shared)
  endif()
  get_target_property(source_dir nqsat_${name} SOURCE_DIR)
  install(DIRECTORY "${source_dir}/include/" DESTINATION ${CMAKE_INSTALL_INCLUDEDIR}
          COMPONENT libnqsat-dev FILES_MATCHING PATTERN "*.h")
endforeach()
install(TARGETS ${_nq_static_targets} EXPORT nqsatStaticTargets
        ARCHIVE DESTINATION ${CMAKE_INSTALL_LIBDIR} COMPONENT libnqsat-dev)
set(_nq_cmake_dir ${CMAKE_INSTALL_LIBDIR}/cmake/nqsat)
install(EXPORT nqsatStaticTargets NAMESPACE nqsat:: DESTINATION ${_nq_cmake_dir}
        COMPONENT libnqsat-dev)
if(NQSAT_SHARED)
  # libnqsat_X.so.0 (what programs load) in nqsat, the libnqsat_X.so link
  # (what the linker takes) in libnqsat-dev, as Debian splits them.
  install(TARGETS ${_nq_shared_targets} EXPORT nqsatTargets
          LIBRARY DESTINATION ${CMAKE_INSTALL_LIBDIR} COMPONENT nqsat
                  NAMELINK_COMPONENT libnqsat-dev)
  install(EXPORT nqsatTargets NAMESPACE nqsat:: DESTINATION ${_nq_cmake_dir}
          COMPONENT libnqsat-dev)
endif()

# The CMake package: nqsatConfig.cmake finds PicoSAT (with the FindPicoSAT
# module installed beside it), zlib and threads for the static targets,
# nauty (FindNauty) when this build used it, and GMP (FindGMP) when an
# installed library links it.
set(NQSAT_BUILT_WITH_NAUTY ${Nauty_FOUND})
set(NQSAT_BUILT_WITH_CADICAL ${CaDiCaL_FOUND})
set(NQSAT_BUILT_WITH_GMP FALSE)
foreach(name IN LISTS NQSAT_INSTALLED_LIBRARIES)
  get_target_property(links nqsat_${name} LINK_LIBRARIES)
  if("GMP::GMP" IN_LIST links)
    set(NQSAT_BUILT_WITH_GMP TRUE)
  endif()
endforeach()
set(_nq_find_modules "${PROJECT_SOURCE_DIR}/cmake/FindPicoSAT.cmake"
                     "${PROJECT_SOURCE_DIR}/cmake/FindNauty.cmake"
                     "${PROJECT_SOURCE_DIR}/cmake/FindCaDiCaL.cmake")
if(NQSAT_BUILT_WITH_GMP)
  list(APPEND _nq_find_modules "${PROJECT_SOURCE_DIR}/cmake/FindGMP.cmake")
endif()
configure_package_config_file(
  "${PROJECT_SOURCE_DIR}/packaging/nqsatConfig.cmake.in"
  "${PROJECT_BINARY_DIR}/packaging/nqsatConfig.cmake"
  INSTALL_DESTINATION ${_nq_cmake_dir})
write_basic_package_version_file("${PROJECT_BINARY_DIR}/packaging/nqsatConfigVersion.cmake"
  VERSION ${PROJECT_VERSION} COMPATIBILITY SameMajorVersion)
install(FILES "${PROJECT_BINARY_DIR}/packaging/nqsatConfig.cmake"
              "${PROJECT_BINARY_DIR}/packaging/nqsatConfigVersion.cmake"
              ${_nq_find_modules}
        DESTINATION ${_nq_cmake_dir} COMPONENT libnqsat-dev)

# pkg-config: written at install time, so prefix= is the prefix actually
# installed to (--prefix, or /usr in the Debian package), not the one
# configured. Each install writes its own copy (installs to different
# prefixes may run at once, as the tests do) and file(INSTALL) puts it in
# place, honouring DESTDIR and the install manifest.
string(REPLACE ";" " -lnqsat_" _nq_pc_libs "-lnqsat_${NQSAT_INSTALLED_LIBRARIES}")
# libnqsat_solver.a needs libnauty when the build found it (symmetries of
# DIMACS files, solver/cnf_symmetry.c), libcadical likewise
# (solver/sat_oracle.c), and a library linking GMP libgmp.
set(_nq_pc_extra "")
if(Nauty_FOUND)
  set(_nq_pc_extra " -lnauty")
endif()
if(NQSAT_BUILT_WITH_GMP)
  string(APPEND _nq_pc_extra " -lgmp")
endif()
# CaDiCaL (solver/sat_oracle.c) is a C++ library: its runtime comes too.
if(CaDiCaL_FOUND)
  string(APPEND _nq_pc_extra " -lcadical -lstdc++")
endif()
install(CODE "
  set(prefix \"\${CMAKE_INSTALL_PREFIX}\")
  set(libdir \"${CMAKE_INSTALL_LIBDIR}\")
  set(includedir \"${CMAKE_INSTALL_INCLUDEDIR}\")
  set(pkgconfigdir \"\${libdir}/pkgconfig\")
  if(NOT IS_ABSOLUTE \"\${pkgconfigdir}\")
    set(pkgconfigdir \"\${prefix}/\${pkgconfigdir}\")
  endif()
  foreach(dir libdir includedir)
    if(NOT IS_ABSOLUTE \"\${\${dir}}\")
      set(\${dir} \"\\\${prefix}/\${\${dir}}\")
    endif()
  endforeach()
  set(version \"${PROJECT_VERSION}\")
  set(libs \"${_nq_pc_libs}\")
  set(extra_libs \"${_nq_pc_extra}\")
  string(MD5 copy \"\$ENV{DESTDIR}|\${prefix}\")
  set(pc \"${PROJECT_BINARY_DIR}/packaging/pkgconfig-\${copy}/nqsat.pc\")
  configure_file(\"${PROJECT_SOURCE_DIR}/packaging/nqsat.pc.in\" \"\${pc}\" @ONLY)
  file(INSTALL DESTINATION \"\${pkgconfigdir}\" TYPE FILE FILES \"\${pc}\")
" COMPONENT libnqsat-dev)

# Man pages: docs/man/NAME.1, with @PROJECT_VERSION@ filled in, compressed as
# Debian wants them. A new page is picked up by the glob; see
# docs/install.md, "Adding a command".
# Every page is built (the docs tests read them all); the page of a program
# of NQSAT_SEPARATE_PROGRAMS is installed with that program, and not at all
# when the program is not built.
file(GLOB _nq_man_sources CONFIGURE_DEPENDS "${PROJECT_SOURCE_DIR}/docs/man/*.1")
set(_nq_man_pages "")
foreach(source IN LISTS _nq_man_sources)
  get_filename_component(page "${source}" NAME)
  get_filename_component(page_name "${source}" NAME_WE)
  set(text "${PROJECT_BINARY_DIR}/man/${page}")
  configure_file("${source}" "${text}" @ONLY)
  # gzip -n: no name or time stamp, so the same page gives the same bytes.
  add_custom_command(OUTPUT "${text}.gz"
    COMMAND gzip -9nc "${text}" > "${text}.gz"
    DEPENDS "${text}" VERBATIM)
  list(APPEND _nq_man_pages "${text}.gz")
  if(NOT page_name IN_LIST NQSAT_SEPARATE_PROGRAMS)
    install(FILES "${text}.gz" DESTINATION ${CMAKE_INSTALL_MANDIR}/man1 COMPONENT nqsat)
  elseif(page_name IN_LIST NQSAT_PACKAGED_PROGRAMS)
    install(FILES "${text}.gz" DESTINATION ${CMAKE_INSTALL_MANDIR}/man1 COMPONENT ${page_name})
  endif()
endforeach()
add_custom_target(nqsat_man_pages ALL DEPENDS ${_nq_man_pages})

# Bash completion, loaded on demand by bash-completion from this folder, by
# the name of the command being completed: the one script completes both
# programs, so each package has a copy under its program's name.
set(_nq_completions_dir ${CMAKE_INSTALL_DATADIR}/bash-completion/completions)
foreach(program IN ITEMS nqsat ${NQSAT_PACKAGED_PROGRAMS})
  install(FILES "${PROJECT_SOURCE_DIR}/packaging/nqsat.bash"
          DESTINATION ${_nq_completions_dir} RENAME ${program} COMPONENT ${program})
endforeach()

# Documentation: the README's relative links keep working in the copy.
install(FILES "${PROJECT_SOURCE_DIR}/README.md" "${PROJECT_SOURCE_DIR}/LICENSE"
        DESTINATION ${CMAKE_INSTALL_DOCDIR} COMPONENT nqsat)
file(GLOB _nq_doc_pages CONFIGURE_DEPENDS "${PROJECT_SOURCE_DIR}/docs/*.md")
install(FILES ${_nq_doc_pages} DESTINATION ${CMAKE_INSTALL_DOCDIR}/docs COMPONENT nqsat)
install(DIRECTORY "${PROJECT_SOURCE_DIR}/examples/" DESTINATION ${CMAKE_INSTALL_DOCDIR}/examples
        COMPONENT nqsat PATTERN CMakeLists.txt EXCLUDE)
