#!/usr/bin/env bash
# Runs the netstandard2.0 build where .NET Framework and Unity users run it: on Mono, as x64 and as ARM64 (an
# aarch64 Mono under qemu user-mode emulation on an x64 machine, natively on an arm64 one). docs/arm64.md and
# docs/net48.md explain what this covers.
#
#   eng/test-mono.sh setup            install Mono, qemu and the arm64 Mono (cached); nothing else
#   eng/test-mono.sh status           one line saying what setup would do: "cached", "installing: ..." or
#                                     "skipped: ..." (./build.sh names its setup step with it)
#   eng/test-mono.sh test             the whole property suite on Mono x64 (as is, and with Mono's SIMD off) and
#                                     on Mono ARM64 (emulated: the CPU set at full counts, the rest at reduced
#                                     counts, as eng/test-sets.sh and docs/arm64.md say), then the package consumer
#                                     (the docs' C# 7.3 examples) on both (what ./build.sh test runs)
#   eng/test-mono.sh arm64 [NAME...]  the property suite on Mono ARM64 only: all of it, or the tests whose names
#                                     contain one of NAME
#   eng/test-mono.sh x64 [NAME...]    the same on Mono x64 only (x64 hosts; no emulation, so a quick check)
#   eng/test-mono.sh consumer         the package consumer alone, on Mono x64 (the docs' C# 7.3 examples: a quick
#                                     check after editing one)
#
# The suite is tests/Properties.Net48 (the property sources built for net48 against Mono's reference assemblies)
# run in-process by tests/Arm64Runner, which prints the runtime, the process architecture, the library build and the
# ASCII paths before the results. The consumer (tests/Consumer.Net48) installs the packed .nupkg from
# artifacts/package, so `dotnet pack` (./build.sh pack) must have run first.
#
# Installing needs apt-get and root (or password-less sudo); a missing Mono that cannot be installed is an error.
# Downloads are cached under FASTTEXT_CACHE (~/.cache/fasttext by default). Off Linux, and for the emulated ARM64 leg
# off Debian, the script says what it skipped and why.
set -euo pipefail
cd "$(dirname "$0")/.."
# shellcheck source=eng/test-sets.sh
. eng/test-sets.sh
export DOTNET_CLI_TELEMETRY_OPTOUT=1 DOTNET_NOLOGO=1 DOTNET_SKIP_FIRST_TIME_EXPERIENCE=1

cache_root="${FASTTEXT_CACHE:-$HOME/.cache/fasttext}"
results_dir="$PWD/artifacts/test-results"
runner_project=tests/Arm64Runner/FastText.Arm64Runner.csproj
runner="$PWD/tests/Arm64Runner/bin/Release/net48/FastText.Arm64Runner.exe"
consumer_project=tests/Consumer.Net48/FastText.Consumer.Net48.csproj
# What the arm64 Mono needs from Debian besides the architecture-independent class libraries of the x64 install:
# the runtime itself and the native libraries it and its System.Native/System.Security.Cryptography shims load.
arm64_packages=(mono-runtime-sgen mono-runtime-common libc6 libgcc-s1 zlib1g libgssapi-krb5-2 libkrb5-3
  libk5crypto3 libcom-err2 libkrb5support0 libkeyutils1 libssl3)
# Emulated JIT-compiled runs are slow, not stuck; past this a run is treated as hung.
run_timeout="${FASTTEXT_MONO_TIMEOUT:-20m}"

log() { printf '\n==> %s\n' "$*"; }
note() { printf '  %s\n' "$*"; }
die() { printf 'error: %s\n' "$*" >&2; exit 1; }

host_arch=$(uname -m)
skip_reason=''
if [[ "$(uname -s)" != Linux ]]; then
  skip_reason="Mono runs are Linux-only here ($(uname -s)); the Windows CI job runs the suite on .NET Framework 4.8"
elif [[ "$host_arch" != x86_64 && "$host_arch" != aarch64 ]]; then
  skip_reason="no Mono leg for a $host_arch host"
