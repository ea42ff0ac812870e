# check_verify_independence(target): fail the configure step if the verifier
# links the encoder, the solver or a SAT solver (PicoSAT, CaDiCaL),
# directly or through a dependency, and fail the build if any of its
# sources includes their headers.
# The verifier is only worth something as a cross-check while it shares no
# code with what it checks.

set(_NQ_FORBIDDEN_FOR_VERIFY nqsat_encoder nqsat_solver PicoSAT::PicoSAT CaDiCaL::CaDiCaL)

function(_nq_collect_links target out)
  set(seen "${${out}}")
  get_target_property(links ${target} LINK_LIBRARIES)
  if(links)
    foreach(lib IN LISTS links)
      if(NOT lib IN_LIST seen)
        list(APPEND seen ${lib})
        if(TARGET ${lib})
          _nq_collect_links(${lib} seen)
        endif()
      endif()
    endforeach()
  endif()
  set(${out} "${seen}" PARENT_SCOPE)
endfunction()

function(check_verify_independence target)
  set(all "")
  _nq_collect_links(${target} all)
  foreach(bad IN LISTS _NQ_FORBIDDEN_FOR_VERIFY)
    if(bad IN_LIST all)
      message(FATAL_ERROR "${target} links ${bad}: verify/ must stay independent of the encoder, the solver and the SAT solvers")
    endif()
  endforeach()
  get_target_property(sources ${target} SOURCES)
  get_target_property(source_dir ${target} SOURCE_DIR)
  file(GLOB_RECURSE headers "${source_dir}/*.h")
  foreach(src IN LISTS sources headers)
    if(NOT IS_ABSOLUTE "${src}")
      set(src "${source_dir}/${src}")
    endif()
    file(STRINGS "${src}" lines REGEX "^[ \t]*#[ \t]*include")
    foreach(line IN LISTS lines)
      if(line MATCHES "picosat|cadical|nqsat/encoder|nqsat/solver")
        message(FATAL_ERROR "${src}: '${line}': verify/ must not include encoder, solver or SAT solver headers")
      endif()
    endforeach()
  endforeach()
endfunction()
