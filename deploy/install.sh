#!/usr/bin/env bash
# Turns a Debian or Raspberry Pi OS machine into a Vitrine kiosk: installs the
# packages, builds a release binary, installs it with the demo pictures, the
# systemd unit and /etc/vitrine/config.json, creates the 'vitrine' user, then
# enables and starts the service. Safe to run again: what is already in place
# is left untouched (the configuration is never overwritten).
set -euo pipefail

usage() {
    cat <<'USAGE'
Usage: deploy/install.sh [--root DIR] [--dry-run] [--binary FILE] [--no-start]

  --root DIR     install everything under DIR instead of /: no packages, no user
                 created, nothing started; the files are written as they would be
  --dry-run      print what would be done and change nothing
  --binary FILE  install this vitrine binary instead of building a release one
                 (with the vitrine-decoder beside it, when there is one)
  --no-start     enable the service but do not start or restart it
USAGE
}

ROOT=""
DRY_RUN=0
BINARY=""
START=1
while [ $# -gt 0 ]; do
    case "$1" in
    --root)
        [ $# -ge 2 ] || { echo "install.sh: --root needs a folder" >&2; exit 2; }
        ROOT="$2"
        shift 2
        ;;
    --root=*) ROOT="${1#--root=}"; shift ;;
    --dry-run) DRY_RUN=1; shift ;;
    --binary)
        [ $# -ge 2 ] || { echo "install.sh: --binary needs a file" >&2; exit 2; }
        BINARY="$2"
        shift 2
        ;;
    --binary=*) BINARY="${1#--binary=}"; shift ;;
    --no-start) START=0; shift ;;
    -h | --help) usage; exit 0 ;;
    *) echo "install.sh: unknown option '$1'; run deploy/install.sh --help" >&2; exit 2 ;;
    esac
done

REPO="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
if [ -n "$ROOT" ]; then
    mkdir -p "$ROOT" 2>/dev/null || [ "$DRY_RUN" = 1 ] || { echo "install.sh: cannot create $ROOT" >&2; exit 1; }
    ROOT="$(cd "$ROOT" 2>/dev/null && pwd || echo "$ROOT")"
fi
BIN=/usr/local/bin/vitrine
DECODER_BIN=/usr/local/bin/vitrine-decoder
SHARE=/usr/local/share/vitrine
UNIT=/etc/systemd/system/vitrine.service
DROPIN=/etc/systemd/system/vitrine.service.d/sources.conf
WANTS=/etc/systemd/system/multi-user.target.wants/vitrine.service
SYSUSERS=/etc/sysusers.d/vitrine.conf
CONFIG=/etc/vitrine/config.json
CHANGED=0

say() { echo "install: $*"; }
fail() { echo "install.sh: $*" >&2; exit 1; }

# Runs a command, or only prints it with --dry-run.
run() {
    if [ "$DRY_RUN" = 1 ]; then
        say "would run: $*"
    else
        "$@"
    fi
}

# Installs SRC as DEST (under the root) with MODE, unless it is already there, same bytes and mode.
put_file() {
    local src="$1" dest="$ROOT$2" mode="$3"
    if [ -f "$dest" ] && cmp -s "$src" "$dest" && [ "$(stat -c %a "$dest")" = "$mode" ]; then
        return 0
    fi
    CHANGED=1
    if [ "$DRY_RUN" = 1 ]; then
        say "would install $2 (mode $mode)"
        return 0
    fi
    install -D -m "$mode" "$src" "$dest"
    say "installed $2"
}

# Writes standard input as DEST with MODE, unless the file already holds exactly that.
put_text() {
    local tmp
    tmp="$(mktemp)"
    cat >"$tmp"
    put_file "$tmp" "$1" "$2"
    rm -f "$tmp"
}

# 1. Packages (on the real system only): what the binary runs with, and what
# a build needs when there is no --binary.
if [ -z "$ROOT" ]; then
    [ "$(id -u)" -eq 0 ] || [ "$DRY_RUN" = 1 ] || fail "run as root (sudo deploy/install.sh), or use --root DIR or --dry-run"
    lists="$REPO/deploy/runtime-packages.txt"
    [ -n "$BINARY" ] || lists="$lists $REPO/deploy/packages.txt"
    missing=""
    # shellcheck disable=SC2086
    for package in $(grep -hv '^#' $lists); do
        dpkg-query -W -f='${Status}\n' "$package" 2>/dev/null | grep -q 'install ok installed' || missing="$missing $package"
    done
    if [ -n "$missing" ]; then
        run apt-get update -qq
        run env DEBIAN_FRONTEND=noninteractive apt-get install -y -qq --no-install-recommends $missing
    fi
else
    say "packages are not installed under --root"
fi

# 2. The binary: the one given, or a release build. It must run here before
# anything is written, so a binary that cannot start leaves nothing half installed.
if [ -z "$BINARY" ]; then
    command -v swift >/dev/null || fail "the Swift 6 toolchain is missing: install it from https://swift.org/install, or pass --binary FILE"
    run swift build --package-path "$REPO" -c release --product vitrine
    run swift build --package-path "$REPO" -c release --product vitrine-decoder
    BINARY="$REPO/.build/release/vitrine"