fi
# The emulated ARM64 leg (x64 hosts) takes its arm64 Mono from Debian's archive, which serves every architecture
# from one mirror; Ubuntu serves arm64 from another (ports.ubuntu.com), so there only the x64 leg runs (the
# GitHub ubuntu-24.04-arm job runs the ARM64 leg natively).
emulated_arm64_skip_reason=''
if [[ "$host_arch" == x86_64 ]] && ! grep -qx 'ID=debian' /etc/os-release 2>/dev/null; then
  emulated_arm64_skip_reason="the emulated ARM64 leg needs Debian's arm64 packages (this is $(. /etc/os-release 2>/dev/null && echo "${ID:-unknown}"))"
fi
emulate_arm64() { [[ "$host_arch" == x86_64 && -z "$emulated_arm64_skip_reason" ]]; }

as_root() {
  if [[ $(id -u) -eq 0 ]]; then "$@"
  elif command -v sudo >/dev/null && sudo -n true 2>/dev/null; then sudo "$@"
  else return 99
  fi
}

apt_quiet() { as_root env DEBIAN_FRONTEND=noninteractive apt-get -y -q -o=Dpkg::Use-Pty=0 "$@" >/dev/null; }

apt_updated=false
apt_update_once() {
  $apt_updated && return 0
  note "apt-get update"
  apt_quiet update
  apt_updated=true
}

