#!/usr/bin/env bash
# The end-to-end tests need Debian's Chromium (Playwright's own browser download does not work on
# our machines). Installs the `chromium` package when it is missing and we are root.
set -euo pipefail
chromium_path="${CHROMIUM_PATH:-/usr/bin/chromium}"
if [ -x "$chromium_path" ]; then exit 0; fi
if [ "$(id -u)" -ne 0 ]; then
  echo "Chromium is missing at $chromium_path. Install it with: sudo apt-get install -y chromium (or set CHROMIUM_PATH)." >&2
  exit 1
fi
echo "Installing Debian's chromium package…"
export DEBIAN_FRONTEND=noninteractive
apt-get update -qq
apt-get install -y -qq chromium >/dev/null
