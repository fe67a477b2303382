#!/bin/sh
# Prints the path of Debian's Chromium for the docs-page browser test, installing it first when it
# is missing and this user can (root with apt-get, as in CI). Exits 1 when it cannot be had.
set -eu
if command -v chromium >/dev/null 2>&1; then
  command -v chromium
  exit 0
fi
if [ "$(id -u)" != 0 ] || ! command -v apt-get >/dev/null 2>&1; then
  echo "chromium is missing and cannot be installed here: that needs root and apt-get" >&2
  exit 1
fi
export DEBIAN_FRONTEND=noninteractive
echo "installing chromium with apt-get (first run only)…" >&2
# Try without refreshing the package lists first; a fresh machine has none, so update and retry.
# Another apt-get on this machine (the container tests' packages, say) may hold dpkg's lock: wait for it.
apt_get() { apt-get -o DPkg::Lock::Timeout=600 "$@"; }
apt_get install -y -q chromium >&2 || { apt_get update -q >&2 && apt_get install -y -q chromium >&2; }
command -v chromium
