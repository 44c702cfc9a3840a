# Installing the codec (core/) for a runtime to embed: its static libraries, exported as
# frameproof::<name>; their headers under include/frameproof (a header in an `internal/` folder is
# installed only because a public one includes it, and is not API); a package config with the
# project version; and frameproof.pc for builds without CMake.
#
#   fp_export_library(TARGET NAME HEADER ...)   called by fp_library(... EXPORT NAME HEADERS ...)
#   fp_install_package()                         once, after every exported library is defined

include(GNUInstallDirs)
include(CMakePackageConfigHelpers)

set(FRAMEPROOF_INSTALL_INCLUDEDIR ${CMAKE_INSTALL_INCLUDEDIR}/frameproof)
set(FRAMEPROOF_INSTALL_CMAKEDIR ${CMAKE_INSTALL_LIBDIR}/cmake/frameproof)
# What the build generates for the headers (core/base/version.h), rooted like the source tree.
set(FRAMEPROOF_GENERATED_INCLUDE_DIR ${PROJECT_BINARY_DIR}/generated_include)

function(fp_export_library target name)
  add_library(frameproof::${name} ALIAS ${target})
  set_target_properties(${target} PROPERTIES EXPORT_NAME ${name})
  # The headers are C++20 (defaulted comparisons, constexpr containers): a consumer compiles them so.
  target_compile_features(${target} PUBLIC cxx_std_20)
  # The file sets root the headers where the tree's own includes do ("core/art/code_info.h"), in
  # the build and in the install tree. What the build generates is a second set: a build tree
  # inside the source tree would otherwise nest one base directory in the other.
  set(sources "")
  set(generated "")
  foreach(header IN LISTS ARGN)
    if(header MATCHES "^${FRAMEPROOF_GENERATED_INCLUDE_DIR}/")
      list(APPEND generated ${header})
    else()
      list(APPEND sources ${header})
    endif()
  endforeach()
  target_sources(${target} PUBLIC FILE_SET HEADERS BASE_DIRS ${PROJECT_SOURCE_DIR}
                 FILES ${sources})
  set(install_generated "")
  if(generated)
    target_sources(${target} PUBLIC FILE_SET generated_headers TYPE HEADERS
                   BASE_DIRS ${FRAMEPROOF_GENERATED_INCLUDE_DIR} FILES ${generated})
    set(install_generated FILE_SET generated_headers DESTINATION ${FRAMEPROOF_INSTALL_INCLUDEDIR})
  endif()
  install(TARGETS ${target} EXPORT frameproof-targets
          ARCHIVE DESTINATION ${CMAKE_INSTALL_LIBDIR}
          FILE_SET HEADERS DESTINATION ${FRAMEPROOF_INSTALL_INCLUDEDIR}
          ${install_generated}
          INCLUDES DESTINATION ${FRAMEPROOF_INSTALL_INCLUDEDIR})
  set_property(GLOBAL APPEND PROPERTY FP_EXPORTED_TARGETS ${target})
endfunction()

function(fp_install_package)
  get_property(targets GLOBAL PROPERTY FP_EXPORTED_TARGETS)
  install(EXPORT frameproof-targets NAMESPACE frameproof::
          FILE frameproof-targets.cmake DESTINATION ${FRAMEPROOF_INSTALL_CMAKEDIR})
  # 0.x: a new minor version may change the API; patch releases keep it (README, Embedding).
  write_basic_package_version_file(${PROJECT_BINARY_DIR}/frameproof-config-version.cmake
                                   COMPATIBILITY SameMinorVersion)
  set(FRAMEPROOF_COMPONENTS "")
  foreach(target IN LISTS targets)
    get_target_property(name ${target} EXPORT_NAME)
    list(APPEND FRAMEPROOF_COMPONENTS ${name})
  endforeach()
  configure_package_config_file(${PROJECT_SOURCE_DIR}/cmake/frameproof-config.cmake.in
                                ${PROJECT_BINARY_DIR}/frameproof-config.cmake
                                INSTALL_DESTINATION ${FRAMEPROOF_INSTALL_CMAKEDIR})
  install(FILES ${PROJECT_BINARY_DIR}/frameproof-config.cmake
                ${PROJECT_BINARY_DIR}/frameproof-config-version.cmake
          DESTINATION ${FRAMEPROOF_INSTALL_CMAKEDIR})

  # pkg-config: every library, dependents before their dependencies (the reverse of the order
  # they were defined in, which is bottom-up), and Abseil through its own .pc files.
  set(libs "")
  set(requires "")
  foreach(target IN LISTS targets)
    list(PREPEND libs "-l${target}")
    get_property(deps TARGET ${target} PROPERTY FP_DEPS)
    foreach(dep IN LISTS deps)
      if(dep MATCHES "^absl::(.+)$")
        list(APPEND requires "absl_${CMAKE_MATCH_1}")
      endif()
    endforeach()
  endforeach()
  list(REMOVE_DUPLICATES requires)
  list(JOIN libs " " FRAMEPROOF_PC_LIBS)
  list(JOIN requires ", " FRAMEPROOF_PC_REQUIRES)
  configure_file(${PROJECT_SOURCE_DIR}/cmake/frameproof.pc.in ${PROJECT_BINARY_DIR}/frameproof.pc
                 @ONLY)
  install(FILES ${PROJECT_BINARY_DIR}/frameproof.pc
          DESTINATION ${CMAKE_INSTALL_LIBDIR}/pkgconfig)
endfunction()
