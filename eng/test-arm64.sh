#!/usr/bin/env bash
# Runs the property suites as a linux-arm64 .NET process under qemu user-mode emulation, so the AdvSimd code paths
# execute on an x64 machine. Each library build (net8.0, netstandard2.0) runs twice: as is, and with
# DOTNET_EnableHWIntrinsic=0 (the scalar paths on ARM64).
#
#   eng/test-arm64.sh                 publish tests/Arm64Runner self-contained for linux-arm64 and run it under qemu
#   eng/test-arm64.sh --check-feed    only say whether the linux-arm64 runtime packs can be restored, then stop
#   FASTTEXT_RUNNER_RID=linux-x64 eng/test-arm64.sh
#                                     the same runner, natively and without qemu: checks the script and the runner
#                                     on a machine whose feed lacks the arm64 packs
#
# A self-contained linux-arm64 build needs two packages that come only from NuGet: Microsoft.NETCore.App.Runtime
# and Microsoft.NETCore.App.Host for linux-arm64, at the runtime version the SDK bundles. When a configured source
# lacks them the script stops before building, names them, and exits 3 (docs/arm64.md has the background).
set -euo pipefail
cd "$(dirname "$0")/.."
export DOTNET_CLI_TELEMETRY_OPTOUT=1 DOTNET_NOLOGO=1 DOTNET_SKIP_FIRST_TIME_EXPERIENCE=1

rid="${FASTTEXT_RUNNER_RID:-linux-arm64}"
runner_project=tests/Arm64Runner/FastText.Arm64Runner.csproj
output_root="$PWD/artifacts/arm64"
# Emulated JIT-compiled test runs are slow, not stuck; past this a run is treated as hung.
run_timeout="${FASTTEXT_ARM64_TIMEOUT:-45m}"

log() { printf '\n==> %s\n' "$*"; }
die() { local code=$1; shift; printf 'error: %s\n' "$*" >&2; exit "$code"; }

runtime_version() {
  dotnet msbuild "$runner_project" -getProperty:BundledNETCoreAppPackageVersion -p:FastTextRunnerRid="$rid"
}

# Prints the PackageBaseAddress of every enabled http(s) source, or the folder of a local one.
package_sources() {
  dotnet nuget list source --format short | while read -r state location; do
    [[ "$state" == E* ]] || continue
    case "$location" in
      http://*|https://*)
        curl -fsSL --max-time 30 "$location" 2>/dev/null \
          | jq -r '.resources[] | select(."@type" | startswith("PackageBaseAddress")) | ."@id"' 2>/dev/null \
          | head -1 || true
        ;;
      *) echo "$location" ;;
    esac
  done
}

# True when id@version is already in the global packages folder or is served by a configured source.
package_available() {
  local id=$1 version=$2 lower_id lower_version source
  lower_id=$(tr '[:upper:]' '[:lower:]' <<<"$id")
  lower_version=$(tr '[:upper:]' '[:lower:]' <<<"$version")
  local cache="${NUGET_PACKAGES:-$HOME/.nuget/packages}"
  [[ -f "$cache/$lower_id/$lower_version/.nupkg.metadata" ]] && return 0
  while read -r source; do
    [[ -n "$source" ]] || continue
    case "$source" in
      http://*|https://*)
        local status
        status=$(curl -s -o /dev/null -w '%{http_code}' --max-time 30 \
          "${source%/}/$lower_id/$lower_version/$lower_id.$lower_version.nupkg" || true)
        [[ "$status" == 200 ]] && return 0
        ;;
      *)
        compgen -G "$source/$lower_id/$lower_version/*.nupkg" >/dev/null && return 0
        compgen -G "$source/$id.$version.nupkg" >/dev/null && return 0
        compgen -G "$source/$lower_id.$lower_version.nupkg" >/dev/null && return 0
        ;;
    esac
  done < <(package_sources)
  return 1
}

