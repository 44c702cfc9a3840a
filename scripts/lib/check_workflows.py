#!/usr/bin/env python3
"""Checks the CI workflow files against what they drive: ClusterFuzzLite's actions and this tree.

  check_workflows.py --repo ROOT [--workflows DIR]

Every workflow must parse, pin the actions it uses, and give ClusterFuzzLite's build_fuzzers and
run_fuzzers only the inputs those actions take (google/clusterfuzzlite, actions/*/action.yml at
v1), with a language and sanitizers that .clusterfuzzlite/project.yaml declares, a mode the action
knows, and coverage builds only for coverage runs. Together the workflows must run every mode
(code-change, batch, prune, coverage). A fuzz target a workflow names (`<target>_fuzzer`, or a gate
step `fuzz/<target>`, `replay/<target>/...`, `afl/<target>`) must be in fuzzers/targets.txt.
Prints one line per error, naming the file, job and step, then a summary; exits 1 on any error.
"""

import argparse
import pathlib
import re
import sys

import yaml

BUILD_ACTION = "google/clusterfuzzlite/actions/build_fuzzers"
RUN_ACTION = "google/clusterfuzzlite/actions/run_fuzzers"
CFLITE_VERSION = "v1"
BUILD_INPUTS = {
    "language", "dry-run", "allowed-broken-targets-percentage", "sanitizer", "project-src-path",
    "bad-build-check", "keep-unaffected-fuzz-targets", "storage-repo", "storage-repo-branch",
    "storage-repo-branch-coverage", "upload-build", "github-token",
}
RUN_INPUTS = {
    "language", "fuzz-seconds", "dry-run", "sanitizer", "mode", "github-token", "storage-repo",
    "storage-repo-branch", "storage-repo-branch-coverage", "report-unreproducible-crashes",
    "minimize-crashes", "parallel-fuzzing", "output-sarif",
}
RUN_REQUIRED = {"fuzz-seconds", "github-token"}
MODES = {"code-change", "batch", "prune", "coverage"}
SANITIZERS = {"address", "undefined", "memory", "coverage"}
DEFAULT_SANITIZER = "address"
DEFAULT_LANGUAGE = "c++"
LANGUAGES = {"c", "c++", "go", "javascript", "jvm", "python", "rust", "swift", "ruby"}
# project.yaml: ClusterFuzzLite reads `language` (and `base_os_version`); the others are OSS-Fuzz's.
PROJECT_KEYS = {"language", "base_os_version", "sanitizers", "fuzzing_engines", "main_repo",
                "homepage", "primary_contact", "coverage_extra_args"}
FUZZING_ENGINES = {"libfuzzer"}  # the only engine ClusterFuzzLite runs
MATRIX_REFERENCE = re.compile(r"^\$\{\{\s*matrix\.([A-Za-z0-9_-]+)\s*\}\}$")
TARGET_MENTIONS = (re.compile(r"\b([a-z0-9_]+)_fuzzer\b"),
                   re.compile(r"\b(?:fuzz|replay|afl)/([a-z0-9_]+)\b"))


