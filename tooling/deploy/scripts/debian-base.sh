#!/bin/sh
# Makes a Debian trixie root file system like the debian:trixie-slim image, as a tarball for
# `podman import`: no image registry is reachable where the tests run, Debian's packages are.
#   sh debian-base.sh OUTPUT.tar
set -eu
out="$1"
work="$(mktemp -d "${out}.work-XXXXXX")"
trap 'rm -rf "$work"' EXIT
root="$work/rootfs"
debootstrap --variant=minbase trixie "$root" http://deb.debian.org/debian >"$work/debootstrap.log" 2>&1 \
  || { tail -20 "$work/debootstrap.log" >&2; exit 1; }

# As the slim image does: packages installed later bring no documentation, manuals or translations.
cat >"$root/etc/dpkg/dpkg.cfg.d/slim" <<'CFG'
path-exclude /usr/share/doc/*
path-include /usr/share/doc/*/copyright
path-exclude /usr/share/man/*
path-exclude /usr/share/info/*
path-exclude /usr/share/locale/*
path-include /usr/share/locale/locale.alias
path-exclude /usr/share/lintian/*
CFG
find "$root/usr/share/doc" -mindepth 1 -not -name copyright -not -type d -delete
find "$root/usr/share/man" "$root/usr/share/info" -mindepth 1 -delete
find "$root/usr/share/locale" -mindepth 1 -maxdepth 1 -not -name locale.alias -exec rm -rf {} +
rm -rf "$root"/var/cache/apt/archives/*.deb "$root"/var/cache/apt/*.bin "$root"/var/lib/apt/lists/* "$root"/var/log/*

# The same sources as the official image: the release, its updates and its security updates.
rm -f "$root/etc/apt/sources.list"
cat >"$root/etc/apt/sources.list.d/debian.sources" <<'SOURCES'
Types: deb
URIs: http://deb.debian.org/debian
Suites: trixie trixie-updates
Components: main
Signed-By: /usr/share/keyrings/debian-archive-keyring.gpg

Types: deb
URIs: http://deb.debian.org/debian-security
Suites: trixie-security
Components: main
Signed-By: /usr/share/keyrings/debian-archive-keyring.gpg
SOURCES

# Certificate authorities this machine added (a TLS-inspecting proxy's, say) are trusted by the
# builds too, once an image installs ca-certificates: the image build fetches from the npm registry.
if ls /usr/local/share/ca-certificates/*.crt >/dev/null 2>&1; then
  mkdir -p "$root/usr/local/share/ca-certificates"
  cp /usr/local/share/ca-certificates/*.crt "$root/usr/local/share/ca-certificates/"
fi

tar -C "$root" -cf "$out.tmp" .
mv "$out.tmp" "$out"
