#include "verifiers/exec/mock_runtime.h"

#include <cstdlib>

namespace frameproof {
namespace {

namespace abi = runtime_abi;
using abi::Entrypoint;

thread_local MockRuntime* g_active = nullptr;

constexpr size_t Index(Entrypoint entrypoint) { return static_cast<size_t>(entrypoint); }

template <typename Fn>
uint64_t AddressOf(Fn* fn) {
  return reinterpret_cast<uint64_t>(fn);
}

}  // namespace

MockRuntime::MockRuntime(InstructionSet isa, const MethodPlan& plan) : isa_(isa), plan_(plan) {
  compiled_.id = plan.frames.empty() ? 0 : plan.frames[0].method_index;
  callee_.id = plan.target_id;
  callee_.vtable_index = plan.vtable_index;
  callee_.declaring_class = &class_;
  class_.id = plan.target_id;
  // Class resolves an existing class in the state the plan says; InitClass initializes one.
  class_.state = plan.resolver == ResolverKind::kClass && plan.class_initialized
                     ? abi::kClassStateInitialized
                     : 0;
  class_.vtable[plan.vtable_index % class_.vtable.size()] = &callee_;
  receiver_.klass = &class_;
  entrypoints_[Index(Entrypoint::kGetCalleeMethod)] = AddressOf(&GetCalleeMethod);
  entrypoints_[Index(Entrypoint::kResolveVirtualMethod)] = AddressOf(&ResolveVirtualMethod);
  entrypoints_[Index(Entrypoint::kResolveClass)] = AddressOf(&ResolveClass);
  entrypoints_[Index(Entrypoint::kInitializeClassById)] = AddressOf(&InitializeClassById);
  thread_.entrypoints = entrypoints_.data();
}

void MockRuntime::Install(const ExecImage& image) {
  code_info_ = image.code_info;
  compiled_.code_begin = image.method_entry;
  compiled_.entry_point = image.method_entry;
  compiled_.code_info = code_info_.data();
  compiled_.code_info_size = code_info_.size();
  callee_.code_begin = image.callee_entry;
  callee_.entry_point = image.callee_entry;
  entrypoints_[Index(Entrypoint::kCallVirtualResolver)] =
      image.resolvers[static_cast<size_t>(ResolverKind::kCallVirtual)];
  entrypoints_[Index(Entrypoint::kClassResolver)] =
      image.resolvers[static_cast<size_t>(ResolverKind::kClass)];
  entrypoints_[Index(Entrypoint::kInitClassResolver)] =
      image.resolvers[static_cast<size_t>(ResolverKind::kInitClass)];
}

uint64_t MockRuntime::ResolvedValue() const {
  switch (plan_.resolver) {
    case ResolverKind::kCallStatic:
      return reinterpret_cast<uint64_t>(&callee_);
    case ResolverKind::kCallVirtual:
      return callee_.vtable_index;
    case ResolverKind::kClass:
    case ResolverKind::kInitClass:
      return reinterpret_cast<uint64_t>(&class_);
  }
  return 0;
}

MockRuntime::Activation::Activation(MockRuntime* runtime) : previous_(g_active) {
  g_active = runtime;
}
MockRuntime::Activation::~Activation() { g_active = previous_; }

MockRuntime& MockRuntime::Active() {
  // Only generated code calls the entrypoints, and only inside an Activation.
  if (g_active == nullptr) std::abort();
  return *g_active;
}

void MockRuntime::Enter(Entrypoint entrypoint, const MockMethod* caller, uint64_t id) {
  RuntimeEntry& entry = entries_.emplace_back();
  entry.entrypoint = entrypoint;
  entry.caller = caller;
  entry.id = id;
  entry.walk = WalkFromBoundary(thread_.frame, isa_);
}

// Each entrypoint answers with the case's object whatever the id; the verifier checks the id.
uint64_t MockRuntime::GetCalleeMethod(const MockMethod* caller, uint64_t id) {
  MockRuntime& runtime = Active();
  runtime.Enter(Entrypoint::kGetCalleeMethod, caller, id);
  return reinterpret_cast<uint64_t>(&runtime.callee_);
}

uint64_t MockRuntime::ResolveVirtualMethod(const MockMethod* caller, uint64_t id) {
  MockRuntime& runtime = Active();
  runtime.Enter(Entrypoint::kResolveVirtualMethod, caller, id);
  return reinterpret_cast<uint64_t>(&runtime.callee_);
}

uint64_t MockRuntime::ResolveClass(const MockMethod* caller, uint64_t id) {
  MockRuntime& runtime = Active();
  runtime.Enter(Entrypoint::kResolveClass, caller, id);
  return reinterpret_cast<uint64_t>(&runtime.class_);
}

uint64_t MockRuntime::InitializeClassById(const MockMethod* caller, uint64_t id) {
  MockRuntime& runtime = Active();
  runtime.Enter(Entrypoint::kInitializeClassById, caller, id);
  runtime.class_.state = runtime.plan_.class_initialized ? abi::kClassStateInitialized
                                                         : abi::kClassStateInitializing;
  return reinterpret_cast<uint64_t>(&runtime.class_);
}

}  // namespace frameproof