fi
[ -x "$BINARY" ] || [ "$DRY_RUN" = 1 ] || fail "$BINARY is not an executable file"
if [ -x "$BINARY" ] && ! version_error="$("$BINARY" --version 2>&1 >/dev/null)"; then
    library="$(printf '%s\n' "$version_error" | sed -n 's/.*error while loading shared libraries: \([^:]*\):.*/\1/p' | head -n 1)"
    case "$library" in
    libswift* | libFoundation* | lib_Foundation* | libdispatch* | libBlocksRuntime*)
        fail "$BINARY does not run here: it needs the Swift runtime ($library), which is not installed. Install a binary that carries it (make deb builds one, with swift build -c release --static-swift-stdlib), or install the Swift toolchain; nothing was installed" ;;
    "")
        fail "$BINARY does not run here: $(printf '%s' "$version_error" | head -n 1); nothing was installed" ;;
    *)
        fail "$BINARY does not run here: the library $library is missing (see deploy/runtime-packages.txt); nothing was installed" ;;
    esac
fi

# The drop-in's text, from the configuration that will be in place.
config_file="$ROOT$CONFIG"
[ -f "$config_file" ] || config_file="$REPO/deploy/config.example.json"
dropin_text=""
if [ -x "$BINARY" ]; then
    dropin_text="$("$REPO/deploy/sources-dropin.sh" "$BINARY" "$config_file" "$ROOT" 2>/dev/null)" ||
        fail "cannot read the sources of $CONFIG; fix it ('vitrine check --config $CONFIG' lists the problems) and run install.sh again; nothing was changed"
fi

if [ -x "$BINARY" ]; then
    put_file "$BINARY" "$BIN" 755
    # The decode worker's own program; without it the player decodes in 'vitrine decode-worker'.
    DECODER="$(dirname "$BINARY")/vitrine-decoder"
    if [ -x "$DECODER" ]; then
        put_file "$DECODER" "$DECODER_BIN" 755
    else
        say "warning: no vitrine-decoder beside $BINARY: the player will decode in 'vitrine decode-worker'"
    fi
else
    say "would install $BIN from $BINARY once built"
fi

# 3. The demo pictures and their licences.
for file in "$REPO"/assets/demo/*; do
    put_file "$file" "$SHARE/demo/$(basename "$file")" 644
done

# The web page's files.
for file in "$REPO"/assets/www/*; do
    put_file "$file" "$SHARE/www/$(basename "$file")" 644
done

# The place names of caption templates (GeoNames, CC BY 4.0: see assets/places/README.md).
put_file "$REPO/assets/places/places.tsv" "$SHARE/places/places.tsv" 644
put_file "$REPO/assets/places/README.md" "$SHARE/places/README.md" 644

# 4. The unit, and the user it runs as (with the groups for the display, the GPU and touch).
put_file "$REPO/deploy/vitrine.service" "$UNIT" 644
put_file "$REPO/deploy/vitrine.sysusers" "$SYSUSERS" 644

# 5. The configuration: an example the first time, never overwritten.
if [ -f "$ROOT$CONFIG" ]; then
    say "keeping $CONFIG"
else
    put_file "$REPO/deploy/config.example.json" "$CONFIG" 644
fi

# 6. Read-only access to the picture folders the configuration names.
if [ -x "$BINARY" ]; then
    put_text "$DROPIN" 644 <<<"$dropin_text"
    if [ -z "$ROOT" ] && [ "$DRY_RUN" = 0 ] && ! "$BINARY" check --config "$config_file" >/dev/null; then
        say "warning: $CONFIG has problems; run: vitrine check --config $CONFIG"
    fi
else
    say "would write $DROPIN from the sources of $CONFIG"
fi

# 7. Enable and start.
if [ -n "$ROOT" ]; then
    # What 'systemctl enable' does, without a running systemd.
    if [ "$(readlink "$ROOT$WANTS" 2>/dev/null || true)" != "$UNIT" ]; then
        CHANGED=1
        if [ "$DRY_RUN" = 1 ]; then
            say "would enable vitrine.service ($WANTS)"
        else
            mkdir -p "$(dirname "$ROOT$WANTS")"
            ln -sfn "$UNIT" "$ROOT$WANTS"
            say "enabled vitrine.service"
        fi
    fi
    say "not started: installed under $ROOT"
else
    run systemd-sysusers "$SYSUSERS"
    # GPIO presence reads /dev/gpiochip*, the gpio group's where there is one (Raspberry Pi OS).
    if getent group gpio >/dev/null && ! id -nG vitrine 2>/dev/null | tr ' ' '\n' | grep -qx gpio; then
        run usermod -a -G gpio vitrine
    fi
    [ "$CHANGED" = 0 ] || run systemctl daemon-reload
    run systemctl enable vitrine.service
    if [ "$START" = 1 ]; then
        if [ "$CHANGED" = 1 ]; then
            run systemctl restart vitrine.service
        else
            run systemctl start vitrine.service
        fi
    fi
fi
if [ "$DRY_RUN" = 1 ]; then
    say "dry run: nothing was changed"
elif [ "$CHANGED" = 0 ]; then
    say "everything was already in place"
else
    say "done"
fi
