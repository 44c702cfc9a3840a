# Helpers that keep every CMakeLists.txt in the tree to one line per target.
#
#   fp_library(NAME SOURCES a.cc ... DEPS lib ... [SYSTEM_INCLUDES dir ...] [PLANTABLE]
#              [EXPORT short HEADERS a.h ...])       a static library rooted at the
#                                                        repository top (+ a planted-bug variant,
#                                                        also whenever a dependency has one);
#                                                        EXPORT installs it as frameproof::short
#                                                        with its HEADERS (cmake/FrameproofInstall)
#   fp_test(NAME SOURCES a_test.cc ... DEPS lib ... [DEFINES K=V ...] [OPTIMIZE])  a GoogleTest
#                                                        binary registered with ctest
#   fp_benchmark(NAME SOURCES a_bench.cc ... DEPS ...)   a Google Benchmark binary (not a test)
#   fp_executable(NAME SOURCES main.cc ... DEPS ... [PLANTABLE])  a command-line tool (+ a
#                                                        planted-bug variant)

function(fp_library name)
  cmake_parse_arguments(ARG "PLANTABLE" "EXPORT" "SOURCES;DEPS;SYSTEM_INCLUDES;HEADERS" ${ARGN})
  # PLANTABLE: also NAME_planted, built with FRAMEPROOF_PLANTED_BUGS (see core/base/planted_bug.h)
  # over the planted variants of its dependencies. Only the tests that prove an oracle bites link
  # it. A library over any planted variant gets one too, PLANTABLE or not: otherwise a planted
  # binary would link both copies of that dependency, and whichever the linker met first would
  # silently decide whether the bugs are there.
  planted_deps_of(planted_deps ${ARG_DEPS})
  if((ARG_PLANTABLE OR NOT planted_deps STREQUAL ARG_DEPS) AND FRAMEPROOF_BUILD_TESTS)
    fp_planted_pair(${name} STATIC "${ARG_SOURCES}" "${ARG_DEPS}" "${planted_deps}"
                    "${ARG_SYSTEM_INCLUDES}")
    target_compile_definitions(${name}_planted PUBLIC FRAMEPROOF_PLANTED_BUGS)
    set(variants ${name} ${name}_planted)
  else()
    add_library(${name} STATIC ${ARG_SOURCES})
    set(variants ${name})
  endif()
  foreach(variant IN LISTS variants)
    target_include_directories(${variant} PUBLIC $<BUILD_INTERFACE:${PROJECT_SOURCE_DIR}>)
    target_include_directories(${variant} SYSTEM PUBLIC ${ARG_SYSTEM_INCLUDES})
  endforeach()
  target_link_libraries(${name} PUBLIC ${ARG_DEPS})
  set_property(GLOBAL APPEND PROPERTY FP_LINKED_TARGETS ${name})
  set_property(TARGET ${name} PROPERTY FP_DEPS ${ARG_DEPS})
  if(ARG_EXPORT)
    fp_export_library(${name} ${ARG_EXPORT} ${ARG_HEADERS})
  elseif(ARG_HEADERS)
    message(FATAL_ERROR "fp_library(${name}): HEADERS are installed, and only with EXPORT")
  endif()
endfunction()

# The text that only a source switching a planted bug contains: everything core/base/planted_bug.h
# defines under FRAMEPROOF_PLANTED_BUGS, and the macro itself.
set(FP_PLANTED_SWITCH_REGEX
    "FP_PLANTED_BUG|FRAMEPROOF_PLANTED_BUGS|PlantBug\\(|g_planted_bugs|PlantFromEnvironment")

# fp_planted_program(TARGET): TARGET is a planted program a user starts from a shell; it refuses a
# FRAMEPROOF_PLANTED_BUG name that no layer knows (verifiers/util/planted_bug_environment_check.cc).
function(fp_planted_program target)
  target_link_libraries(${target} PRIVATE frameproof_planted_bug_check)
endfunction()

