#!/usr/bin/env bash
# The end-to-end tests drive Debian's Chromium headless shell (e2e/support/browser.ts), the
# benchmarks and the icon generator the full browser (Playwright's own browser download does not
# work on our machines). Installs the `chromium-headless-shell` and `chromium` packages when one is
# missing and we are root.
set -euo pipefail
headless_shell="${CHROMIUM_PATH:-/usr/lib/chromium/chromium-headless-shell}"
browser=/usr/bin/chromium
if [ -x "$headless_shell" ] && [ -x "$browser" ]; then exit 0; fi
if [ "$(id -u)" -ne 0 ]; then
  echo "Chromium is missing ($headless_shell or $browser). Install it with: sudo apt-get install -y chromium-headless-shell chromium (or set CHROMIUM_PATH)." >&2
  exit 1
fi
echo "Installing Debian's chromium-headless-shell and chromium packages…"
export DEBIAN_FRONTEND=noninteractive
# The package lists may be missing or stale on a fresh machine.
apt-get install -y -qq chromium-headless-shell chromium >/dev/null 2>&1 || { apt-get update -qq && apt-get install -y -qq chromium-headless-shell chromium >/dev/null; }
