#!/usr/bin/env bash
# Runs the property suites as linux-arm64 CoreCLR processes, so the net8.0 build's AdvSimd code and CoreCLR's ARM64
# JIT are tested: under qemu user-mode emulation on an x64 Linux machine (every ./build.sh test), natively on an
# arm64 Linux one. docs/arm64.md says what runs on each leg and how long it takes.
#
#   eng/test-arm64.sh setup           qemu and the arm64 library root (cached); nothing else
#   eng/test-arm64.sh status          one line saying what setup would do: "cached", "installing: ..." or
#                                     "skipped: ..." (./build.sh names its setup step with it)
#   eng/test-arm64.sh publish         only publish the two suite runners (artifacts/arm64/{Net8,NetStandard})
#   eng/test-arm64.sh test            the legs below (what ./build.sh test runs); FASTTEXT_ARM64_PREBUILT=1 runs
#                                     the runners `publish` left instead of publishing them again
#   eng/test-arm64.sh run Net8|NetStandard [ENV=VALUE...] [--] [NAME...|!NAME...]
#                                     one ad-hoc run of one library build's suite (all tests, or those whose names
#                                     contain a NAME and none of the !NAMEs), e.g. run Net8 DOTNET_EnableHWIntrinsic=0 -- AsciiPath
#   eng/test-arm64.sh --check-feed    only say whether the linux-arm64 runtime packs can be restored (a diagnostic:
#                                     restore itself reports a missing pack)
#   eng/test-arm64.sh tsvcut          tsvcut for linux-arm64: NativeAOT (cross-compiled with clang and lld on x64, the
#                                     arm64 root as sysroot), then its differential suite against GNU cut (under
#                                     qemu: the emulated subset, differential.sh --emulated)
#   FASTTEXT_ARM64_BUILDS=NetStandard eng/test-arm64.sh test
#                                     the three runs of one library build only (Net8 or NetStandard)
#   FASTTEXT_RUNNER_RID=linux-x64 eng/test-arm64.sh test
#                                     the same legs natively on x64, no qemu (checks the script and the runner)
#
# The legs (both library builds, AdvSimd on and DOTNET_EnableHWIntrinsic=0):
#   every test whose result can depend on the CPU (the "CPU set" below: each internal SIMD path against its scalar
#   twin, and the public operations that dispatch to those paths) runs with the suite's full case counts; the rest
#   of the suite, without the compiler tests (eng/test-sets.sh says why), runs in the AdvSimd legs with
#   FASTTEXT_PROPERTY_RUNS=$reduced_runs generated cases per property.
#   The HWIntrinsic=0 legs run the CPU set only (the rest does not depend on the instruction set).
#
# The arm64 library root: Debian's :arm64 packages libc6 libgcc-s1 libstdc++6 zlib1g libicu72 libssl3, fetched with
# `apt-get download` and unpacked with `dpkg -x` into FASTTEXT_CACHE (~/.cache/fasttext)/coreclr-arm64-<key>; qemu
# runs the self-contained runner with -L <root>. Nothing is installed into the system as arm64. Needs root (or
# password-less sudo) for apt-get the first time only.
set -euo pipefail
cd "$(dirname "$0")/.."
# shellcheck source=eng/test-sets.sh
. eng/test-sets.sh
export DOTNET_CLI_TELEMETRY_OPTOUT=1 DOTNET_NOLOGO=1 DOTNET_SKIP_FIRST_TIME_EXPERIENCE=1

host_arch=$(uname -m)
rid="${FASTTEXT_RUNNER_RID:-linux-arm64}"
# Why the legs do not run on this machine ('' when they do). The emulated legs take their arm64 libraries from
# Debian's archive, which serves every architecture from one mirror (Ubuntu serves arm64 from ports.ubuntu.com), so
# they run on Debian x64 hosts; the GitHub linux-arm64 job runs them natively.
skip_reason=''
if [[ -z "${FASTTEXT_RUNNER_RID:-}" ]]; then
  if [[ "$(uname -s)" != Linux ]]; then
    skip_reason="the CoreCLR ARM64 legs are Linux-only ($(uname -s)); the GitHub macos-arm64 job runs the suite natively"
  elif [[ "$host_arch" != x86_64 && "$host_arch" != aarch64 ]]; then
    skip_reason="no CoreCLR ARM64 leg for a $host_arch host"
  elif [[ "$host_arch" == x86_64 ]] && ! grep -qx 'ID=debian' /etc/os-release 2>/dev/null; then
    skip_reason="the emulated legs need Debian's arm64 packages (this is $(. /etc/os-release 2>/dev/null && echo "${ID:-unknown}")); the GitHub linux-arm64 job runs them natively"
  fi