# fp_planted_pair(NAME KIND SOURCES DEPS PLANTED_DEPS SYSTEM_INCLUDES): NAME and NAME_planted, of
# KIND (STATIC or EXECUTABLE), each linking its own DEPS. Only the sources that switch a planted
# bug are compiled twice; the others compile once, into NAME_shared_objects that both variants
# link, which halves the planted variants' build. This is sound because no header may switch a
# bug (fp_check_planted_variants enforces it): a source that does not name the switch preprocesses
# to the same text either way.
function(fp_planted_pair name kind sources deps planted_deps system_includes)
  set(shared "")
  set(own "")
  set(generated "")
  foreach(source IN LISTS sources)
    get_filename_component(path ${source} ABSOLUTE BASE_DIR ${CMAKE_CURRENT_SOURCE_DIR})
    set(switches "")
    if(EXISTS ${path})
      file(STRINGS ${path} switches REGEX "${FP_PLANTED_SWITCH_REGEX}")
    else()
      set(switches generated)  # cannot be read at configure time: compile it per variant
      list(APPEND generated ${source})
    endif()
    if(switches)
      list(APPEND own ${source})
    else()
      list(APPEND shared ${source})
    endif()
  endforeach()
  set(objects "")
  if(shared)
    add_library(${name}_shared_objects OBJECT ${shared})
    target_include_directories(${name}_shared_objects
                               PUBLIC $<BUILD_INTERFACE:${PROJECT_SOURCE_DIR}>)
    target_include_directories(${name}_shared_objects SYSTEM PUBLIC ${system_includes})
    # Usage requirements (include paths) only; the healthy dependencies never define the switch.
    target_link_libraries(${name}_shared_objects PUBLIC ${deps})
    # A shared source that starts switching a bug after configuring fails to compile (see
    # core/base/planted_bug.h) rather than leaving the planted variant healthy.
    target_compile_definitions(${name}_shared_objects PRIVATE FRAMEPROOF_PLANTED_BUGS_SHARED_OBJECT)
    set(objects $<TARGET_OBJECTS:${name}_shared_objects>)
    # Shared sources may include what the build generates (op tables): generate it first.
    if(generated)
      add_custom_target(${name}_generated DEPENDS ${generated})
      add_dependencies(${name}_shared_objects ${name}_generated)
    endif()
  endif()
  if(kind STREQUAL "STATIC")
    add_library(${name} STATIC ${own} ${objects})
    add_library(${name}_planted STATIC ${own} ${objects})
    target_link_libraries(${name}_planted PUBLIC ${planted_deps})
  else()
    add_executable(${name} ${own} ${objects})
    add_executable(${name}_planted ${own} ${objects})
    target_link_libraries(${name}_planted PRIVATE ${planted_deps})
    fp_planted_program(${name}_planted)
  endif()
endfunction()

# planted_deps_of(OUT DEP...): each DEP's planted variant where it has one, else DEP itself.
function(planted_deps_of out)
  set(deps "")
  foreach(dep IN LISTS ARGN)
    if(TARGET ${dep}_planted)
      list(APPEND deps ${dep}_planted)
    else()
      list(APPEND deps ${dep})
    endif()
  endforeach()
  set(${out} ${deps} PARENT_SCOPE)
endfunction()

function(fp_executable name)
  cmake_parse_arguments(ARG "PLANTABLE" "" "SOURCES;DEPS" ${ARGN})
  # PLANTABLE: also NAME_planted over the planted variants, the tool `gate --planted` runs.
  if(ARG_PLANTABLE AND FRAMEPROOF_BUILD_TESTS)
    planted_deps_of(planted_deps ${ARG_DEPS})
    fp_planted_pair(${name} EXECUTABLE "${ARG_SOURCES}" "${ARG_DEPS}" "${planted_deps}" "")
    set_property(GLOBAL APPEND PROPERTY FP_LINKED_TARGETS ${name})
    set_property(TARGET ${name} PROPERTY FP_DEPS ${ARG_DEPS})
  else()
    add_executable(${name} ${ARG_SOURCES})
  endif()
  target_link_libraries(${name} PRIVATE ${ARG_DEPS})
endfunction()

