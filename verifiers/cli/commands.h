#ifndef FRAMEPROOF_VERIFIERS_CLI_COMMANDS_H_
#define FRAMEPROOF_VERIFIERS_CLI_COMMANDS_H_

#include <string>
#include <vector>

namespace frameproof {

// Each command takes the arguments after its name and returns the process exit code:
// 0 success, 1 a verification or decode failure, 2 a usage error.
inline constexpr int kExitOk = 0;
inline constexpr int kExitFailure = 1;
inline constexpr int kExitUsage = 2;

int RunDumpCommand(const std::vector<std::string>& args);
int RunRelayCommand(const std::vector<std::string>& args);
int RunConformanceCommand(const std::vector<std::string>& args);
int RunVerifyCommand(const std::vector<std::string>& args);
int RunGenCommand(const std::vector<std::string>& args);
int RunLlvmStackMapsCommand(const std::vector<std::string>& args);
int RunGateCommand(const std::vector<std::string>& args);
int RunMutateCommand(const std::vector<std::string>& args);
int RunMoarValidateCommand(const std::vector<std::string>& args);  // with FRAMEPROOF_WITH_MOAR
int RunMoarDumpCommand(const std::vector<std::string>& args);      // with FRAMEPROOF_WITH_MOAR

}  // namespace frameproof

#endif  // FRAMEPROOF_VERIFIERS_CLI_COMMANDS_H_