fi
runner_project=tests/Arm64Runner/FastText.Arm64Runner.csproj
output_root="$PWD/artifacts/arm64"
results_dir="$PWD/artifacts/test-results"
cache_root="${FASTTEXT_CACHE:-$HOME/.cache/fasttext}"
# Emulated JIT-compiled test runs are slow, not stuck; past this a run is treated as hung.
run_timeout="${FASTTEXT_ARM64_TIMEOUT:-20m}"
# What the runtime needs from Debian's arm64 archive: the C/C++ runtime, zlib (GZip), ICU (cultures), OpenSSL (the
# Roslyn compile tests make the runtime load it; without it the process aborts). The -dev packages make the same
# root the sysroot that links tsvcut's NativeAOT build (crt files, libc, libgcc, libstdc++, libz).
root_packages=(libc6 libgcc-s1 libstdc++6 zlib1g libicu72 libssl3 libc6-dev linux-libc-dev libgcc-12-dev libstdc++-12-dev zlib1g-dev)

log() { printf '\n==> %s\n' "$*"; }
note() { printf '  %s\n' "$*"; }
die() { local code=$1; shift; printf 'error: %s\n' "$*" >&2; exit "$code"; }
emulated() { [[ "$rid" == linux-arm64 && "$host_arch" == x86_64 ]]; }

as_root() {
  if [[ $(id -u) -eq 0 ]]; then "$@"
  elif command -v sudo >/dev/null && sudo -n true 2>/dev/null; then sudo "$@"
  else return 99
  fi
}
apt_quiet() { as_root env DEBIAN_FRONTEND=noninteractive apt-get -y -q -o=Dpkg::Use-Pty=0 "$@" >/dev/null; }

# The folder of the arm64 library root: keyed by the Debian release and the package list, so a new list or release
# makes a new root (a Debian point update of a package does not; delete the folder to refresh it).
arm64_root() {
  local release key
  release=$(. /etc/os-release 2>/dev/null && echo "${ID:-linux}-${VERSION_CODENAME:-unknown}")
  key=$(printf '%s\n' "${root_packages[@]}" | md5sum | cut -c1-8)
  echo "$cache_root/coreclr-arm64-$release-$key"
}

