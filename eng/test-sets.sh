# shellcheck shell=bash
# The named parts of the property suite that the emulated runs (eng/test-arm64.sh, eng/test-mono.sh) select by
# display-name substring, as the runner's arguments (NAME includes, !NAME excludes). Sourced, not run; one list
# for both runtimes, so a test added to a set is selected the same way on each.

# The CPU set: test classes whose result can depend on the instruction set. Each internal path against its scalar
# twin, then the public operations that dispatch to them.
cpu_tests=(
  # ASCII: every path (Vector512/256/128 or VectorT, UInt64, Scalar) and every public ASCII and UTF-8 operation
  # (UTF-8 encoding: AsciiUtf8Tests, AsciiLengthLimitTests, AsciiTextTests' runtime-threshold test)
  .Ascii.
  # the TSV line scan paths (Vector512/256/128, Scalar), their byte mask, and the field enumerator (which walks that
  # mask) around the vector widths
  .TsvLineScanTests. .TsvLineScanByteMaskTests. .TsvCutSemanticsTests.
  # the TSV writer's special-byte search: every field length with a special byte at every index
  .TsvWriterFieldLengthTests.
  # key text normalisation (KeyTextNormalizer.AsciiVectors): every length and char, and the rules
  .KeyTextAsciiWriteTests. .KeyTextRulesTests.
  # the float parser's short-shape vector step (SSSE3, AdvSimd) against its scalar twin, at every length and index
  .DecimalFloatShortShapeTests.
  # the Guid parser's 'D'-form vector step (SSSE3, AdvSimd) against its scalar twin, every byte at every index
  .TsvGuidTextTests.
  # the windowed integer read (SSSE3, AdvSimd; declines elsewhere) against a naive reading, and TsvRow's integer
  # getters and Parse<T> on whole lines against the runtime's parsers
  .TsvNumberTextWindowedTests. .TsvRowWindowedColumnTests.
)

excluded_cpu_tests() { printf '!%s\n' "${cpu_tests[@]}"; }

# The allocation tests measure steady-state code: tier-0 code boxes where optimized code does not (24-128 bytes of
# boxes in ValueStringBuilder.AppendValue<T> and the UTF-8 builder), and under emulation, with the other core busy
# with the other lane, the tiered JIT's recompiles did not always arrive within the tests' CPU-time budget (3 of
# them measured 72-128 bytes in one CI run, 0 in the run before). CoreCLR runs them on their own with
# DOTNET_TieredCompilation=0, so every method is optimized when first compiled and what they measure is the code a
# service runs; an allocation the library makes still fails them.
allocation_tests=(AllocationTests)

# The compiler tests ask Roslyn whether a piece of user code compiles and which overload it binds to. The answer
# depends on the compiler and the library's signatures, never on the CPU or the runtime under the test, and under
# emulation Roslyn is the slowest thing in the suite (180 s of the net8.0 rest leg's 387 s). The x64 runs of both
# builds run them.
compiler_tests=(CompileTests.)

# TsvWriterFieldLengthTests runs its every-length-every-index check once per separator; under emulation one
# separator took 235 s (load average 30 on 2 cores). ',' and 'A' compile to the same compares as '\t' with another
# constant, so ARM64 runs '\t' (the default) and 0 (compared with zero: ARM64 has its own cmeq #0 form).
same_code_cases=('!(separator: 44)' '!(separator: 65)')

# Path theory cases (named after the path: "Vector512", "Vector256", "Vector128", "VectorT", "UInt64", "Scalar") for
# paths that never dispatch in a run execute there as the runtime's software vector fallback: on CoreCLR with AdvSimd
# the Vector512 and Vector256 ASCII paths (no ARM64 CPU accelerates them; the x64 runs run them on hardware); with
# DOTNET_EnableHWIntrinsic=0, and on Mono ARM64 (whose Vector<T> is not accelerated), every vector path (plain
# managed code there, as in the x64 no-hwintrinsic runs). They are left out; the UInt64 and scalar paths and every
# dispatched vector path run in full.
unaccelerated_vector_cases=('!: "Vector512"' '!: "Vector256"' "${same_code_cases[@]}")
software_vector_cases=('!: "Vector' "${same_code_cases[@]}")

# Generated cases per property for the part of the suite that does not depend on the CPU, in the emulated runs
# (the suite's default is 200; FASTTEXT_PROPERTY_RUNS, when set, is the count for every property).
reduced_runs="${FASTTEXT_ARM64_PROPERTY_RUNS:-10}"