check_feed() {
  local version missing=()
  version=$(runtime_version)
  [[ -n "$version" ]] || die 2 "could not read the SDK's bundled runtime version"
  log "Runtime packs for $rid, version $version (the SDK $(dotnet --version) bundles runtime $version)"
  for id in "Microsoft.NETCore.App.Runtime.$rid" "Microsoft.NETCore.App.Host.$rid"; do
    if package_available "$id" "$version"; then
      echo "  found   $id $version"
    else
      echo "  MISSING $id $version"
      missing+=("$id $version")
    fi
  done
  if ((${#missing[@]})); then
    local joined
    joined=$(printf '%s, ' "${missing[@]}")
    printf '\n' >&2
    die 3 "the NuGet package(s) ${joined%, } are not on any configured NuGet source (dotnet nuget list source). \
A self-contained $rid build of the tests needs them, so the ARM64 code paths cannot be run under emulation on this \
machine. Add a source that has them (or put them in ~/.nuget/packages) and run this script again. See docs/arm64.md."
  fi
}

# Finds qemu's aarch64 user-mode emulator and the arm64 C/C++ runtime that .NET's native parts link against,
# installing Debian's packages when missing and allowed. Sets qemu and qemu_prefix.
prepare_emulation() {
  qemu=$(command -v qemu-aarch64-static || command -v qemu-aarch64 || true)
  if [[ -z "$qemu" ]]; then
    install_debian_packages qemu-user-static
    qemu=$(command -v qemu-aarch64-static || command -v qemu-aarch64 || true)
    [[ -n "$qemu" ]] || die 4 "qemu-aarch64-static not found (Debian package qemu-user-static)"
  fi
  # Multiarch arm64 libraries (dpkg --add-architecture arm64) live at the usual paths; otherwise use Debian's
  # cross packages, which install under /usr/aarch64-linux-gnu and need no foreign architecture.
  if [[ -e /lib/ld-linux-aarch64.so.1 && -e /usr/lib/aarch64-linux-gnu/libstdc++.so.6 ]]; then
    qemu_prefix=/
  else
    qemu_prefix=/usr/aarch64-linux-gnu
    if [[ ! -e "$qemu_prefix/lib/libstdc++.so.6" ]]; then
      install_debian_packages libc6-arm64-cross libstdc++6-arm64-cross libgcc-s1-arm64-cross
    fi
  fi
  echo "  $("$qemu" --version | head -1)"
  echo "  arm64 libraries under $qemu_prefix"
}

install_debian_packages() {
  if [[ $(id -u) -ne 0 ]] || ! command -v apt-get >/dev/null; then
    die 4 "missing: $* (Debian packages). Install them, then run this script again."
  fi
  log "Installing Debian packages: $*"
  if ! DEBIAN_FRONTEND=noninteractive apt-get install -y -q "$@" >/dev/null 2>&1; then
    apt-get update -q >/dev/null
    DEBIAN_FRONTEND=noninteractive apt-get install -y -q "$@" >/dev/null
  fi
}

publish() {
  local build=$1
  log "Publishing the $build suite runner self-contained for $rid"
  rm -rf "${output_root:?}/$build"
  dotnet publish "$runner_project" -c Release -nologo -v:quiet -clp:NoSummary \
    -p:FastTextRunnerRid="$rid" -p:FastTextTestBuild="$build" -o "$output_root/$build"
}

# Runs one published suite in one configuration and checks that it ran where it claims to.
run_suite() {
  local build=$1 config_name=$2 config_env=$3
  local log_file="$output_root/$build-$config_name.txt" status=0
  log "Tests: $build build, $config_name${config_env:+ ($config_env)} on $rid"
  local launcher=()
  if [[ "$rid" == linux-arm64 ]]; then
    launcher=("$qemu" -L "$qemu_prefix")
    # The cross packages keep their libraries outside the arm64 loader's default search path.
    [[ "$qemu_prefix" == / ]] || launcher+=(-E "LD_LIBRARY_PATH=$qemu_prefix/lib")
  fi
  # W^X double-maps JIT code pages, which qemu's user-mode translation handles badly; a heap limit keeps the GC
  # from reserving the huge address ranges it would ask for on real hardware. Without an arm64 libicu .NET cannot
  # start unless in invariant mode, and the suite's culture tests (de-DE, ar-SA) then fail.
  local globalization=()
  if [[ "$rid" == linux-arm64 ]] && ! compgen -G "$qemu_prefix/usr/lib/aarch64-linux-gnu/libicuuc.so.*" >/dev/null \
      && ! compgen -G "$qemu_prefix/lib/libicuuc.so.*" >/dev/null; then
    echo "  no arm64 libicu under $qemu_prefix: invariant globalization, so the culture tests will fail"
    globalization=(DOTNET_SYSTEM_GLOBALIZATION_INVARIANT=1)
  fi
  env DOTNET_EnableWriteXorExecute=0 DOTNET_GCHeapHardLimit="${FASTTEXT_ARM64_HEAP_LIMIT:-0x40000000}" \
    "${globalization[@]}" $config_env \
    timeout "$run_timeout" "${launcher[@]}" "$output_root/$build/FastText.Arm64Runner" >"$log_file" 2>&1 || status=$?
  grep -E '^(suite|process architecture|AdvSimd|  library build|  instruction sets|DOTNET_)' "$log_file" | sed 's/^ */  /'
  grep -E '^\s*\[(FAIL|ERROR|skip)\]' "$log_file" | sed 's/^ */  /' || true
  local closing
  closing=$(grep -E '^[0-9]+ passed, [0-9]+ failed' "$log_file" | tail -1 || true)
  echo "  ${closing:-no result line (exit code $status)}"

  local problems=()
  ((status == 0)) || problems+=("exit code $status$( ((status == 124)) && echo ' (timed out)')")
  [[ -n "$closing" ]] || problems+=("no closing line")
  local expected_arch=X64 expected_library=.NETCoreApp
  [[ "$rid" == linux-arm64 ]] && expected_arch=Arm64
  [[ "$build" == NetStandard ]] && expected_library=.NETStandard
  grep -q "^process architecture: $expected_arch;" "$log_file" || problems+=("process architecture is not $expected_arch")
  grep -q "library build: $expected_library," "$log_file" || problems+=("library build is not $expected_library")
  if [[ "$rid" == linux-arm64 ]]; then
    local expected_advsimd=True
    [[ -n "$config_env" ]] && expected_advsimd=False
    grep -q "^AdvSimd.IsSupported=$expected_advsimd;" "$log_file" || problems+=("AdvSimd.IsSupported is not $expected_advsimd")
  fi
  if ((${#problems[@]})); then
    echo "  PROBLEM: ${problems[*]}; full output: $log_file"
    tail -40 "$log_file" | sed 's/^/    /'
    return 1
  fi
}

main() {
  command -v curl >/dev/null && command -v jq >/dev/null || die 2 "curl and jq are needed to check the NuGet feed"
  check_feed
  [[ "${1:-}" == --check-feed ]] && exit 0

  qemu='' qemu_prefix=''
  if [[ "$rid" == linux-arm64 ]]; then
    log "Preparing qemu user-mode emulation"
    prepare_emulation
  fi

  mkdir -p "$output_root"
  local builds=(Net8 NetStandard) failures=() passed=0 failed=0
  for build in "${builds[@]}"; do
    publish "$build"
    for configuration in "default|" "no-hwintrinsic|DOTNET_EnableHWIntrinsic=0"; do
      local name="${configuration%%|*}" env_assignments="${configuration#*|}"
      run_suite "$build" "$name" "$env_assignments" || failures+=("$build-$name")
      local counts
      counts=$(grep -E '^[0-9]+ passed, [0-9]+ failed' "$output_root/$build-$name.txt" | tail -1 || true)
      passed=$((passed + $(sed -nE 's/^([0-9]+) passed.*/\1/p' <<<"$counts" | grep . || echo 0)))
      failed=$((failed + $(sed -nE 's/^[0-9]+ passed, ([0-9]+) failed.*/\1/p' <<<"$counts" | grep . || echo 0)))
    done
  done

  echo
  if ((${#failures[@]})); then echo "Failing runs: ${failures[*]}"; fi
  echo "${rid}: $passed passed, $failed failed"
  ((${#failures[@]} == 0 && failed == 0))
}

main "$@"
