#!/usr/bin/env bash
# Builds the Debian package of Vitrine from a release binary that carries its
# Swift runtime (swift build -c release --static-swift-stdlib), and the decode
# worker's program, vitrine-decoder, built the same way beside it:
#   deploy/build-deb.sh BINARY OUTPUT_FOLDER
# The package depends on runtime libraries only: those the binary links (found
# with dpkg-shlibdeps), and what deploy/runtime-packages.txt adds (what SDL
# opens at run time, the font). It refuses a binary that still needs the
# toolchain, and one linking a library whose package that list does not name.
set -euo pipefail
[ $# -eq 2 ] || { echo "usage: deploy/build-deb.sh BINARY OUTPUT_FOLDER" >&2; exit 2; }
BINARY="$1"
OUT="$2"
REPO="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
fail() { echo "build-deb.sh: $*" >&2; exit 1; }

[ -x "$BINARY" ] || fail "$BINARY is not an executable file"
DECODER="$(dirname "$BINARY")/vitrine-decoder"
[ -x "$DECODER" ] || fail "$DECODER is not an executable file: build it with swift build -c release --static-swift-stdlib --product vitrine-decoder"
VERSION="$("$BINARY" --version | awk '{print $2}')"
[ -n "$VERSION" ] || fail "$BINARY --version printed no version"
ARCH="$(dpkg --print-architecture)"

# 1. No trace of the toolchain: no RUNPATH into it, no Swift library left to load.
for program in "$BINARY" "$DECODER"; do
    runpath="$(readelf -d "$program" | sed -n 's/.*(\(RUNPATH\|RPATH\)).*\[\(.*\)\]/\2/p')"
    case "$runpath" in
    *swift* | *toolchain* | /opt/* | /usr/share/swift* | /root/* | /home/*)
        fail "$program has a RUNPATH into the toolchain ($runpath): build it with --static-swift-stdlib" ;;
    esac
    if ldd "$program" | grep -E 'not found|swift|Foundation|dispatch|BlocksRuntime' >&2; then
        fail "$program still loads the Swift runtime or a missing library (above): build it with --static-swift-stdlib"
    fi
done
# The decode worker maps only the decoders' libraries: no SDL, no network or TLS, no systemd.
if ldd "$DECODER" | grep -E 'libSDL2|libcurl|libgnutls|libssl|libsystemd|libdbus' >&2; then
    fail "$DECODER links libraries the decode worker must not map (above)"
fi

# The runtime list, without comments.
mapfile -t listed < <(grep -v '^\s*#' "$REPO/deploy/runtime-packages.txt" | awk 'NF {print $1}')

# 2. The libraries it links, as packages (versioned, from the shlibs files).
work="$(mktemp -d)"
trap 'rm -rf "$work"' EXIT
mkdir -p "$work/src/debian"
printf 'Source: vitrine\n\nPackage: vitrine\nArchitecture: any\n' >"$work/src/debian/control"
cp "$BINARY" "$work/src/vitrine"
cp "$DECODER" "$work/src/vitrine-decoder"
(cd "$work/src" && dpkg-shlibdeps -O -e vitrine -e vitrine-decoder 2>"$work/shlibdeps.err") >"$work/shlibdeps" ||
    { cat "$work/shlibdeps.err" >&2; fail "dpkg-shlibdeps could not name the packages of the linked libraries"; }
linked="$(sed -n 's/^shlibs:Depends=//p' "$work/shlibdeps")"
# Every linked package must be in the list, so install.sh --binary installs it.
unlisted=""
for entry in $(printf '%s' "$linked" | tr ',' '\n' | awk '{print $1}'); do
    printf '%s\n' "${listed[@]}" | grep -qx "$entry" || unlisted="$unlisted $entry"
done
[ -z "$unlisted" ] || fail "the binary links libraries from$unlisted, which deploy/runtime-packages.txt does not name: add them there"

# The Depends line: the linked packages with their versions, then the rest of the list.
depends="$linked"
for package in "${listed[@]}"; do
    printf '%s' "$linked" | tr ',' '\n' | awk '{print $1}' | grep -qx "$package" || depends="$depends, $package"
done

# 3. The tree: Debian's places (/usr, not /usr/local), the same unit otherwise.
root="$work/root"
install -D -m 755 "$BINARY" "$root/usr/bin/vitrine"
strip --strip-unneeded "$root/usr/bin/vitrine" 2>/dev/null || true
install -D -m 755 "$DECODER" "$root/usr/bin/vitrine-decoder"
strip --strip-unneeded "$root/usr/bin/vitrine-decoder" 2>/dev/null || true
for file in "$REPO"/assets/demo/*; do install -D -m 644 "$file" "$root/usr/share/vitrine/demo/$(basename "$file")"; done
for file in "$REPO"/assets/www/*; do install -D -m 644 "$file" "$root/usr/share/vitrine/www/$(basename "$file")"; done
install -D -m 644 "$REPO/assets/places/places.tsv" "$root/usr/share/vitrine/places/places.tsv"
install -D -m 644 "$REPO/assets/places/README.md" "$root/usr/share/doc/vitrine/PLACES.md"
install -D -m 755 "$REPO/deploy/sources-dropin.sh" "$root/usr/lib/vitrine/sources-dropin"
install -d "$root/lib/systemd/system"
sed 's|/usr/local/|/usr/|g; s|Installed by deploy/install.sh|Installed by the vitrine package|' \
    "$REPO/deploy/vitrine.service" >"$root/lib/systemd/system/vitrine.service"
chmod 644 "$root/lib/systemd/system/vitrine.service"
install -D -m 644 "$REPO/deploy/config.example.json" "$root/etc/vitrine/config.json"
install -D -m 644 "$REPO/deploy/vitrine.sysusers" "$root/usr/lib/sysusers.d/vitrine.conf"
install -D -m 644 "$REPO/assets/demo/LICENSES.md" "$root/usr/share/doc/vitrine/LICENSES-demo.md"
install -D -m 644 "$REPO/deploy/README-raspberry-pi.md" "$root/usr/share/doc/vitrine/README-raspberry-pi.md"

install -d "$root/DEBIAN"
for script in postinst prerm postrm; do
    install -m 755 "$REPO/deploy/debian/$script" "$root/DEBIAN/$script"
done
echo /etc/vitrine/config.json >"$root/DEBIAN/conffiles"
size="$(du -sk --exclude=DEBIAN "$root" | cut -f1)"
cat >"$root/DEBIAN/control" <<CONTROL
Package: vitrine
Version: $VERSION
Architecture: $ARCH
Maintainer: Vitrine <vitrine@localhost>
Installed-Size: $size
Depends: $depends, adduser | systemd
Section: graphics
Priority: optional
Description: fullscreen slideshow for kiosks, photo frames and touch displays
 Vitrine shows photos full screen on a bare console (KMS/DRM) or a desktop,
 starts on boot as a systemd service with a watchdog, and can be browsed by
 touch. The binary carries its Swift runtime.
CONTROL
mkdir -p "$OUT"
deb="$OUT/vitrine_${VERSION}_${ARCH}.deb"
fakeroot dpkg-deb --build -Zxz --root-owner-group "$root" "$deb" >/dev/null
echo "$deb"
echo "Depends: $depends" >&2
