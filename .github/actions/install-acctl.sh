#!/usr/bin/env bash
# The steps of action.yml (the acctl/acctl action), kept in a file so that test/ship/action.test.ts
# runs them outside GitHub. It reads what the runner gives a step: INPUT_VERSION, INPUT_TARBALL,
# INPUT_SHA256, RUNNER_TOOL_CACHE, RUNNER_TEMP, RUNNER_OS, RUNNER_ARCH, GITHUB_ACTION_PATH (or
# ACCTL_ACTION_PATH), and writes GITHUB_OUTPUT and GITHUB_PATH.
#
#   install-acctl.sh resolve   the version and the install folder (for the actions/cache step)
#   install-acctl.sh install   fetch the tarball, check its SHA-256, npm install it, put acctl on PATH
#
# The tarball is the release asset acctl-cli-<version>.tgz of github.com/acctl/acctl, or INPUT_TARBALL
# (a local path or an https:// URL); its SHA-256 must be INPUT_SHA256 or the line for its file name
# in the SHA256SUMS beside it (`sha256sum` format). Nothing is installed when it differs.
set -euo pipefail

readonly release_base='https://github.com/acctl/acctl/releases/download'

fail() {
  echo "::error title=acctl setup::$*" >&2
  exit 1
}

mode="${1:-install}"
case "$mode" in resolve | install) ;; *) fail "unknown mode '$mode' (resolve or install)" ;; esac

# Node.js first: acctl runs on it (package.json engines: >=20.19), and this script uses it for
# what bash lacks portably (JSON, SHA-256) across Linux, macOS and Windows runners.
command -v node >/dev/null 2>&1 || fail 'Node.js is not on PATH: acctl needs Node.js 20.19 or later (run actions/setup-node before this action)'
node_version="$(node -p 'process.versions.node')"
[[ "$node_version" =~ ^([0-9]+)\.([0-9]+)\. ]] || fail "cannot read the Node.js version ('$node_version')"
if ((BASH_REMATCH[1] < 20 || (BASH_REMATCH[1] == 20 && BASH_REMATCH[2] < 19))); then
  fail "Node.js $node_version is too old: acctl needs Node.js 20.19 or later (actions/setup-node with node-version: 20 or later)"
fi

# The version: the input, else the action's own (the package.json beside action.yml), so that
# `uses: acctl/acctl@v0.1.0` installs acctl 0.1.0.
action_path="${ACCTL_ACTION_PATH:-${GITHUB_ACTION_PATH:-$(cd "$(dirname "${BASH_SOURCE[0]}")/../.." && pwd)}}"
version="${INPUT_VERSION:-}"
if [ -z "$version" ]; then
  [ -f "$action_path/package.json" ] || fail "no version input and no package.json beside action.yml ($action_path)"
  version="$(node -p 'JSON.parse(require("fs").readFileSync(process.argv[1], "utf8")).version' "$action_path/package.json")"
