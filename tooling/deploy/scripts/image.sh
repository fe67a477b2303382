#!/bin/sh
# `npm run image`: builds the service's image from the Containerfile at the root, tagged
# localhost/petstore:<version> (the gateway's version) and localhost/petstore:latest, with podman,
# or docker or buildah when podman is missing (CONTAINER_ENGINE picks one). PETSTORE_BASE_IMAGE
# names another Debian trixie base; further arguments go to the build command. Afterwards it
# removes the images the build left without a name (the 1 GB build stage, the previous image),
# which the Containerfile labels io.petstore.stage: they are only a cache of the next build.
set -eu
root="$(cd "$(dirname "$0")/../../.." && pwd)"
version="$(node -p "require(process.argv[1]).version" "$root/apps/gateway/package.json")"
engine="${CONTAINER_ENGINE:-}"
if [ -z "$engine" ]; then
  for candidate in podman docker buildah; do
    if command -v "$candidate" >/dev/null 2>&1; then engine="$candidate"; break; fi
  done
fi
if [ -z "$engine" ]; then
  echo "npm run image needs podman, docker or buildah" >&2
  exit 1
fi
build=build
if [ "$engine" = buildah ]; then build=bud; fi
if [ -n "${PETSTORE_BASE_IMAGE:-}" ]; then set -- --build-arg "BASE=$PETSTORE_BASE_IMAGE" "$@"; fi
echo "building localhost/petstore:$version with $engine" >&2
"$engine" "$build" -f "$root/Containerfile" -t "localhost/petstore:$version" -t localhost/petstore:latest "$@" "$root"
# podman and docker prune dangling images by label (podman repeats until the stage's layers are gone);
# buildah has no such filter, so its builds keep their stage for the next one.
if [ "$engine" != buildah ]; then
  "$engine" image prune --force --filter label=io.petstore.stage >/dev/null
fi
