#!/usr/bin/env bash
# Removes what deploy/install.sh installed: stops and disables the service and
# deletes the binary, the demo pictures, the unit and its drop-in. The
# configuration (/etc/vitrine), the saved position (/var/lib/vitrine) and the
# 'vitrine' user stay unless --purge is given.
set -euo pipefail

usage() {
    cat <<'USAGE'
Usage: deploy/uninstall.sh [--root DIR] [--dry-run] [--purge]

  --root DIR   remove what was installed under DIR (nothing is stopped)
  --dry-run    print what would be removed and change nothing
  --purge      also remove /etc/vitrine, /var/lib/vitrine and the 'vitrine' user
USAGE
}

ROOT=""
DRY_RUN=0
PURGE=0
while [ $# -gt 0 ]; do
    case "$1" in
    --root)
        [ $# -ge 2 ] || { echo "uninstall.sh: --root needs a folder" >&2; exit 2; }
        ROOT="$2"
        shift 2
        ;;
    --root=*) ROOT="${1#--root=}"; shift ;;
    --dry-run) DRY_RUN=1; shift ;;
    --purge) PURGE=1; shift ;;
    -h | --help) usage; exit 0 ;;
    *) echo "uninstall.sh: unknown option '$1'; run deploy/uninstall.sh --help" >&2; exit 2 ;;
    esac
done

say() { echo "uninstall: $*"; }
run() {
    if [ "$DRY_RUN" = 1 ]; then
        say "would run: $*"
    else
        "$@"
    fi
}
# Removes a file, a symlink or a folder under the root, when it is there.
remove() {
    local path="$ROOT$1"
    [ -e "$path" ] || [ -L "$path" ] || return 0
    if [ "$DRY_RUN" = 1 ]; then
        say "would remove $1"
    else
        rm -rf -- "$path"
        say "removed $1"
    fi
}

if [ -z "$ROOT" ]; then
    [ "$(id -u)" -eq 0 ] || [ "$DRY_RUN" = 1 ] || { echo "uninstall.sh: run as root (sudo deploy/uninstall.sh)" >&2; exit 1; }
    if systemctl list-unit-files vitrine.service >/dev/null 2>&1; then
        run systemctl disable --now vitrine.service || true
    fi
fi
remove /etc/systemd/system/multi-user.target.wants/vitrine.service
remove /etc/systemd/system/vitrine.service.d
remove /etc/systemd/system/vitrine.service
remove /usr/local/bin/vitrine
remove /usr/local/bin/vitrine-decoder
remove /usr/local/share/vitrine
if [ "$PURGE" = 1 ]; then
    remove /etc/vitrine
    remove /var/lib/vitrine
    remove /etc/sysusers.d/vitrine.conf
    if [ -z "$ROOT" ] && id vitrine >/dev/null 2>&1; then
        run userdel vitrine
    fi
else
    say "kept /etc/vitrine, /var/lib/vitrine and the 'vitrine' user (--purge removes them)"
fi
[ -n "$ROOT" ] || run systemctl daemon-reload
