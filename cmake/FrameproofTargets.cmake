# Helpers that keep every CMakeLists.txt in the tree to one line per target.
#
#   fp_library(NAME SOURCES a.cc ... DEPS lib ...)       a static library rooted at the repository top
#   fp_test(NAME SOURCES a_test.cc ... DEPS lib ...)     a GoogleTest binary registered with ctest
#   fp_benchmark(NAME SOURCES a_bench.cc ... DEPS ...)   a Google Benchmark binary (not a test)
#   fp_executable(NAME SOURCES main.cc ... DEPS ...)     a command-line tool

function(fp_library name)
  cmake_parse_arguments(ARG "" "" "SOURCES;DEPS" ${ARGN})
  add_library(${name} STATIC ${ARG_SOURCES})
  target_include_directories(${name} PUBLIC ${PROJECT_SOURCE_DIR})
  target_link_libraries(${name} PUBLIC ${ARG_DEPS})
endfunction()

function(fp_executable name)
  cmake_parse_arguments(ARG "" "" "SOURCES;DEPS" ${ARGN})
  add_executable(${name} ${ARG_SOURCES})
  target_link_libraries(${name} PRIVATE ${ARG_DEPS})
endfunction()

function(fp_test name)
  if(NOT FRAMEPROOF_BUILD_TESTS)
    return()
  endif()
  cmake_parse_arguments(ARG "" "" "SOURCES;DEPS" ${ARGN})
  add_executable(${name} ${ARG_SOURCES})
  target_link_libraries(${name} PRIVATE ${ARG_DEPS} GTest::gtest GTest::gmock GTest::gtest_main)
  # PRE_TEST discovery lists the cases when ctest runs, through CMAKE_CROSSCOMPILING_EMULATOR when
  # cross compiling, so the aarch64 preset never runs target binaries at build time.
  gtest_discover_tests(${name} DISCOVERY_MODE PRE_TEST DISCOVERY_TIMEOUT 120
                       PROPERTIES LABELS unit)
endfunction()

function(fp_benchmark name)
  if(NOT FRAMEPROOF_BUILD_BENCHMARKS)
    return()
  endif()
  cmake_parse_arguments(ARG "" "" "SOURCES;DEPS" ${ARGN})
  add_executable(${name} ${ARG_SOURCES})
  target_link_libraries(${name} PRIVATE ${ARG_DEPS} benchmark::benchmark benchmark::benchmark_main)
endfunction()
