#!/usr/bin/env bash
# The whole test suite: type check, unit and integration tests (embedded PGlite, and PostgreSQL
# when TEST_DATABASE_URL is set), a production build, then Playwright end-to-end in Chromium.
set -euo pipefail
export NEXT_TELEMETRY_DISABLED=1
cd "$(dirname "$0")/.."
bash scripts/ensure-dependencies.sh
bash scripts/ensure-chromium.sh

echo "== Type check"
npx tsc --noEmit

echo "== Unit and integration tests${TEST_DATABASE_URL:+ (PGlite and PostgreSQL)}"
if [ -z "${TEST_DATABASE_URL:-}" ]; then echo "(TEST_DATABASE_URL is not set: the PostgreSQL lane is skipped)"; fi
npx vitest run

echo "== Production build"
npx next build

echo "== End-to-end tests (Chromium)"
npx playwright test
