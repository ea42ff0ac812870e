# nq_add_layout_test(NAME): a ctest test (label "layout") that fails when
# files call or include each other in a circle (scripts/check_layout.sh):
# the object files of every static library the project builds, and the
# sources and headers of the folders those libraries live in, where a
# folder inside one with a CMakeLists.txt of its own (count/mpi, the
# program nqsat-mpi) counts as a folder of its own. The rule,
# and why: CONTRIBUTING.md. Call it after every add_subdirectory that
# makes a library; libraries added later are found without a change here.

function(_nq_static_libraries directory out)
  set(found "${${out}}")
  get_property(targets DIRECTORY "${directory}" PROPERTY BUILDSYSTEM_TARGETS)
  foreach(target IN LISTS targets)
    get_target_property(type ${target} TYPE)
    get_target_property(imported ${target} IMPORTED)
    if(type STREQUAL "STATIC_LIBRARY" AND NOT imported)
      list(APPEND found ${target})
    endif()
  endforeach()
  get_property(subdirectories DIRECTORY "${directory}" PROPERTY SUBDIRECTORIES)
  foreach(subdirectory IN LISTS subdirectories)
    _nq_static_libraries("${subdirectory}" found)
  endforeach()
  set(${out} "${found}" PARENT_SCOPE)
endfunction()

function(nq_add_layout_test name)
  set(libraries "")
  _nq_static_libraries("${PROJECT_SOURCE_DIR}" libraries)
  set(arguments "")
  if(CMAKE_NM)
    # The toolchain's nm: a cross build's objects are for another machine.
    list(APPEND arguments --nm "${CMAKE_NM}")
  endif()
  set(folders "")
  foreach(library IN LISTS libraries)
    list(APPEND arguments --archive $<TARGET_FILE:${library}>)
    get_target_property(folder ${library} SOURCE_DIR)
    if(NOT folder IN_LIST folders)
      list(APPEND folders "${folder}")
      list(APPEND arguments --sources "${folder}")
    endif()
  endforeach()
  # Found on disk rather than among the configured folders, so a part left
  # out of this build (nqsat-mpi without MPI) still stands on its own.
  foreach(folder IN LISTS folders)
    file(GLOB_RECURSE nested LIST_DIRECTORIES false "${folder}/*/CMakeLists.txt")
    foreach(listfile IN LISTS nested)
      get_filename_component(inner "${listfile}" DIRECTORY)
      if(NOT inner IN_LIST folders)
        list(APPEND folders "${inner}")
        list(APPEND arguments --sources "${inner}")
      endif()
    endforeach()
  endforeach()
  add_test(NAME ${name} COMMAND sh "${PROJECT_SOURCE_DIR}/scripts/check_layout.sh" ${arguments})
  set_tests_properties(${name} PROPERTIES LABELS layout)
endfunction()
