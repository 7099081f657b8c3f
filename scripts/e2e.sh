#!/usr/bin/env bash
# The end-to-end suite in three groups of spec files run side by side, each against its own server
# (its own port, embedded database, saved admin session and authenticators: see
# playwright.config.ts and e2e/support/operators.ts). The groups overlap one another's waits
# (callback settlement, authenticator steps), but the suite is CPU-bound on two cores: measured,
# 0% idle throughout, a group alone uses about 1.5 cores, and each test ran 4-5 times slower than
# alone with five groups side by side. Five groups took 14.5 min and timed tests out; three carry
# less overhead (a server, a browser and a first-run setup each: about 38 CPU-s) and less
# contention. Keep the groups near the same total (test-results/playwright-<port>.json) when adding
# a spec.
#
# Groups B and C are named here; group A is every other spec, so a new spec file always runs somewhere.
# Extra arguments go to every Playwright run (e.g. --grep).
set -euo pipefail
cd "$(dirname "$0")/.."

# Group B: the specs that step up the most with the admin's authenticator (each TOTP step is
# accepted once per operator, so a spec waits for the clock after the previous one's step):
# offboarding, password resets and the password-spray limit (mostly waits), cash-outs, the route
# fuzzing and the merchant API's keys; and, for balance, the forged-callback
# spec, the web-hardening headers and the counter displays. Balanced by CPU seconds per spec (each
# group's process tree sampled during a run: A 649, B 377, C 393 before the books, counters and
# audit log left A; then A 10.4, B 11.3, C 9.1 min with the books in B). On the headless shell,
# with the SSRF guard's spec (its own strict server, about a minute) in B: A 6.4, B 7.9, C 7.0
# min; so it stays in A. With the guard's server on PostgreSQL (stop 42): A 7.2, B 7.8, C 7.6 min,
# so the step-up spec (~24 s) moved from B to A. Merchant identity (stop 48, ~25 s) joined B, which
# finished about 90 s before A and C (2026-11-28: A 616, B 528, C 615 s); then A 655, B 595, C 657 s,
# so payer-expiry (~18 s) moved from A to B and journeys runs its later flows in Portuguese only.
group_b=(
  e2e/api-keys.spec.ts
  e2e/callback-binding.spec.ts
  e2e/cash-out.spec.ts
  e2e/counter-display.spec.ts
  e2e/merchant-identity.spec.ts
  e2e/operator-security.spec.ts
  e2e/payer-expiry.spec.ts
  e2e/route-gates.spec.ts
  e2e/web-hardening.spec.ts
)
# Keep e2e/phone-and-language.spec.ts off the server of e2e/counter-display.spec.ts: its walk flags
# words of the other language, and the counter spec's data ("Caixa 1", "Carla Caixa") sits in
# accessible names ("Pair a display: Caixa 1") on the English pages.
# Group C: the journeys, approvals (two operators stepping up in turn), alerts, events, personal
# data, the audit log, the books, and the walk of every page at three sizes, two languages and two themes.
group_c=(
  e2e/approvals.spec.ts
  e2e/audit-log.spec.ts
  e2e/books.spec.ts
  e2e/events.spec.ts
  e2e/journeys.spec.ts
  e2e/overview-alerts.spec.ts
  e2e/personal-data.spec.ts
  e2e/phone-and-language.spec.ts
)
group_a=()
for spec in e2e/*.spec.ts; do
  [[ " ${group_b[*]} ${group_c[*]} " == *" ${spec} "* ]] || group_a+=("$spec")
done

mkdir -p test-results
# test-results/loaded-js/: what Chromium loaded per route in the walks (e2e/support/loaded-js.ts),
# which scripts/test.sh checks against the JS budgets afterwards; a fresh run starts without old records.
rm -rf test-results/playwright-*.json test-results/loaded-js

# Group A runs on embedded PGlite, the default (its specs check the embedded setup: health's
# database kind, restarts on the same data dir, startup refusals). With a PostgreSQL server
# (TEST_DATABASE_URL, which CI sets), groups B and C run on PostgreSQL, each on a fresh database of
# its own (scripts/e2e-server.mjs): the browser journeys run on both databases, and PostgreSQL's
# server costs less CPU than PGlite's WebAssembly on these two cores (measured on the cash-out
# spec: 137 CPU-s on PGlite, 121 on PostgreSQL with its server's share).
postgres_server="${E2E_DATABASE_URL:-${TEST_DATABASE_URL:-}}"

run_group() {
  local port="$1" label="$2" database_url="$3"
  shift 3
  # Each line is prefixed with its group, so the interleaved output stays readable.
  E2E_PORT="$port" E2E_DATABASE_URL="$database_url" PLAYWRIGHT_JSON_OUTPUT_FILE="test-results/playwright-${port}.json" \
    npx playwright test --reporter=list,json "$@" 2>&1 | sed -u "s/^/[${label}] /"
}

run_group 3100 A "" "${group_a[@]}" "$@" &
group_a_pid=$!
run_group 3101 B "$postgres_server" "${group_b[@]}" "$@" &
group_b_pid=$!
run_group 3102 C "$postgres_server" "${group_c[@]}" "$@" &
group_c_pid=$!

status=0
wait "$group_a_pid" || status=1
wait "$group_b_pid" || status=1
wait "$group_c_pid" || status=1
exit "$status"