fi
version="${version#v}"
# It becomes part of a URL and of a folder: a semantic version and nothing else.
[[ ${#version} -le 64 && "$version" =~ ^[0-9]+\.[0-9]+\.[0-9]+(-[0-9A-Za-z.-]+)?$ ]] || fail "version '$version' is not a version number like 0.1.0"

arch="$(printf '%s' "${RUNNER_ARCH:-$(node -p process.arch)}" | tr '[:upper:]' '[:lower:]')"
[[ "$arch" =~ ^[a-z0-9_]+$ ]] || fail "unexpected RUNNER_ARCH '$arch'"
tool_cache="${RUNNER_TOOL_CACHE:?RUNNER_TOOL_CACHE is not set (the runner sets it)}"
# The tool cache's layout (<tool>/<version>/<arch>), as actions/setup-node uses it.
prefix="$tool_cache/acctl/$version/$arch"
# npm's global bin folder is the prefix itself on Windows, <prefix>/bin elsewhere.
if [ "${RUNNER_OS:-}" = Windows ]; then bin_dir="$prefix"; else bin_dir="$prefix/bin"; fi

: "${GITHUB_OUTPUT:?GITHUB_OUTPUT is not set (the runner sets it)}"
if [ "$mode" = resolve ]; then
  {
    echo "version=$version"
    echo "prefix=$prefix"
  } >>"$GITHUB_OUTPUT"
  exit 0
fi
: "${GITHUB_PATH:?GITHUB_PATH is not set (the runner sets it)}"

work="$(mktemp -d "${RUNNER_TEMP:-${TMPDIR:-/tmp}}/acctl-setup.XXXXXX")"
trap 'rm -rf "$work"' EXIT

# fetch SOURCE FILE: an https:// URL (redirects only to https, as GitHub's release downloads are)
# or a local path; plain http and other schemes are refused, a checksum read over them proves nothing.
fetch() {
  case "$1" in
    https://*)
      curl --fail --silent --show-error --location --retry 3 --proto '=https' --proto-redir '=https' --output "$2" "$1" || fail "could not download $1"
      ;;
    *://*) fail "only https:// URLs or local paths are accepted, not $1" ;;
    *)
      [ -f "$1" ] || fail "no such file: $1"
      cp "$1" "$2"
      ;;
  esac
}

source="${INPUT_TARBALL:-$release_base/v$version/acctl-cli-$version.tgz}"
name="${source##*/}"
[[ "$name" =~ ^[A-Za-z0-9._@+-]+\.tgz$ ]] || fail "the tarball's file name must end in .tgz: $source"

expected="${INPUT_SHA256:-}"
if [ -z "$expected" ]; then
  sums="${source%/*}/SHA256SUMS"
  [ "$sums" != "$source/SHA256SUMS" ] || sums='SHA256SUMS' # a bare file name: SHA256SUMS in the same folder
  fetch "$sums" "$work/SHA256SUMS"
  # `sha256sum` lines: the hash, a space, then the name (after a '*' in binary mode).
  expected="$(awk -v name="$name" '$2 == name || $2 == "*" name { print $1; exit }' "$work/SHA256SUMS")"
  [ -n "$expected" ] || fail "$sums has no line for $name"
fi
expected="$(printf '%s' "$expected" | tr '[:upper:]' '[:lower:]')"
[[ "$expected" =~ ^[0-9a-f]{64}$ ]] || fail "the expected SHA-256 of $name is not 64 hexadecimal digits"

# What was installed from which tarball: a cache restore, or an earlier run on a self-hosted
# runner, is used only when it came from exactly these bytes.
marker="$prefix/.acctl-tarball-sha256"
if [ -f "$bin_dir/acctl" ] && [ "$(cat "$marker" 2>/dev/null)" = "$expected" ]; then
  echo "acctl $version: already installed in $prefix from $name (sha256 $expected)"
else
  fetch "$source" "$work/$name"
  actual="$(node -e 'process.stdout.write(require("crypto").createHash("sha256").update(require("fs").readFileSync(process.argv[1])).digest("hex"))' "$work/$name")"
  [ "$actual" = "$expected" ] || fail "SHA-256 of $name is $actual, not $expected: not installing it"
  echo "acctl $version: $name has the expected SHA-256 ($expected); installing into $prefix"
  rm -rf "$prefix"
  mkdir -p "$prefix"
  npm install --global --prefix "$prefix" --no-audit --no-fund --no-update-notifier "$work/$name" || fail "npm install of $name failed"
  printf '%s\n' "$expected" >"$marker"
fi

# The installed acctl must run and be the version asked for (oclif prints "<name>/<version> <platform> node-v<x>").
reported="$("$bin_dir/acctl" --version 2>&1)" || fail "the installed acctl does not run: $reported"
[[ "$reported" == *"/$version "* ]] || fail "the installed acctl reports '$reported', not version $version"
echo "$reported"

echo "$bin_dir" >>"$GITHUB_PATH"
{
  echo "version=$version"
  echo "path=$bin_dir"
} >>"$GITHUB_OUTPUT"
