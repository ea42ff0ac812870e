# What `cmake --install build [--prefix P]` installs (docs/install.md):
#
#   bin/nqsat (and bin/nqsat-mpi when that target is built)
#   lib/libnqsat_X.a and lib/libnqsat_X.so.0 (SONAME) for each library below
#   include/nqsat/*.h               the public headers, nothing internal
#   lib/pkgconfig/nqsat.pc          one pkg-config module for all libraries
#   lib/cmake/nqsat/                find_package(nqsat): nqsat::X (shared),
#                                   nqsat::X_static (static, when PicoSAT,
#                                   zlib and threads are found)
#   share/man/man1/nqsat*.1.gz      from docs/man/*.1
#   share/bash-completion/completions/nqsat
#   share/doc/nqsat/                README.md, LICENSE, docs/, examples/
#
# Included at the end of the top-level CMakeLists.txt, after every
# subdirectory, so it sees every library's sources and every executable.

include(GNUInstallDirs)
include(CMakePackageConfigHelpers)

# The installed libraries, in link order (a library before what it uses).
# A new library with a public header goes here; tests/install/install_prefix.sh
# fails naming any */include/nqsat/*.h that is not installed.
set(NQSAT_INSTALLED_LIBRARIES solver encoder verify localsearch common)

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

# Programs.
set(_nq_programs nqsat)
if(TARGET nqsat-mpi)
  list(APPEND _nq_programs nqsat-mpi)
endif()
install(TARGETS ${_nq_programs} RUNTIME DESTINATION ${CMAKE_INSTALL_BINDIR})

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
          FILES_MATCHING PATTERN "*.h")
endforeach()
install(TARGETS ${_nq_static_targets} EXPORT nqsatStaticTargets
        ARCHIVE DESTINATION ${CMAKE_INSTALL_LIBDIR})
set(_nq_cmake_dir ${CMAKE_INSTALL_LIBDIR}/cmake/nqsat)
install(EXPORT nqsatStaticTargets NAMESPACE nqsat:: DESTINATION ${_nq_cmake_dir})
if(NQSAT_SHARED)
  install(TARGETS ${_nq_shared_targets} EXPORT nqsatTargets
          LIBRARY DESTINATION ${CMAKE_INSTALL_LIBDIR})
  install(EXPORT nqsatTargets NAMESPACE nqsat:: DESTINATION ${_nq_cmake_dir})
endif()

# The CMake package: nqsatConfig.cmake finds PicoSAT (with the FindPicoSAT
# module installed beside it), zlib and threads for the static targets, and
# nauty (FindNauty) when this build used it.
set(NQSAT_BUILT_WITH_NAUTY ${Nauty_FOUND})
configure_package_config_file(
  "${PROJECT_SOURCE_DIR}/packaging/nqsatConfig.cmake.in"
  "${PROJECT_BINARY_DIR}/packaging/nqsatConfig.cmake"
  INSTALL_DESTINATION ${_nq_cmake_dir})
write_basic_package_version_file("${PROJECT_BINARY_DIR}/packaging/nqsatConfigVersion.cmake"
  VERSION ${PROJECT_VERSION} COMPATIBILITY SameMajorVersion)
install(FILES "${PROJECT_BINARY_DIR}/packaging/nqsatConfig.cmake"
              "${PROJECT_BINARY_DIR}/packaging/nqsatConfigVersion.cmake"
              "${PROJECT_SOURCE_DIR}/cmake/FindPicoSAT.cmake"
              "${PROJECT_SOURCE_DIR}/cmake/FindNauty.cmake"
        DESTINATION ${_nq_cmake_dir})

# pkg-config: written at install time, so prefix= is the prefix actually
# installed to (--prefix, or /usr in the Debian package), not the one
# configured. Each install writes its own copy (installs to different
# prefixes may run at once, as the tests do) and file(INSTALL) puts it in
# place, honouring DESTDIR and the install manifest.
string(REPLACE ";" " -lnqsat_" _nq_pc_libs "-lnqsat_${NQSAT_INSTALLED_LIBRARIES}")
# libnqsat_solver.a needs libnauty when the build found it (symmetries of
# DIMACS files, solver/cnf_symmetry.c).
set(_nq_pc_nauty "")
if(Nauty_FOUND)
  set(_nq_pc_nauty " -lnauty")
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
  set(nauty_libs \"${_nq_pc_nauty}\")
  string(MD5 copy \"\$ENV{DESTDIR}|\${prefix}\")
  set(pc \"${PROJECT_BINARY_DIR}/packaging/pkgconfig-\${copy}/nqsat.pc\")
  configure_file(\"${PROJECT_SOURCE_DIR}/packaging/nqsat.pc.in\" \"\${pc}\" @ONLY)
  file(INSTALL DESTINATION \"\${pkgconfigdir}\" TYPE FILE FILES \"\${pc}\")
")

# Man pages: docs/man/NAME.1, with @PROJECT_VERSION@ filled in, compressed as
# Debian wants them. A new page is picked up by the glob; see
# docs/install.md, "Adding a command".
file(GLOB _nq_man_sources CONFIGURE_DEPENDS "${PROJECT_SOURCE_DIR}/docs/man/*.1")
set(_nq_man_pages "")
foreach(source IN LISTS _nq_man_sources)
  get_filename_component(page "${source}" NAME)
  set(text "${PROJECT_BINARY_DIR}/man/${page}")
  configure_file("${source}" "${text}" @ONLY)
  # gzip -n: no name or time stamp, so the same page gives the same bytes.
  add_custom_command(OUTPUT "${text}.gz"
    COMMAND gzip -9nc "${text}" > "${text}.gz"
    DEPENDS "${text}" VERBATIM)
  list(APPEND _nq_man_pages "${text}.gz")
endforeach()
add_custom_target(nqsat_man_pages ALL DEPENDS ${_nq_man_pages})
install(FILES ${_nq_man_pages} DESTINATION ${CMAKE_INSTALL_MANDIR}/man1)

# Bash completion, loaded on demand by bash-completion from this folder.
install(FILES "${PROJECT_SOURCE_DIR}/packaging/nqsat.bash"
        DESTINATION ${CMAKE_INSTALL_DATADIR}/bash-completion/completions RENAME nqsat)

# Documentation: the README's relative links keep working in the copy.
install(FILES "${PROJECT_SOURCE_DIR}/README.md" "${PROJECT_SOURCE_DIR}/LICENSE" DESTINATION ${CMAKE_INSTALL_DOCDIR})
file(GLOB _nq_doc_pages CONFIGURE_DEPENDS "${PROJECT_SOURCE_DIR}/docs/*.md")
install(FILES ${_nq_doc_pages} DESTINATION ${CMAKE_INSTALL_DOCDIR}/docs)
install(DIRECTORY "${PROJECT_SOURCE_DIR}/examples/" DESTINATION ${CMAKE_INSTALL_DOCDIR}/examples
        PATTERN CMakeLists.txt EXCLUDE)
