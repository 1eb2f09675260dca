#!/usr/bin/env bash
# What the test suite needs from the system besides Node.js, installed when missing (npm test runs
# this first, as `pretest`, and .ci/run through it): Debian's chromium for the browser tests
# (playwright-core downloads no browser), and gh, jq and openssl for the example workflow's
# comment step (test/gitops/plan-comment.test.ts) and the TLS doubles. As root it installs them
# with apt-get; otherwise it stops at once with the one line to run.
set -euo pipefail

chromium="${ACCTL_TEST_CHROMIUM:-/usr/bin/chromium}"
packages=()
[ -x "$chromium" ] || packages+=(chromium)
for tool in gh jq openssl; do command -v "$tool" >/dev/null || packages+=("$tool"); done
[ "${#packages[@]}" -eq 0 ] && exit 0

if [ "$(id -u)" -ne 0 ]; then
  echo "The tests need ${packages[*]} from the system. Install them, then run npm test again:" >&2
  echo "  sudo apt-get install -y ${packages[*]}" >&2
  [ -x "$chromium" ] || echo "(or set ACCTL_TEST_CHROMIUM to a Chromium you have)" >&2
  exit 1
fi
command -v apt-get >/dev/null || { echo "The tests need ${packages[*]}, and this system has no apt-get: install them, then run npm test again" >&2; exit 1; }
echo "Installing what the tests need from Debian: ${packages[*]}"
export DEBIAN_FRONTEND=noninteractive
apt-get update -qq
apt-get install -y -qq "${packages[@]}" >/dev/null
"$chromium" --version >/dev/null 2>&1 || { echo "$chromium does not start" >&2; exit 1; }
