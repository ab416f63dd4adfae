#!/bin/sh
# Prints the systemd drop-in that gives vitrine.service read-only access to the
# picture folders a configuration names (BindReadOnlyPaths=; home folders are
# hidden from the service otherwise).
#   sources-dropin.sh BINARY CONFIG [ROOT]
# ROOT: the configuration is read under ROOT and ROOT is taken off the folders
# it names, for an installation into a folder. Exits 1, saying why, when the
# configuration's sources cannot be read.
set -eu
binary="$1" config="$2" root="${3:-}"
if ! sources="$("$binary" check --config "$config" --list-sources)"; then
    echo "cannot read the sources of $config; 'vitrine check --config $config' lists the problems" >&2
    exit 1
fi
echo "# Written from the sources of the configuration: the picture folders, read-only."
echo "# Written again by deploy/install.sh, and by the package on each upgrade."
echo "[Service]"
printf '%s\n' "$sources" | while IFS= read -r source; do
    [ -n "$source" ] || continue
    # Relative sources were resolved under the root; the service sees them without it.
    [ -z "$root" ] || source="${source#"$root"}"
    # The service's own state folder (the web page's uploads) stays writable.
    case "$source" in /var/lib/vitrine | /var/lib/vitrine/*) continue ;; esac
    # '-': a folder that is missing (an unplugged disk) does not stop the service.
    printf 'BindReadOnlyPaths=-"%s"\n' "$source"
done
