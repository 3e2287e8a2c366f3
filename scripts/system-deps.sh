#!/usr/bin/env bash
# Installs the Debian/Ubuntu packages the game (play) or the test suite (test) needs,
# only those missing. Used by `make play`, `make test` and `.ci/run`.
#   scripts/system-deps.sh play|test
set -euo pipefail
mode="${1:-play}"
play_pkgs=(python3 python3-venv python3-pip make libportaudio2 espeak-ng libespeak-ng1)
test_pkgs=("${play_pkgs[@]}" git sox libsox-fmt-all pulseaudio pulseaudio-utils
           libasound2-plugins alsa-utils xvfb xauth)
if [ "$mode" = test ]; then pkgs=("${test_pkgs[@]}"); else pkgs=("${play_pkgs[@]}"); fi

if ! command -v dpkg-query >/dev/null 2>&1; then
    echo "system-deps: not a Debian/Ubuntu system; make sure these are installed: ${pkgs[*]}" >&2
    exit 0
fi
missing=()
for p in "${pkgs[@]}"; do
    dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q "install ok installed" || missing+=("$p")
done
[ ${#missing[@]} -eq 0 ] && exit 0

if [ "$(id -u)" = 0 ]; then SUDO=""; elif command -v sudo >/dev/null 2>&1; then SUDO="sudo"; else
    echo "system-deps: missing ${missing[*]} and no root/sudo to install them;" \
         "the game falls back where it can (no microphone -> mouse and keyboard)." >&2
    exit 0
fi
echo "system-deps: installing ${missing[*]}"
export DEBIAN_FRONTEND=noninteractive
$SUDO apt-get update -qq
$SUDO apt-get install -y -qq --no-install-recommends "${missing[@]}" >/dev/null
