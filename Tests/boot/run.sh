#!/usr/bin/env bash
# The boot test: builds a Debian 12 guest with mmdebstrap (runtime libraries
# only, no toolchain), installs the vitrine package into it, boots it with QEMU
# on a virtual GPU (KMS/DRM, systemd as PID 1) and drives it through QMP and a
# shell on the second serial port (boot_test.py).
#   Tests/boot/run.sh PACKAGE.deb
#   Tests/boot/run.sh --base-only    builds (or finds) the cached guest base and stops, so
#                                    that it can be made while the package is still building
# Environment: VITRINE_BOOT_CACHE (default .build/boot-cache) holds the images,
# VITRINE_BOOT_ACCEL=kvm|tcg forces the accelerator, VITRINE_BOOT_GPU=virtio|std
# the display device, VITRINE_BOOT_OUT where the logs and screens go.
set -euo pipefail
[ $# -eq 1 ] || { echo "usage: Tests/boot/run.sh PACKAGE.deb | --base-only" >&2; exit 2; }
BASE_ONLY=0
if [ "$1" = "--base-only" ]; then BASE_ONLY=1; DEB=""; else DEB="$(realpath "$1")"; fi
HERE="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"
REPO="$(cd "$HERE/../.." && pwd)"
PY=/usr/bin/python3
START=$(date +%s.%N)

say() { printf 'boot-test: [%6.1fs] %s\n' "$(awk "BEGIN { print $(date +%s.%N) - $START }")" "$*"; }
fail() { say "FAILED: $*"; exit 1; }

if [ "$(id -u)" -ne 0 ]; then
    # mmdebstrap's root mode and the chroot that installs the package need root.
    exec sudo --preserve-env=VITRINE_BOOT_CACHE,VITRINE_BOOT_ACCEL,VITRINE_BOOT_GPU,VITRINE_BOOT_OUT "$0" "$1"
fi
for tool in mmdebstrap qemu-system-x86_64 mke2fs dpkg-deb; do
    command -v "$tool" >/dev/null || fail "$tool is missing (deploy/test-packages.txt lists what the boot test needs)"
done
[ "$BASE_ONLY" -eq 1 ] || [ -f "$DEB" ] || fail "no package at $DEB (make deb builds it)"

CACHE="${VITRINE_BOOT_CACHE:-$REPO/.build/boot-cache}"
OUT="${VITRINE_BOOT_OUT:-$REPO/.build/boot-test}"
if [ "$BASE_ONLY" -eq 1 ]; then OUT="$OUT-base"; fi
mkdir -p "$CACHE"
rm -rf "$OUT"
mkdir -p "$OUT"

# 1. The base: the guest's packages and every package the package may depend on
# (deploy/runtime-packages.txt, which build-deb.sh makes its Depends from, and adduser),
# so that dpkg -i needs no network. Cached by a hash of the list and the mirrors.
mirrors="$("$PY" "$HERE/mirrors.py")"
packages="$(grep -v '^\s*#' "$HERE/guest-packages.txt" "$REPO/deploy/runtime-packages.txt" -h | awk 'NF {print $1}'; echo adduser)"
packages="$(printf '%s\n' "$packages" | sort -u | paste -sd, -)"
if [ "$BASE_ONLY" -eq 0 ]; then
    depends="$(dpkg-deb -f "$DEB" Depends | tr ',' '\n' | sed 's/|.*//; s/(.*)//; s/[[:space:]]//g' | grep -v '^$' | sort -u)"
    for package in $depends; do
        printf '%s\n' "$packages" | tr ',' '\n' | grep -qx "$package" ||
            fail "the package depends on $package, which the guest base lacks (deploy/runtime-packages.txt should name it)"
    done
fi
base_key="$(printf 'base 1\n%s\n%s\n' "$packages" "$mirrors" | sha256sum | cut -c1-16)"
base="$CACHE/base-$base_key.tar"
if [ -f "$base" ]; then
    say "guest base cached ($base)"
else
    say "building the guest base with mmdebstrap (Debian 12, $(printf '%s' "$packages" | tr ',' '\n' | wc -l) packages)"
    printf '%s\n' "$mirrors" | mmdebstrap --quiet --variant=apt --format=tar --include="$packages" \
        --dpkgopt='path-exclude=/usr/share/man/*' --dpkgopt='path-exclude=/usr/share/doc/*' \
        --dpkgopt='path-exclude=/usr/share/locale/*' \
        bookworm "$base.partial" - >"$OUT/mmdebstrap.log" 2>&1 ||
        { tail -20 "$OUT/mmdebstrap.log"; fail "mmdebstrap could not build the guest base"; }
    mv "$base.partial" "$base"
    find "$CACHE" -name 'base-*.tar' ! -name "base-$base_key.tar" -delete
    say "guest base built"
fi
if [ "$BASE_ONLY" -eq 1 ]; then exit 0; fi

# 2. The image: the base with the package installed by dpkg, as on a board, and
# the test's shell and configuration. Cached by the base, the package and the guest files.
image_key="$( (echo "$base_key"; sha256sum "$DEB" | cut -d' ' -f1; cat "$HERE"/guest/* "$0") | sha256sum | cut -c1-16)"
image="$CACHE/image-$image_key"
if [ -f "$image.ext4" ]; then
    say "guest image cached ($image.ext4)"
else
    say "installing $(basename "$DEB") into a copy of the base"
    root="$(mktemp -d "$CACHE/root.XXXXXX")"
    trap 'rm -rf "$root"' EXIT
    tar -C "$root" -xf "$base"
    cp "$DEB" "$root/tmp/vitrine.deb"
    # A gpio group, as Raspberry Pi OS has for /dev/gpiochip*: the package puts its user in it.
    chroot "$root" groupadd --system gpio
    # What a fleet does: dpkg installs it (the Depends are already there, nothing is fetched).
    chroot "$root" dpkg -i /tmp/vitrine.deb >"$OUT/dpkg.log" 2>&1 || { cat "$OUT/dpkg.log"; fail "dpkg -i of the package failed in the guest"; }
    chroot "$root" systemctl is-enabled vitrine.service >/dev/null || fail "the package did not enable vitrine.service"
    chroot "$root" getent passwd vitrine >/dev/null || fail "the package did not create the vitrine user"
    # Kept for the upgrade check (dpkg -i over itself).
    mv "$root/tmp/vitrine.deb" "$root/root/vitrine.deb"
    install -m 644 "$HERE/guest/boot-test-shell.service" "$root/etc/systemd/system/"
    ln -sf /etc/systemd/system/boot-test-shell.service "$root/etc/systemd/system/sysinit.target.wants/boot-test-shell.service"
    install -D -m 644 "$HERE/guest/journald-console.conf" "$root/etc/systemd/journald.conf.d/console.conf"
    install -m 644 "$HERE/guest/config.json" "$root/etc/vitrine/config.json"
    install -D -m 755 "$HERE/guest/uinput-key.py" "$root/usr/local/lib/boot-test/uinput-key.py"
    install -m 644 "$HERE/guest/hostname" "$root/etc/hostname"
    install -m 644 "$HERE/guest/fstab" "$root/etc/fstab"
    install -d -m 750 "$root/var/lib/vitrine/photos"
    for photo in astronaut.png chelsea.png coffee.png rocket.jpg storm.jpg; do
        install -m 644 "$root/usr/share/vitrine/demo/$photo" "$root/var/lib/vitrine/photos/$photo"
    done
    chroot "$root" chown -R vitrine:vitrine /var/lib/vitrine
    chroot "$root" passwd -d root >/dev/null
    cp "$(ls "$root"/boot/vmlinuz-* | tail -n 1)" "$image.vmlinuz.partial"
    cp "$(ls "$root"/boot/initrd.img-* | tail -n 1)" "$image.initrd.partial"
    mke2fs -q -t ext4 -d "$root" -L vitrine-guest "$image.ext4.partial" 2G >/dev/null || fail "mke2fs could not make the guest image"
    rm -rf "$root"
    trap - EXIT
    mv "$image.vmlinuz.partial" "$image.vmlinuz"
    mv "$image.initrd.partial" "$image.initrd"
    mv "$image.ext4.partial" "$image.ext4"
    find "$CACHE" -maxdepth 1 -name 'image-*' ! -name "image-$image_key.*" -delete
    say "guest image ready"
fi

# 3. The accelerator: KVM when it works, TCG otherwise (a nested KVM may run
# nothing at all). The driver watches for progress and says which was used.
ACCEL="${VITRINE_BOOT_ACCEL:-}"
if [ -z "$ACCEL" ]; then
    if [ -r /dev/kvm ] && [ -w /dev/kvm ]; then ACCEL=kvm-probe; else ACCEL=tcg; fi
fi
GPU="${VITRINE_BOOT_GPU:-virtio}"

# 4. Boot and drive it.
say "booting the guest (accelerator: $ACCEL, display: $GPU)"
set +e
"$PY" "$HERE/boot_test.py" --image "$image.ext4" --kernel "$image.vmlinuz" --initrd "$image.initrd" \
    --accel "$ACCEL" --gpu "$GPU" --out "$OUT"
status=$?
set -e
say "logs and screens in $OUT"
[ "$status" -eq 0 ] || fail "the boot test found problems (above)"
say "passed"
