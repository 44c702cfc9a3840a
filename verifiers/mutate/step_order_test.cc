// The order in which a mutant faces the gate's steps: cheapest first, the mutated folder's own
// tests right after the conformance vectors, and an arch/<isa>/ mutant facing <isa>'s steps first.

#include "verifiers/mutate/step_order.h"

#include <string>
#include <vector>

#include "gmock/gmock.h"
#include "gtest/gtest.h"

namespace frameproof::mutate {
namespace {

using ::testing::ElementsAre;

gate::Step NamedStep(std::string name, bool under_qemu = false) {
  gate::Step step;
  step.name = std::move(name);
  step.description = under_qemu ? "under qemu-aarch64" : "native";
  return step;
}

// The gate's steps in the order PlanGate lists them: by kind, then ISA.
std::vector<gate::Step> GateSteps() {
  return {NamedStep("unit-tests/x86_64"),      NamedStep("unit-tests/arm64", true),
          NamedStep("conformance/art/x86_64"), NamedStep("conformance/art/arm64", true),
          NamedStep("snapshots/x86_64"),       NamedStep("snapshots/arm64", true),
          NamedStep("replay/bit_table"),       NamedStep("exec/x86_64/Class"),
          NamedStep("fuzz/code_info_decode"),  NamedStep("llvm-exec/x86_64"),
          NamedStep("coverage/x86_64")};
}

std::vector<gate::Step> FolderTests() {
  return {NamedStep("folder-tests/x86_64"), NamedStep("folder-tests/arm64", true)};
}

std::vector<std::string> Names(const std::vector<gate::Step>& steps) {
  std::vector<std::string> names;
  for (const gate::Step& step : steps) names.push_back(step.name);
  return names;
}

Mutant MutantOf(std::string file) {
  Mutant mutant;
  mutant.file = std::move(file);
  return mutant;
}

TEST(StepOrder, CheapestFirstPutsEveryNativeStepBeforeAnyEmulatedOne) {
  std::vector<gate::Step> steps = GateSteps();
  OrderCheapestFirst(steps);
  EXPECT_THAT(Names(steps),
              ElementsAre("snapshots/x86_64", "replay/bit_table", "conformance/art/x86_64",
                          "llvm-exec/x86_64", "exec/x86_64/Class", "unit-tests/x86_64",
                          "fuzz/code_info_decode", "coverage/x86_64", "snapshots/arm64",
                          "conformance/art/arm64", "unit-tests/arm64"));
}

TEST(StepOrder, TheMutatedFoldersTestsRunRightAfterTheConformanceVectorsOfTheirIsa) {
  EXPECT_THAT(Names(StepsForMutant(MutantOf("core/bits/bit_reader.h"), GateSteps(), FolderTests())),
              ElementsAre("snapshots/x86_64", "replay/bit_table", "conformance/art/x86_64",
                          "folder-tests/x86_64", "llvm-exec/x86_64", "exec/x86_64/Class",
                          "unit-tests/x86_64", "fuzz/code_info_decode", "coverage/x86_64",
                          "snapshots/arm64", "conformance/art/arm64", "folder-tests/arm64",
                          "unit-tests/arm64"));
}

TEST(StepOrder, AnArm64MutantFacesTheArm64StepsFirst) {
  EXPECT_THAT(
      Names(StepsForMutant(MutantOf("arch/arm64/arm64_emitter.cc"), GateSteps(), FolderTests())),
      ElementsAre("snapshots/arm64", "conformance/art/arm64", "folder-tests/arm64",
                  "unit-tests/arm64", "snapshots/x86_64", "replay/bit_table",
                  "conformance/art/x86_64", "folder-tests/x86_64", "llvm-exec/x86_64",
                  "exec/x86_64/Class", "unit-tests/x86_64", "fuzz/code_info_decode",
                  "coverage/x86_64"));
}

TEST(StepOrder, OnlyFilesUnderAnIsaFolderBelongToThatIsa) {
  EXPECT_EQ(IsaOfFile("arch/x86_64/x86_64_emitter.cc"), InstructionSet::kX86_64);
  EXPECT_EQ(IsaOfFile("arch/arm64/arm64_emitter.cc"), InstructionSet::kArm64);
  EXPECT_EQ(IsaOfFile("arch/register_file.cc"), std::nullopt);
  EXPECT_EQ(IsaOfFile("core/arm64/x.cc"), std::nullopt);
}

}  // namespace
}  // namespace frameproof::mutate