install_host_packages() {
  local missing=()
  command -v mono >/dev/null && [[ -f /usr/lib/mono/4.8-api/mscorlib.dll ]] || missing+=(mono-devel)
  if emulate_arm64 && ! command -v qemu-aarch64-static >/dev/null; then missing+=(qemu-user-static); fi
  ((${#missing[@]})) || return 0
  command -v apt-get >/dev/null || die "missing ${missing[*]} and no apt-get to install them with"
  note "installing ${missing[*]} (Debian packages)"
  apt_update_once
  apt_quiet install --no-install-recommends "${missing[@]}" || {
    (($? == 99)) && die "installing ${missing[*]} needs root or password-less sudo"
    die "apt-get install ${missing[*]} failed"
  }
}

# The Debian version of the installed Mono runtime, e.g. 6.8.0.105+dfsg-3.3+deb12u1.
mono_package_version() { dpkg-query -W -f='${Version}' mono-runtime 2>/dev/null || true; }

# The arm64 Mono, unpacked from Debian's own arm64 packages into a folder qemu uses as its root (-L). Keyed by the
# host Mono's package version: the arm64 runtime must match the class libraries it borrows from the host install.
arm64_sysroot() { echo "$cache_root/mono-arm64-$(mono_package_version | tr -c 'A-Za-z0-9.+\n-' '_')"; }

install_arm64_sysroot() {
  local sysroot
  sysroot=$(arm64_sysroot)
  [[ -f "$sysroot/.complete" ]] && return 0
  note "preparing the arm64 Mono under $sysroot"
  if ! dpkg --print-foreign-architectures | grep -qx arm64; then
    note "dpkg --add-architecture arm64"
    as_root dpkg --add-architecture arm64 || die "dpkg --add-architecture arm64 needs root or password-less sudo"
    apt_updated=false
  fi
  apt_update_once
  local debs="$cache_root/debs-arm64" version
  version=$(mono_package_version)
  mkdir -p "$debs"
  local requests=()
  for package in "${arm64_packages[@]}"; do
    case "$package" in
      mono-*) requests+=("$package:arm64${version:+=$version}") ;;
      *) requests+=("$package:arm64") ;;
    esac
  done
  note "apt-get download ${#requests[@]} arm64 packages"
  (cd "$debs" && rm -f ./*.deb && apt-get download -q "${requests[@]}" >"$debs/download.log" 2>&1) || { cat "$debs/download.log" >&2; die "apt-get download of the arm64 packages failed"; }
  rm -rf "$sysroot.tmp"
  mkdir -p "$sysroot.tmp"
  for deb in "$debs"/*.deb; do dpkg -x "$deb" "$sysroot.tmp"; done
  [[ -x "$sysroot.tmp/usr/bin/mono-sgen" ]] || die "the arm64 packages have no usr/bin/mono-sgen"
  rm -rf "$sysroot" "$debs"
  # Sysroots of Mono versions no longer installed are of no further use.
  find "$cache_root" -maxdepth 1 -name 'mono-arm64-*' ! -name "$(basename "$sysroot").tmp" -exec rm -rf {} +
  mv "$sysroot.tmp" "$sysroot"
  touch "$sysroot/.complete"
}

# What setup would install, for the name of ./build.sh's step: only what is missing now is named.
status() {
  if [[ -n "$skip_reason" ]]; then echo "skipped: $skip_reason"; return 0; fi
  local missing=()
  command -v mono >/dev/null && [[ -f /usr/lib/mono/4.8-api/mscorlib.dll ]] || missing+=(mono-devel)
  if emulate_arm64; then
    command -v qemu-aarch64-static >/dev/null || missing+=(qemu-user-static)
    # Keyed by the installed Mono's version: without Mono, any complete sysroot may turn out to be the right one.
    if command -v mono >/dev/null; then
      [[ -f "$(arm64_sysroot)/.complete" ]] || missing+=("the arm64 Mono")
    elif ! compgen -G "$cache_root/mono-arm64-*/.complete" >/dev/null; then
      missing+=("the arm64 Mono")
    fi
  fi
  if ((${#missing[@]} == 0)); then echo cached; return 0; fi
  local list
  list=$(printf '%s, ' "${missing[@]}")
  echo "installing: ${list%, }"
}

setup() {
  if [[ -n "$skip_reason" ]]; then
    log "Mono: skipped: $skip_reason"
    return 0
  fi
  log "Mono: checking what the Mono runs need"
  install_host_packages
  if emulate_arm64; then install_arm64_sysroot; fi
  note "$(mono --version | head -1)"
  if emulate_arm64; then note "$(qemu-aarch64-static --version | head -1); arm64 Mono in $(arm64_sysroot)"; fi
  if [[ -n "$emulated_arm64_skip_reason" ]]; then note "Mono ARM64: skipped: $emulated_arm64_skip_reason"; fi
  return 0
}

# Prints the command that starts a .NET Framework executable as the given architecture.
launcher() {
  local arch=$1
  if [[ "$arch" == x64 || "$host_arch" == aarch64 ]]; then
    echo mono
  else
    local sysroot
    sysroot=$(arm64_sysroot)
    echo qemu-aarch64-static -L "$sysroot" "$sysroot/usr/bin/mono-sgen"
  fi
}

suite_where() { if [[ "$1" == arm64 ]] && emulate_arm64; then echo ", aarch64 Mono under qemu"; fi; }

build_runner() {
  log "Mono: building the net48 suite runner (tests/Arm64Runner, FastTextTestBuild=Net48)"
  dotnet build "$runner_project" -c Release -nologo -v:quiet -clp:NoSummary -p:FastTextTestBuild=Net48 >/dev/null
}

# Runs the suite (or the tests whose names contain one of the given strings) as one leg and checks the run happened
# where it claims: exit code 0, a closing count line, the architecture, Mono, the netstandard2.0 library build.
#   run_suite NAME ARCH "ENV=VALUE ..." [NAME-SUBSTRING...]
run_suite() {
  local name=$1 arch=$2 config_env=$3
  shift 3
  local report_dir="$results_dir/mono-$name" status=0 started=$SECONDS
  mkdir -p "$report_dir"
  local output="$report_dir/console.txt" what="the netstandard2.0 property suite"
  (($#)) && what="the tests whose names contain: $*"
  log "Mono $name: $what$(suite_where "$arch")${config_env:+ ($config_env)}"
  # shellcheck disable=SC2046,SC2086 # the launcher is a command line; config_env is a list of assignments
  env $config_env timeout "$run_timeout" $(launcher "$arch") "$runner" "$@" >"$output" 2>&1 || status=$?
  grep -E '^(process architecture|runtime:|  library build|  instruction sets|  ascii paths|MONO_ENV_OPTIONS|running )' "$output" | sed 's/^ */  /'
  grep -E '^\s*\[(FAIL|ERROR|skip)\]' "$output" | sed 's/^ */  /' || true
  local closing expected_arch=X64
  [[ "$arch" == arm64 ]] && expected_arch=Arm64
  closing=$(grep -E '^[0-9]+ passed, [0-9]+ failed' "$output" | tail -1 || true)
  echo "  Mono $name: ${closing:-no result line (exit code $status)} in $((SECONDS - started)) s"
  local problems=()
  ((status == 0)) || problems+=("exit code $status$( ((status == 124)) && echo ' (timed out)' || true)")
  [[ -n "$closing" ]] || problems+=("no closing line")
  grep -q "^process architecture: $expected_arch;" "$output" || problems+=("process architecture is not $expected_arch")
  grep -q "library build: .NETStandard," "$output" || problems+=("library build is not .NETStandard")
  grep -q "^runtime: Mono " "$output" || problems+=("runtime is not Mono")
  if [[ "$config_env" == *-O=-simd* ]]; then
    grep -q "Vector.IsHardwareAccelerated=False" "$output" || problems+=("Vector<T> is still accelerated")
  fi
  if ((${#problems[@]})); then
    echo "  PROBLEM: ${problems[*]}; full output: $output"
    grep -E -A12 '^\s*\[(FAIL|ERROR)\]' "$output" | head -60 | sed 's/^/    /'
    [[ -n "$closing" ]] || tail -30 "$output" | sed 's/^/    /'
    return 1
  fi
}

# The documentation's C# 7.3 examples, each checked against the output its doc shows, from a net48 app that installs
# the packed .nupkg from artifacts/package, as a .NET Framework or Unity user's project does (tests/Consumer.Net48;
# the examples are generated into artifacts/examples/cs73 by eng/doc-examples.sh and compiled as C# 7.3).
run_consumer() {
  local package
  package=$(find artifacts/package -maxdepth 1 -name 'FastText.*.nupkg' ! -name '*.snupkg' | sort | tail -1)
  [[ -n "$package" ]] || die "no FastText .nupkg in artifacts/package: run ./build.sh pack first"
  local version
  version=$(basename "$package" .nupkg)
  version=${version#FastText.}
  log "Mono: package consumer (net48 app, FastText $version from artifacts/package)"
  local consumer_dir="$PWD/artifacts/consumer-net48"
  rm -rf "$consumer_dir"
  mkdir -p "$results_dir"
  eng/doc-examples.sh artifacts/examples >/dev/null
  # Its own packages folder, so the check always installs what is in artifacts/package now, not a cached copy of
  # an older pack with the same version.
  dotnet build "$consumer_project" -c Release -nologo -v:quiet -clp:NoSummary \
    -p:FastTextPackageVersion="$version" -p:RestorePackagesPath="$consumer_dir/packages" \
    -p:FastTextPackageSource="$PWD/artifacts/package" -o "$consumer_dir/bin" >"$consumer_dir.build.txt" 2>&1 \
    || { tail -30 "$consumer_dir.build.txt"; return 1; }
  # The netstandard2.0 build calls Unsafe.Add(ref T, nuint), new in System.Runtime.CompilerServices.Unsafe 6.0; with
  # an older Unsafe (System.Memory alone brings 4.5.x) Mono throws MissingMethodException. The package must say so.
  local nuspec="$consumer_dir/packages/fasttext/$version/fasttext.nuspec" failures=0
  if grep -A8 'targetFramework=".NETStandard2.0"' "$nuspec" | grep -q 'id="System.Runtime.CompilerServices.Unsafe" version="6\.'; then
    note "the package's netstandard2.0 dependencies include System.Runtime.CompilerServices.Unsafe 6.x"
  else
    echo "  PROBLEM: $nuspec does not declare System.Runtime.CompilerServices.Unsafe 6.x for netstandard2.0"
    failures=1
  fi
  for arch in "${consumer_archs[@]}"; do
    local output="$results_dir/consumer-$arch.txt" status=0 started=$SECONDS
    # shellcheck disable=SC2046
    timeout "$run_timeout" $(launcher "$arch") "$consumer_dir/bin/FastText.Consumer.Net48.exe" >"$output" 2>&1 || status=$?
    sed 's/^/  /' "$output"
    echo "  (Mono $arch, $((SECONDS - started)) s)"
    if ((status != 0)); then
      echo "  PROBLEM: the consumer failed on Mono $arch (exit code $status)"
      failures=$((failures + 1))
    fi
  done
  ((failures == 0))
}

counts_of() { grep -E '^[0-9]+ passed, [0-9]+ failed' "$results_dir/mono-$1/console.txt" 2>/dev/null | tail -1; }

# name|architecture|environment. x64-no-simd turns off Mono's SIMD intrinsics (as DOTNET_EnableHWIntrinsic=0 does
# on .NET), so Vector<T> is not accelerated and the public operations take the ulong path on x64 as well.
legs_x64=("x64|x64|" "x64-no-simd|x64|MONO_ENV_OPTIONS=-O=-simd")
legs_arm64=("arm64|arm64|")

test_all() {
  local mono_started=$SECONDS
  setup
  [[ -z "$skip_reason" ]] || return 0
  build_runner
  local failures=() legs=("${legs_x64[@]}" "${legs_arm64[@]}")
  consumer_archs=(x64 arm64)
  if [[ "$host_arch" == aarch64 ]]; then legs=("${legs_arm64[@]}"); consumer_archs=(arm64); fi
  if [[ -n "$emulated_arm64_skip_reason" ]]; then legs=("${legs_x64[@]}"); consumer_archs=(x64); fi
  local runs=() rest=()
  mapfile -t rest < <(excluded_cpu_tests)
  for leg in "${legs[@]}"; do
    IFS='|' read -r name arch config_env <<<"$leg"
    if [[ "$arch" == arm64 ]] && emulate_arm64; then
      # Emulated, split as the CoreCLR ARM64 legs are (docs/arm64.md): the CPU set with its full counts, without the
      # software vector paths (Mono ARM64 does not accelerate Vector<T>, so none of them dispatches there) and the
      # separators that compile to the same compares; everything else with the reduced count per property.
      run_suite "$name-cpu" "$arch" "$config_env" "${cpu_tests[@]}" "${software_vector_cases[@]}" || failures+=("mono-$name-cpu")
      run_suite "$name-rest" "$arch" "$config_env${config_env:+ }FASTTEXT_PROPERTY_RUNS=$reduced_runs" "${rest[@]}" \
        || failures+=("mono-$name-rest")
      runs+=("$name-cpu" "$name-rest")
    else
      run_suite "$name" "$arch" "$config_env" || failures+=("mono-$name")
      runs+=("$name")
    fi
  done
  run_consumer || failures+=("consumer")
  echo
  for name in "${runs[@]}"; do echo "Mono $name: $(counts_of "$name")"; done
  echo "Mono runs: ${#runs[@]} suite runs and the consumer on ${consumer_archs[*]} in $((SECONDS - mono_started)) s"
  if ((${#failures[@]})); then
    echo "Failing Mono runs: ${failures[*]}"
    return 1
  fi
}

test_arm64() {
  setup
  [[ -z "$skip_reason" ]] || return 0
  [[ -z "$emulated_arm64_skip_reason" ]] || die "Mono ARM64: $emulated_arm64_skip_reason"
  build_runner
  run_suite arm64 arm64 "" "$@"
}

test_x64() {
  # Seen by setup (bash locals are dynamically scoped): the x64 leg needs neither qemu nor the arm64 Mono.
  local emulated_arm64_skip_reason='not part of the x64 leg'
  setup
  [[ -z "$skip_reason" ]] || return 0
  [[ "$host_arch" == x86_64 ]] || die "Mono x64: this is an $host_arch host"
  build_runner
  run_suite x64 x64 "" "$@"
}

consumer_x64() {
  local emulated_arm64_skip_reason='not part of the x64 consumer run'
  setup
  [[ -z "$skip_reason" ]] || return 0
  [[ "$host_arch" == x86_64 ]] || die "Mono x64: this is an $host_arch host"
  consumer_archs=(x64)
  run_consumer
}

case "${1:-test}" in
  setup) setup ;;
  status) status ;;
  test) test_all ;;
  arm64) shift; test_arm64 "$@" ;;
  x64) shift; test_x64 "$@" ;;
  consumer) consumer_x64 ;;
  *) echo "usage: $0 [setup|status|test|arm64 [NAME...]|x64 [NAME...]|consumer]" >&2; exit 2 ;;
esac
