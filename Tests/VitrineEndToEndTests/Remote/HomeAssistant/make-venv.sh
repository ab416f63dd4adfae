#!/bin/sh
# Makes the virtual environment with Home Assistant Core that HomeAssistantTests runs, once:
# VENV (default .build/ha-venv) is left alone when it was made from the same requirements.
# Needs python3 with venv (Debian: python3-venv) and PyPI.
set -eu
here=$(cd "$(dirname "$0")" && pwd)
venv=${1:-.build/ha-venv}
stamp="$venv/.vitrine-requirements"
want=$(cat "$here/requirements.txt" "$here/package_constraints-2024.3.3.txt" | cksum)
if [ -x "$venv/bin/python" ] && [ "$(cat "$stamp" 2>/dev/null)" = "$want" ]; then
    exit 0
fi
echo "Installing Home Assistant 2024.3.3 from PyPI into $venv for the tests (once; 2 to 3 minutes)..." >&2
start=$(date +%s)
rm -rf "$venv"
python3 -m venv "$venv"
"$venv/bin/python" -m pip install --quiet --disable-pip-version-check \
    -c "$here/package_constraints-2024.3.3.txt" -r "$here/requirements.txt"
echo "$want" > "$stamp"
echo "Home Assistant installed in $venv in $(( $(date +%s) - start )) s" >&2