# fp_check_planted_variants(): run once every target exists. A planted variant links the planted
# variants of its dependencies as they were when it was defined, so a dependency defined later
# (or given its variant later) would leave a planted binary with the bugs of one copy and not the
# other. That is a configure error naming the target and the dependency to define first.
function(fp_check_planted_variants)
  if(NOT FRAMEPROOF_BUILD_TESTS)
    return()
  endif()
  # fp_planted_pair shares the objects of sources that do not switch a bug, which is sound only
  # while no header switches one: a header's inline code would differ between the variants.
  file(GLOB_RECURSE headers RELATIVE ${PROJECT_SOURCE_DIR}
       ${PROJECT_SOURCE_DIR}/core/*.h ${PROJECT_SOURCE_DIR}/arch/*.h
       ${PROJECT_SOURCE_DIR}/verifiers/*.h ${PROJECT_SOURCE_DIR}/fuzzers/*.h)
  # The switch itself, and the layers' catalogues of bugs, whose planted variants add the bugs the
  # environment names: code every planted variant has, whichever sources switch.
  list(REMOVE_ITEM headers core/base/planted_bug.h arch/planted_arch_bugs.h
       verifiers/util/planted_verifier_bugs.h)
  foreach(header IN LISTS headers)
    file(STRINGS ${PROJECT_SOURCE_DIR}/${header} switches REGEX "${FP_PLANTED_SWITCH_REGEX}")
    if(switches)
      message(FATAL_ERROR "${header} switches a planted bug; only .cc files may (move the "
                          "faulty branch out of line): ${switches}")
    endif()
  endforeach()
  get_property(targets GLOBAL PROPERTY FP_LINKED_TARGETS)
  foreach(target IN LISTS targets)
    get_property(deps TARGET ${target} PROPERTY FP_DEPS)
    foreach(dep IN LISTS deps)
      if(NOT TARGET ${dep}_planted)
        continue()
      endif()
      if(NOT TARGET ${target}_planted)
        message(FATAL_ERROR "${target} has no planted variant although its dependency ${dep} "
                            "has one: define ${dep} before ${target}")
      endif()
      get_property(linked TARGET ${target}_planted PROPERTY LINK_LIBRARIES)
      if(NOT ${dep}_planted IN_LIST linked)
        message(FATAL_ERROR "${target}_planted links ${dep}, not ${dep}_planted: "
                            "define ${dep} before ${target}")
      endif()
    endforeach()
  endforeach()
endfunction()

function(fp_test name)
  if(NOT FRAMEPROOF_BUILD_TESTS)
    return()
  endif()
  cmake_parse_arguments(ARG "OPTIMIZE" "" "SOURCES;DEPS;DEFINES" ${ARGN})
  add_executable(${name} ${ARG_SOURCES})
  target_compile_definitions(${name} PRIVATE ${ARG_DEFINES})
  # A test's own sources are long runs of EXPECTs: at the Debug presets' -O1, under ASan+UBSan,
  # they took three times as long to compile as at -O0, and the code under test is in the
  # libraries, which keep the preset's level. OPTIMIZE keeps it for the tests whose work loops in
  # the test file itself (sweeps over every vector, truncation or bit flip): at -O0 those ran two
  # to three times as long natively and four to seven times under QEMU.
  if(NOT ARG_OPTIMIZE)
    target_compile_options(${name} PRIVATE $<$<CONFIG:Debug>:-O0>)
  endif()
  # A test program's files share unity batches, as the libraries' do: parsing gtest and gmock is
  # most of a small test file's compile (3.1 of 3.9 s under the dev preset). Helpers that two files
  # of one program both need live in a *_testing.h header, not once in each file.
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

# fp_record_last_input(TARGET): the engine's calls to LLVMFuzzerTestOneInput go through
# fuzzers/record_last_input.cc first (the linker's --wrap), which keeps the input in progress in
# the file FRAMEPROOF_LAST_INPUT names, for engines that die without writing an artifact.
function(fp_record_last_input target)
  target_link_libraries(${target} PRIVATE frameproof_fuzz_record_last_input)
  # AFL++'s driver (libAFLDriver.a) declares LLVMFuzzerTestOneInput weak, and a weak reference
  # does not pull an archive member: without --undefined the wrapper stayed out, the weak
  # reference resolved to 0, and every *_afl binary crashed on its first input.
  target_link_options(${target} PRIVATE -Wl,--wrap=LLVMFuzzerTestOneInput
                      -Wl,--undefined=__wrap_LLVMFuzzerTestOneInput)
endfunction()

# fp_fuzzer(NAME DEPS lib ...): fuzzers/NAME.cc, which defines only LLVMFuzzerTestOneInput, built
#   - always as NAME_replay, a standalone binary that runs the files and directories it is given,
#     and registered with ctest to replay corpora/NAME and corpora/regressions/NAME;
#   - with FRAMEPROOF_FUZZ_ENGINE=libfuzzer (fuzz preset) as NAME_fuzzer, linked with libFuzzer;
#   - with FRAMEPROOF_FUZZ_ENGINE=external as NAME_fuzzer, linked with whatever
#     FRAMEPROOF_LIB_FUZZING_ENGINE says (OSS-Fuzz / ClusterFuzzLite's $LIB_FUZZING_ENGINE);
#   - with FRAMEPROOF_FUZZ_ENGINE=afl (afl preset) as NAME_afl, through afl-clang-fast++'s
#     libFuzzer-compatible driver (persistent mode).
# Where the DEPS have planted-bug variants (fp_library PLANTABLE), NAME_planted_replay and, with
# libFuzzer, NAME_planted_fuzzer link those instead; FRAMEPROOF_PLANTED_BUG=<bug> switches a bug on.
# Every engine build records the input it is running (fp_record_last_input).
function(fp_fuzzer name)
  cmake_parse_arguments(ARG "" "" "DEPS" ${ARGN})
  if(name MATCHES "^exec_(.+)$" AND NOT CMAKE_MATCH_1 STREQUAL FRAMEPROOF_EXEC_ISA)
    return()  # runs another ISA's code (see fuzzers/CMakeLists.txt)
  endif()
  set(source ${CMAKE_CURRENT_SOURCE_DIR}/${name}.cc)
  set(planted_deps "")
  foreach(dep IN LISTS ARG_DEPS)
    if(TARGET ${dep}_planted)
      list(APPEND planted_deps ${dep}_planted)
    endif()
  endforeach()
  add_executable(${name}_replay ${source})
  target_link_libraries(${name}_replay PRIVATE ${ARG_DEPS} frameproof_fuzz_replay_main)
  if(planted_deps)
    add_executable(${name}_planted_replay ${source})
    target_link_libraries(${name}_planted_replay PRIVATE ${planted_deps}
                          frameproof_fuzz_replay_main)
    fp_planted_program(${name}_planted_replay)
  endif()
  if(FRAMEPROOF_FUZZ_ENGINE STREQUAL "libfuzzer" OR FRAMEPROOF_FUZZ_ENGINE STREQUAL "external")
    if(FRAMEPROOF_FUZZ_ENGINE STREQUAL "external")
      separate_arguments(engine NATIVE_COMMAND "${FRAMEPROOF_LIB_FUZZING_ENGINE}")
    else()
      set(engine -fsanitize=fuzzer)
    endif()
    add_executable(${name}_fuzzer ${source})
    target_link_libraries(${name}_fuzzer PRIVATE ${ARG_DEPS} ${engine})
    fp_record_last_input(${name}_fuzzer)
    if(planted_deps)
      add_executable(${name}_planted_fuzzer ${source})
      target_link_libraries(${name}_planted_fuzzer PRIVATE ${planted_deps} ${engine})
      fp_planted_program(${name}_planted_fuzzer)
      fp_record_last_input(${name}_planted_fuzzer)
    endif()
  elseif(FRAMEPROOF_FUZZ_ENGINE STREQUAL "afl")
    add_executable(${name}_afl ${source})
    target_link_libraries(${name}_afl PRIVATE ${ARG_DEPS})
    target_link_options(${name}_afl PRIVATE -fsanitize=fuzzer)
    fp_record_last_input(${name}_afl)
    add_dependencies(frameproof_afl_targets ${name}_afl)
    if(FRAMEPROOF_BUILD_TESTS)
      # AFL++'s driver runs the files it is given: every seed must run clean through the
      # persistent-mode build, as afl-fuzz's dry run needs.
      file(GLOB seeds ${PROJECT_SOURCE_DIR}/corpora/${name}/*)
      add_test(NAME afl.seeds.${name} COMMAND ${name}_afl ${seeds})
      set_tests_properties(afl.seeds.${name} PROPERTIES LABELS afl)
    endif()
    if(planted_deps)
      add_executable(${name}_planted_afl ${source})
      target_link_libraries(${name}_planted_afl PRIVATE ${planted_deps})
      fp_planted_program(${name}_planted_afl)
      target_link_options(${name}_planted_afl PRIVATE -fsanitize=fuzzer)
      fp_record_last_input(${name}_planted_afl)
    endif()
  endif()
  if(FRAMEPROOF_BUILD_TESTS)
    set(corpus ${PROJECT_SOURCE_DIR}/corpora/${name})
    set(regressions ${PROJECT_SOURCE_DIR}/corpora/regressions/${name})
    add_test(NAME fuzz.replay.${name} COMMAND ${name}_replay ${corpus} ${regressions})
    set_tests_properties(fuzz.replay.${name} PROPERTIES LABELS fuzz-replay
                         PASS_REGULAR_EXPRESSION "replayed [1-9][0-9]* inputs")
  endif()
endfunction()