class Checker:
    def __init__(self, root, workflows):
        self.root = root
        self.workflows = workflows
        self.errors = []
        self.modes = set()
        self.cflite_steps = 0

    def where(self, path):
        return str(path.relative_to(self.root)) if path.is_relative_to(self.root) else str(path)

    def error(self, where, message):
        self.errors.append(f"{where}: {message}")

    def load_project(self):
        path = self.root / ".clusterfuzzlite" / "project.yaml"
        where = str(path.relative_to(self.root))
        try:
            project = yaml.safe_load(path.read_text()) or {}
        except (OSError, yaml.YAMLError) as error:
            self.error(where, f"cannot be read: {error}")
            return DEFAULT_LANGUAGE, {DEFAULT_SANITIZER}
        for key in sorted(set(project) - PROJECT_KEYS):
            self.error(where, f"unknown key '{key}'")
        language = project.get("language")
        if language not in LANGUAGES:
            self.error(where, f"language '{language}' is not one ClusterFuzzLite builds")
        sanitizers = set(project.get("sanitizers", [DEFAULT_SANITIZER]))
        for sanitizer in sorted(sanitizers - SANITIZERS):
            self.error(where, f"sanitizer '{sanitizer}' is not one ClusterFuzzLite runs")
        for engine in sorted(set(project.get("fuzzing_engines", [])) - FUZZING_ENGINES):
            self.error(where, f"fuzzing engine '{engine}': ClusterFuzzLite runs libFuzzer only")
        dockerfile = self.root / ".clusterfuzzlite" / "Dockerfile"
        if not dockerfile.is_file() or ".clusterfuzzlite/build.sh" not in dockerfile.read_text():
            self.error(".clusterfuzzlite/Dockerfile", "missing, or does not copy build.sh")
        return language, sanitizers

    def load_targets(self):
        targets = set()
        for line in (self.root / "fuzzers" / "targets.txt").read_text().splitlines():
            if re.match(r"^[a-z]", line):
                targets.add(line.split()[0])
        return targets

    def values(self, value, job):
        """The values an input takes: a literal, or each entry of the matrix list it names."""
        text = str(value).strip()
        reference = MATRIX_REFERENCE.match(text)
        if not reference:
            return [text]
        matrix = (job.get("strategy") or {}).get("matrix") or {}
        entries = matrix.get(reference.group(1))
        return [str(entry) for entry in entries] if isinstance(entries, list) else []

    def check_step(self, where, step, job, language, sanitizers, built):
        uses = step.get("uses", "")
        if not uses:
            return
        action, _, ref = uses.partition("@")
        if not ref:
            self.error(where, f"'{uses}' is not pinned to a version")
        if action not in (BUILD_ACTION, RUN_ACTION):
            return
        self.cflite_steps += 1
        if ref != CFLITE_VERSION:
            self.error(where, f"'{uses}': the inputs checked here are those of @{CFLITE_VERSION}")
        inputs = step.get("with") or {}
        allowed = BUILD_INPUTS if action == BUILD_ACTION else RUN_INPUTS
        for name in sorted(set(inputs) - allowed):
            self.error(where, f"{action.rsplit('/', 1)[1]} takes no input '{name}'")
        if action == RUN_ACTION:
            for name in sorted(RUN_REQUIRED - set(inputs)):
                self.error(where, f"run_fuzzers needs the input '{name}'")
        step_language = str(inputs.get("language", DEFAULT_LANGUAGE))
        if step_language != language:
            self.error(where, f"language '{step_language}', but project.yaml says '{language}'")
        step_sanitizers = self.values(inputs.get("sanitizer", DEFAULT_SANITIZER), job)
        if not step_sanitizers:
            self.error(where, f"sanitizer '{inputs.get('sanitizer')}' names no matrix list")
        for sanitizer in step_sanitizers:
            if sanitizer not in SANITIZERS:
                self.error(where, f"sanitizer '{sanitizer}' is not one ClusterFuzzLite runs")
            elif sanitizer != "coverage" and sanitizer not in sanitizers:
                self.error(where, f"sanitizer '{sanitizer}' is not in project.yaml's sanitizers")
        if action == BUILD_ACTION:
            built.update(step_sanitizers)
            return
        for sanitizer in step_sanitizers:
            if sanitizer not in built:
                self.error(where, f"runs fuzzers built with '{sanitizer}', but no earlier step of "
                                  "the job builds them")
        for mode in self.values(inputs.get("mode", "code-change"), job):
            if mode not in MODES:
                self.error(where, f"mode '{mode}' is not one of {', '.join(sorted(MODES))}")
                continue
            self.modes.add(mode)
            if (mode == "coverage") != (step_sanitizers == ["coverage"]):
                self.error(where, f"mode '{mode}' with sanitizer {', '.join(step_sanitizers)}: "
                                  "coverage runs, and only they, use the coverage build")

    def check_workflow(self, path, language, sanitizers, targets):
        where = self.where(path)
        text = path.read_text()
        try:
            workflow = yaml.safe_load(text)
        except yaml.YAMLError as error:
            self.error(where, f"does not parse: {error}")
            return
        if not isinstance(workflow, dict):
            self.error(where, "is not a mapping")
            return
        # YAML 1.1 reads the key `on` as true.
        if "on" not in workflow and True not in workflow:
            self.error(where, "has no 'on' triggers")
        jobs = workflow.get("jobs")
        if not isinstance(jobs, dict) or not jobs:
            self.error(where, "has no jobs")
            return
        for job_name, job in jobs.items():
            if "runs-on" not in job:
                self.error(f"{where}: job {job_name}", "has no 'runs-on'")
            built = set()
            for index, step in enumerate(job.get("steps") or []):
                step_where = f"{where}: job {job_name}, step {step.get('name', index + 1)}"
                self.check_step(step_where, step, job, language, sanitizers, built)
        for pattern in TARGET_MENTIONS:
            for match in pattern.finditer(text):
                if match.group(1) not in targets:
                    line = text.count("\n", 0, match.start()) + 1
                    self.error(f"{where}:{line}",
                               f"'{match.group(0)}' names no fuzz target of fuzzers/targets.txt")

    def run(self):
        language, sanitizers = self.load_project()
        targets = self.load_targets()
        files = sorted(self.workflows.glob("*.yml")) + sorted(self.workflows.glob("*.yaml"))
        if not files:
            self.error(self.where(self.workflows), "holds no workflow files")
        for path in files:
            self.check_workflow(path, language, sanitizers, targets)
        for mode in sorted(MODES - self.modes):
            self.error(self.where(self.workflows), f"no workflow runs ClusterFuzzLite's '{mode}' mode")
        for error in self.errors:
            print(f"check_workflows: {error}")
        print(f"check_workflows: {len(files)} workflows, {self.cflite_steps} ClusterFuzzLite steps, "
              f"modes {', '.join(sorted(self.modes)) or 'none'}: {len(self.errors)} errors")
        return 1 if self.errors else 0


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--repo", type=pathlib.Path, required=True, help="the repository's root")
    parser.add_argument("--workflows", type=pathlib.Path,
                        help="the workflow folder (default: REPO/.github/workflows)")
    args = parser.parse_args()
    root = args.repo.resolve()
    workflows = (args.workflows or root / ".github" / "workflows").resolve()
    return Checker(root, workflows).run()


if __name__ == "__main__":
    sys.exit(main())
