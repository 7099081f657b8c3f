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
# fuzzing, the step-up prompt and the merchant API's keys; and, for balance (measured: A 13.7 min,
# B 10.0, C 11.5 before they moved), the forged-callback spec and the web-hardening headers.
group_b=(
  e2e/api-keys.spec.ts
  e2e/callback-binding.spec.ts
  e2e/cash-out.spec.ts
  e2e/operator-security.spec.ts
  e2e/route-gates.spec.ts
  e2e/step-up.spec.ts
  e2e/web-hardening.spec.ts
)
# Keep e2e/phone-and-language.spec.ts off the server of e2e/counter-display.spec.ts: its walk flags
# words of the other language, and the counter spec's data ("Caixa 1", "Carla Caixa") sits in
# accessible names ("Pair a display: Caixa 1") on the English pages.
# Group C: the journeys, approvals (two operators stepping up in turn), alerts, events, personal
# data, and the walk of every page at three sizes, two languages and two themes.
group_c=(
  e2e/approvals.spec.ts
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
rm -f test-results/playwright-*.json

run_group() {
  local port="$1" label="$2"
  shift 2
  # Each line is prefixed with its group, so the interleaved output stays readable.
  E2E_PORT="$port" PLAYWRIGHT_JSON_OUTPUT_FILE="test-results/playwright-${port}.json" \
    npx playwright test --reporter=list,json "$@" 2>&1 | sed -u "s/^/[${label}] /"
}

run_group 3100 A "${group_a[@]}" "$@" &
group_a_pid=$!
run_group 3101 B "${group_b[@]}" "$@" &
group_b_pid=$!
run_group 3102 C "${group_c[@]}" "$@" &
group_c_pid=$!

status=0
wait "$group_a_pid" || status=1
wait "$group_b_pid" || status=1
wait "$group_c_pid" || status=1
exit "$status"
