#!/usr/bin/env bash
# Scale-out end to end: two instances of the one production build in .next on one fresh PostgreSQL
# database behind a round-robin proxy (e2e/scale-out/cluster.ts), the first-run setup, the core
# journeys and the callback chaos test through the proxy (playwright.scale-out.config.ts).
# Run after `next build`. Its own ports (SCALE_OUT_PORT, default 3400, and the next three), its own
# database (wallet_scaleout_*, dropped at the end), data dir (.data-scale-out-<port>/) and saved
# session (e2e/.auth/*-<port>.json): it can run beside scripts/e2e.sh.
# Needs PostgreSQL: SCALE_OUT_DATABASE_URL or TEST_DATABASE_URL (CI sets it: .ci/run); without one
# it says so and skips. Extra arguments go to Playwright (e.g. --grep).
set -euo pipefail
cd "$(dirname "$0")/.."

if [ -z "${SCALE_OUT_DATABASE_URL:-}${TEST_DATABASE_URL:-}" ]; then
  echo "SCALE-OUT TESTS SKIPPED: no PostgreSQL URL (set TEST_DATABASE_URL or SCALE_OUT_DATABASE_URL; CI sets it, see .ci/run)."
  exit 0
fi
if [ ! -f "${NEXT_DIST_DIR:-.next}/BUILD_ID" ]; then
  echo "No production build in ${NEXT_DIST_DIR:-.next}: run npx next build first." >&2
  exit 1
fi

port="${SCALE_OUT_PORT:-3400}"
mkdir -p test-results
rm -f "test-results/playwright-scale-out-${port}.json"
started=$(date +%s)
status=0
SCALE_OUT_PORT="$port" PLAYWRIGHT_JSON_OUTPUT_FILE="test-results/playwright-scale-out-${port}.json" \
  npx playwright test --config playwright.scale-out.config.ts --reporter=list,json "$@" || status=$?
echo "Scale-out end to end: $(( $(date +%s) - started )) s (exit ${status})"
exit "$status"
