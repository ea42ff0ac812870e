# Run by `cpack -G DEB` on the finished package (CPACK_POST_BUILD_SCRIPTS).
# CPack 3.25 adds postinst and postrm scripts that only call ldconfig whenever
# a package has libraries under /usr/lib; Debian wants the ldconfig trigger
# instead (the package declares it, DEBIAN/triggers), and lintian flags the
# calls (maintscript-calls-ldconfig). This repacks the package without those
# two scripts. A script that does anything else is left alone.
foreach(package IN LISTS CPACK_PACKAGE_FILES)
  if(NOT package MATCHES "\\.deb$")
    continue()
  endif()
  set(tree "${package}.fixup")
  file(REMOVE_RECURSE "${tree}")
  execute_process(COMMAND dpkg-deb -R "${package}" "${tree}" RESULT_VARIABLE failed)
  if(failed)
    message(FATAL_ERROR "deb_fixup: dpkg-deb -R ${package} failed")
  endif()
  set(changed FALSE)
  foreach(script postinst postrm)
    set(path "${tree}/DEBIAN/${script}")
    if(EXISTS "${path}")
      file(READ "${path}" text)
      if(text MATCHES "^#!/bin/sh[ \n]*set -e[ \n]*if \\[ \"\\$1\" = \"[a-z]+\" \\]; then[ \t\n]*ldconfig[ \t\n]*fi[ \t\n]*$")
        file(REMOVE "${path}")
        set(changed TRUE)
      endif()
    endif()
  endforeach()
  if(changed)
    execute_process(COMMAND dpkg-deb --root-owner-group -Zgzip -b "${tree}" "${package}"
                    OUTPUT_QUIET RESULT_VARIABLE failed)
    if(failed)
      message(FATAL_ERROR "deb_fixup: dpkg-deb -b ${package} failed")
    endif()
  endif()
  file(REMOVE_RECURSE "${tree}")
endforeach()
