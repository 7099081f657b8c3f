#!/usr/bin/env bash
# Builds a local Node base image from Debian packages alone (deb.debian.org), for machines that
# reach no container registry: `debootstrap --variant=minbase` a root filesystem with Debian's
# nodejs and npm, then `podman import` it. The Dockerfile then builds on it with
#   --build-arg NODE_IMAGE=localhost/wallet-node-base:trixie   (scripts/image-smoke.sh does).
# Idempotent: an existing image is kept (pass --force to rebuild it). Needs root, debootstrap and podman.
#
# Why trixie (Debian 13): the dashboard needs Node >= 20.9 (Next 16); bookworm (Debian 12) ships
# Node 18.20, trixie ships Node 20.19 (CI runs Node 20: the official image is node:20-bookworm-slim).
#
#   bash deploy/build-local-base.sh [--force]
#   BASE_IMAGE=... DEBIAN_SUITE=... DEBIAN_MIRROR=... override the defaults below.
set -euo pipefail

image="${BASE_IMAGE:-localhost/wallet-node-base:trixie}"
suite="${DEBIAN_SUITE:-trixie}"
mirror="${DEBIAN_MIRROR:-http://deb.debian.org/debian}"
force=false
[ "${1:-}" = "--force" ] && force=true

if ! $force && podman image exists "$image"; then
  echo "build-local-base: $image exists ($(podman image inspect --format '{{index .Labels "org.opencontainers.image.description"}}' "$image")); --force rebuilds it"
  exit 0
fi

rootfs="$(mktemp -d /var/tmp/wallet-node-base.XXXXXX)"
# debootstrap mounts /proc (and more) inside the tree: unmount before removing, never cross into them.
cleanup() {
  { findmnt -rno TARGET | grep "^$rootfs/" || true; } | sort -r | xargs -r -n1 umount -l
  rm -rf --one-file-system "$rootfs" "$rootfs.log"
}
trap cleanup EXIT

echo "build-local-base: debootstrap $suite (minbase + ca-certificates, nodejs) into $rootfs"
# The downloaded packages are kept (DEBIAN_CACHE_DIR) so a rebuild does not fetch them again.
cache_dir="${DEBIAN_CACHE_DIR:-/var/cache/wallet-node-base/$suite}"
mkdir -p "$cache_dir"
if ! debootstrap --variant=minbase --cache-dir="$cache_dir" --include=ca-certificates,nodejs \
  "$suite" "$rootfs" "$mirror" >"$rootfs.log" 2>&1; then
  tail -20 "$rootfs.log" "$rootfs/debootstrap/debootstrap.log" >&2 || true
  echo "build-local-base: debootstrap failed (log above)" >&2
  exit 1
fi
rm -f "$rootfs.log"
# npm through apt inside the tree, not debootstrap's --include: debootstrap's own resolver ignores
# virtual packages (Provides) and leaves npm unconfigured (node-cssesc, node-color-support missing).
# npm pulls node-gyp, python3 and headers (about 300 packages): the build stage needs npm; the
# runtime stage uses the same base, as with the official image (which holds npm too).
cp /etc/resolv.conf "$rootfs/etc/resolv.conf"
chroot "$rootfs" apt-get update -qq
DEBIAN_FRONTEND=noninteractive chroot "$rootfs" apt-get install -y -qq --no-install-recommends npm >/dev/null
rm -f "$rootfs/etc/resolv.conf"

# Smaller and reproducible-ish: no package lists or caches, no documentation.
chroot "$rootfs" apt-get clean
rm -rf "$rootfs"/var/lib/apt/lists/* "$rootfs"/var/cache/debconf/*-old "$rootfs"/usr/share/doc/* \
  "$rootfs"/usr/share/man/* "$rootfs"/var/log/*.log "$rootfs"/var/log/apt/*
node_version="$(chroot "$rootfs" node --version)"
npm_version="$(chroot "$rootfs" npm --version)"
echo "build-local-base: node $node_version, npm $npm_version"

# The same defaults as the official node image: a shell as the command, node and npm on PATH.
{ findmnt -rno TARGET | grep "^$rootfs/" || true; } | sort -r | xargs -r -n1 umount -l
tar --numeric-owner --xattrs --one-file-system -C "$rootfs" -c . | podman import \
  --change 'ENV PATH=/usr/local/sbin:/usr/local/bin:/usr/sbin:/usr/bin:/sbin:/bin' \
  --change "LABEL org.opencontainers.image.description=Debian $suite minbase with Debian's nodejs $node_version and npm $npm_version" \
  --change 'CMD ["node"]' \
  - "$image" >/dev/null
echo "build-local-base: imported $image"