install_root() {
  local root
  root=$(arm64_root)
  if [[ -f "$root/.complete" ]]; then
    note "arm64 library root (cached): $root"
    return 0
  fi
  command -v apt-get >/dev/null && grep -qx 'ID=debian' /etc/os-release 2>/dev/null \
    || die 4 "the arm64 library root comes from Debian's arm64 archive; this is not Debian (use a native arm64 machine)"
  note "preparing the arm64 library root under $root"
  if ! dpkg --print-foreign-architectures | grep -qx arm64; then
    note "dpkg --add-architecture arm64"
    as_root dpkg --add-architecture arm64 || die 4 "dpkg --add-architecture arm64 needs root or password-less sudo"
  fi
  note "apt-get update"
  apt_quiet update || die 4 "apt-get update failed (needs root or password-less sudo)"
  local debs="$root.debs"
  rm -rf "$debs" "$root.tmp"
  mkdir -p "$debs" "$root.tmp"
  note "apt-get download ${root_packages[*]/%/:arm64}"
  (cd "$debs" && apt-get download -q "${root_packages[@]/%/:arm64}" >download.log 2>&1) \
    || { cat "$debs/download.log" >&2; die 4 "apt-get download of the arm64 packages failed"; }
  for deb in "$debs"/*.deb; do dpkg -x "$deb" "$root.tmp"; done
  compgen -G "$root.tmp/usr/lib/aarch64-linux-gnu/libicuuc.so.*" >/dev/null || die 4 "the arm64 root has no libicuuc"
  compgen -G "$root.tmp/usr/lib/aarch64-linux-gnu/libssl.so.*" >/dev/null || die 4 "the arm64 root has no libssl"
  (cd "$debs" && ls ./*.deb | sed 's|^\./||') >"$root.tmp/.packages"
  rm -rf "$root" "$debs"
  mv "$root.tmp" "$root"
  touch "$root/.complete"
  sed 's/^/  /' "$root/.packages"
}

# Sets qemu: the user-mode emulator, installed from Debian when missing.
prepare_emulation() {
  qemu=$(command -v qemu-aarch64-static || command -v qemu-aarch64 || true)
  if [[ -z "$qemu" ]]; then
    note "installing qemu-user-static (Debian package)"
    apt_quiet update && apt_quiet install --no-install-recommends qemu-user-static || die 4 "installing qemu-user-static failed"
    qemu=$(command -v qemu-aarch64-static || true)
    [[ -n "$qemu" ]] || die 4 "qemu-aarch64-static not found (Debian package qemu-user-static)"
  fi
}

# What setup would install, for the name of ./build.sh's step: only what is missing now is named.
status() {
  if [[ -n "$skip_reason" ]]; then echo "skipped: $skip_reason"; return 0; fi
  if ! emulated; then echo "nothing to install: the runs are native"; return 0; fi
  local missing=()
  command -v qemu-aarch64-static >/dev/null || command -v qemu-aarch64 >/dev/null || missing+=(qemu-user-static)
  [[ -f "$(arm64_root)/.complete" ]] || missing+=("the arm64 library root")
  command -v clang >/dev/null && command -v ld.lld >/dev/null || missing+=("clang and lld")
  if ((${#missing[@]} == 0)); then echo cached; return 0; fi
  local list
  list=$(printf '%s, ' "${missing[@]}")
  echo "installing: ${list%, }"
}

setup() {
  if [[ -n "$skip_reason" ]]; then
    log "CoreCLR ARM64: skipped: $skip_reason"
    return 0
  fi
  if ! emulated; then return 0; fi
  log "CoreCLR ARM64: checking what the emulated runs need"
  prepare_emulation
  install_root
  prepare_cross_compile
  note "$("$qemu" --version | head -1)"
}

runtime_version() {
  dotnet msbuild "$runner_project" -getProperty:BundledNETCoreAppPackageVersion -p:FastTextRunnerRid="$rid"
}

# True when id@version is in the global packages folder or on a configured source (http or folder).
package_available() {
  local id=$1 version=$2 lower_id lower_version
  lower_id=$(tr '[:upper:]' '[:lower:]' <<<"$id")
  lower_version=$(tr '[:upper:]' '[:lower:]' <<<"$version")
  [[ -f "${NUGET_PACKAGES:-$HOME/.nuget/packages}/$lower_id/$lower_version/.nupkg.metadata" ]] && return 0
  local state location base
  while read -r state location; do
    [[ "$state" == E* ]] || continue
    case "$location" in
      http://* | https://*)
        base=$(curl -fsSL --max-time 30 "$location" 2>/dev/null \
          | jq -r '.resources[] | select(."@type" | startswith("PackageBaseAddress")) | ."@id"' 2>/dev/null | head -1 || true)
        [[ -n "$base" ]] && [[ $(curl -s -o /dev/null -w '%{http_code}' --max-time 30 \
          "${base%/}/$lower_id/$lower_version/$lower_id.$lower_version.nupkg" || true) == 200 ]] && return 0
        ;;
      *) compgen -G "$location/$lower_id/$lower_version/*.nupkg" >/dev/null && return 0
         compgen -G "$location/$lower_id.$lower_version.nupkg" >/dev/null && return 0 ;;
    esac
  done < <(dotnet nuget list source --format short)
  return 1
}

check_feed() {
  command -v curl >/dev/null && command -v jq >/dev/null || die 2 "curl and jq are needed to check the NuGet feed"
  local version missing=0
  version=$(runtime_version)
  log "Runtime packs for $rid, version $version (the SDK $(dotnet --version) bundles runtime $version)"
  for id in "Microsoft.NETCore.App.Runtime.$rid" "Microsoft.NETCore.App.Host.$rid"; do
    if package_available "$id" "$version"; then note "found   $id $version"; else note "MISSING $id $version"; missing=1; fi
  done
  ((missing == 0)) || die 3 "a linux-arm64 runtime pack is missing from every configured NuGet source"
}

publish() {
  local build=$1 started=$SECONDS
  log "CoreCLR ARM64: publishing the $build suite runner self-contained for $rid"
  rm -rf "${output_root:?}/$build"
  dotnet publish "$runner_project" -c Release -nologo -v:quiet -clp:NoSummary \
    -p:FastTextRunnerRid="$rid" -p:FastTextTestBuild="$build" -o "$output_root/$build" >"$output_root/publish-$build.txt" 2>&1 \
    || { tail -30 "$output_root/publish-$build.txt"; return 1; }
  note "published in $((SECONDS - started)) s"
}

# Runs one published suite as one process and checks that it ran where it claims to.
#   run_suite RUN-NAME BUILD "ENV=VALUE ..." [NAME...|!NAME...]
run_suite() {
  local name=$1 build=$2 config_env=$3
  shift 3
  local report_dir="$results_dir/coreclr-arm64-$name" status=0 started=$SECONDS
  mkdir -p "$report_dir"
  local log_file="$report_dir/console.txt"
  log "CoreCLR $rid $name: $build build${config_env:+ ($config_env)}$(emulated && echo ', under qemu')"
  local launcher=()
  if emulated; then launcher=(nice -n "${FASTTEXT_ARM64_NICE:-5}" "$qemu" -L "$(arm64_root)"); fi
  # W^X double-maps JIT code pages, which qemu's user-mode translation handles badly; a heap limit keeps the GC
  # from reserving the huge address ranges it would ask for on real hardware.
  # shellcheck disable=SC2086 # config_env is a list of assignments
  env DOTNET_EnableWriteXorExecute=0 DOTNET_GCHeapHardLimit="${FASTTEXT_ARM64_HEAP_LIMIT:-0x40000000}" $config_env \
    timeout "$run_timeout" "${launcher[@]}" "$output_root/$build/FastText.Arm64Runner" "$@" >"$log_file" 2>&1 || status=$?
  local seconds=$((SECONDS - started))
  grep -E '^(process architecture|AdvSimd|  library build|  ascii paths|DOTNET_|FASTTEXT_PROPERTY_RUNS|running )' "$log_file" | sed 's/^ */  /'
  grep -E '^\s*\[(FAIL|ERROR|skip)\]' "$log_file" | sed 's/^ */  /' || true
  local closing
  closing=$(grep -E '^[0-9]+ passed, [0-9]+ failed, [0-9]+ skipped' "$log_file" | tail -1 || true)
  echo "  CoreCLR $rid $name: ${closing:-no result line (exit code $status)} in $seconds s"
  echo "$name|${closing:-none}|$seconds" >>"$output_root/summary.txt"

  local problems=()
  ((status == 0)) || problems+=("exit code $status$( ((status == 124)) && echo ' (timed out)' || true)")
  [[ -n "$closing" ]] || problems+=("no closing line")
  [[ "$closing" =~ ^[0-9]+\ passed,\ 0\ failed,\ 0\ skipped ]] || problems+=("a test failed or was skipped")
  local expected_arch=X64 expected_library=.NETCoreApp
  [[ "$rid" == linux-arm64 ]] && expected_arch=Arm64
  [[ "$build" == NetStandard ]] && expected_library=.NETStandard
  grep -q "^process architecture: $expected_arch;" "$log_file" || problems+=("process architecture is not $expected_arch")
  grep -q "library build: $expected_library," "$log_file" || problems+=("library build is not $expected_library")
  if [[ "$rid" == linux-arm64 ]]; then
    local expected_advsimd=True
    [[ "$config_env" == *DOTNET_EnableHWIntrinsic=0* ]] && expected_advsimd=False
    grep -q "^AdvSimd.IsSupported=$expected_advsimd;" "$log_file" || problems+=("AdvSimd.IsSupported is not $expected_advsimd")
  fi
  if ((${#problems[@]})); then
    echo "  PROBLEM: ${problems[*]}; full output: $log_file"
    grep -E -A12 '^\s*\[(FAIL|ERROR)\]' "$log_file" | head -60 | sed 's/^/    /'
    [[ -n "$closing" ]] || tail -30 "$log_file" | sed 's/^/    /'
    rerun_failed "$build" "$config_env" "$log_file" "${launcher[@]}"
    return 1
  fi
}

# Each failed test once more, alone, in the same build and environment: the run still fails, but the log says whether
# the failure repeats (an input or a path that is wrong) or not (something timing-, JIT- or GC-dependent), which
# decides where to look. A property's FsCheck message carries its replay seed either way.
rerun_failed() {
  local build=$1 config_env=$2 log_file=$3 name status
  shift 3
  { grep -E '^\s*\[FAIL\] ' "$log_file" || true; } | sed -E 's/^\s*\[FAIL\] //' | head -5 | while IFS= read -r name; do
    status=0
    # shellcheck disable=SC2086 # config_env is a list of assignments
    env DOTNET_EnableWriteXorExecute=0 DOTNET_GCHeapHardLimit="${FASTTEXT_ARM64_HEAP_LIMIT:-0x40000000}" $config_env \
      timeout 5m "$@" "$output_root/$build/FastText.Arm64Runner" "$name" </dev/null >"$log_file.rerun" 2>&1 || status=$?
    echo "    rerun alone: $name: $(grep -E '^[0-9]+ passed, [0-9]+ failed' "$log_file.rerun" | tail -1 || echo "no result (exit $status)")" \
      | tee -a "$log_file"
  done || true
}

test_all() {
  local started=$SECONDS
  setup
  [[ -z "$skip_reason" ]] || return 0
  mkdir -p "$output_root"
  rm -f "$output_root/summary.txt"
  local failures=() build rest=()
  mapfile -t rest < <(excluded_cpu_tests)
  rest+=("${allocation_tests[@]/#/!}" "${compiler_tests[@]/#/!}")
  for build in ${FASTTEXT_ARM64_BUILDS:-Net8 NetStandard}; do
    # Prebuilt: ./build.sh publishes first, then runs these legs beside the Mono legs, and two builds of the same
    # projects at once would collide in their obj folders.
    if [[ -n "${FASTTEXT_ARM64_PREBUILT:-}" && -x "$output_root/$build/FastText.Arm64Runner" ]]; then
      note "the $build suite runner published before: $output_root/$build"
    else
      publish "$build"
    fi
    local lower
    lower=$(tr '[:upper:]' '[:lower:]' <<<"$build")
    run_suite "$lower-advsimd-cpu" "$build" "" "${cpu_tests[@]}" "${unaccelerated_vector_cases[@]}" || failures+=("$lower-advsimd-cpu")
    run_suite "$lower-advsimd-rest" "$build" "FASTTEXT_PROPERTY_RUNS=$reduced_runs" "${rest[@]}" || failures+=("$lower-advsimd-rest")
    run_suite "$lower-advsimd-allocation" "$build" "DOTNET_TieredCompilation=0" "${allocation_tests[@]}" \
      || failures+=("$lower-advsimd-allocation")
    run_suite "$lower-no-hwintrinsic-cpu" "$build" "DOTNET_EnableHWIntrinsic=0" "${cpu_tests[@]}" "${software_vector_cases[@]}" \
      || failures+=("$lower-no-hwintrinsic-cpu")
  done
  echo
  local entry
  while IFS='|' read -r name counts seconds; do
    printf '  CoreCLR %s %-28s %s in %s s\n' "$rid" "$name:" "$counts" "$seconds"
  done <"$output_root/summary.txt"
  echo "CoreCLR ARM64 ($rid): $(wc -l <"$output_root/summary.txt") runs in $((SECONDS - started)) s"
  if ((${#failures[@]})); then
    echo "Failing CoreCLR ARM64 runs: ${failures[*]}"
    return 1
  fi
}

# The cross-compilers a NativeAOT publish for linux-arm64 needs on an x64 host (Debian's clang and lld).
prepare_cross_compile() {
  if command -v clang >/dev/null && command -v ld.lld >/dev/null; then return 0; fi
  note "installing clang and lld (Debian packages) for the linux-arm64 NativeAOT cross-compile"
  apt_quiet update && apt_quiet install --no-install-recommends clang lld || die 4 "installing clang and lld failed"
}

tsvcut_all() {
  local started=$SECONDS
  setup
  [[ -z "$skip_reason" ]] || return 0
  local bin="$PWD/artifacts/tsvcut-$rid" publish_args=(-p:Native=true -p:NativeRuntimeIdentifier="$rid")
  log "tsvcut for $rid: NativeAOT$(emulated && echo ', cross-compiled on x64')"
  if emulated; then
    prepare_cross_compile
    publish_args+=(-p:SysRoot="$(arm64_root)" -p:LinkerFlavor=lld -p:CppCompilerAndLinker=clang)
  fi
  rm -rf "$bin"
  dotnet publish samples/TsvCut/TsvCut.csproj -f net10.0 -c Release "${publish_args[@]}" -nologo -v:quiet -o "$bin" \
    >"$bin.publish.txt" 2>&1 || { tail -30 "$bin.publish.txt"; die 1 "the $rid NativeAOT publish of tsvcut failed"; }
  local machine
  machine=$(od -An -tx1 -j18 -N2 "$bin/tsvcut" | tr -d ' \n')
  case "$machine" in b700) machine=aarch64 ;; 3e00) machine=x86-64 ;; esac
  note "$bin/tsvcut: ELF for $machine, published in $((SECONDS - started)) s"
  [[ "$rid" != linux-arm64 || "$machine" == aarch64 ]] || die 1 "the linux-arm64 tsvcut is not an aarch64 ELF file ($machine)"
  local command="$bin/tsvcut" subset=()
  if emulated; then
    # The runtime reserves twice the machine's memory for its GC regions at start; qemu 7.2 pays for that range
    # page by page (about 0.5 s a start). 1 GiB is plenty for tsvcut, and starts take 0.15 s.
    command="$bin/tsvcut-qemu"
    printf '#!/bin/sh\nDOTNET_GCRegionRange=40000000 exec %q -L %q %q "$@"\n' "$qemu" "$(arm64_root)" "$bin/tsvcut" >"$command"
    chmod +x "$command"
    subset=(--emulated)
    "$command" --version | sed 's/^/  /'
  fi
  samples/TsvCut/tests/differential.sh "$command" "${subset[@]}"
  echo "tsvcut ($rid): built and compared with GNU cut in $((SECONDS - started)) s"
}

run_one() {
  local build=${1:?usage: $0 run Net8|NetStandard [ENV=VALUE...] [--] [NAME...]}
  shift
  local assignments=()
  while (($#)) && [[ "$1" == *=* && "$1" != '!'* ]]; do assignments+=("$1"); shift; done
  [[ "${1:-}" == -- ]] && shift
  setup
  [[ -z "$skip_reason" ]] || die 4 "$skip_reason"
  mkdir -p "$output_root"
  [[ -x "$output_root/$build/FastText.Arm64Runner" && -z "${FASTTEXT_ARM64_REPUBLISH:-}" ]] || publish "$build"
  run_suite "$(tr '[:upper:]' '[:lower:]' <<<"$build")-adhoc" "$build" "${assignments[*]}" "$@"
}

case "${1:-test}" in
  setup) setup ;;
  status) status ;;
  test) test_all ;;
  publish)
    setup
    [[ -z "$skip_reason" ]] || exit 0
    mkdir -p "$output_root"
    for build in ${FASTTEXT_ARM64_BUILDS:-Net8 NetStandard}; do publish "$build"; done
    ;;
  tsvcut) tsvcut_all ;;
  run) shift; run_one "$@" ;;
  --check-feed) check_feed ;;
  *) echo "usage: $0 [setup|status|publish|test|tsvcut|run Net8|NetStandard [ENV=VALUE...] [--] [NAME...]|--check-feed]" >&2; exit 2 ;;
esac
