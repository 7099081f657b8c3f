#!/usr/bin/env bash
# The end-to-end suite in five groups of spec files run side by side, each against its own server
# (its own port, embedded database, saved admin session and authenticators: see
# playwright.config.ts and e2e/support/operators.ts). Specs spend most of their time waiting on
# timers (callback settlement, authenticator steps), not on the CPU, so five groups on two cores
# take well under half the time of one. Measured per spec (test-results/playwright-<port>.json):
# keep each group near the same total when adding a spec.
#
# Groups B to E are named here; group A is every other spec, so a new spec file always runs somewhere.
# Extra arguments go to every Playwright run (e.g. --grep).
set -euo pipefail
cd "$(dirname "$0")/.."

# Group B: the shell's axe sweep, alerts, startup, web hardening and the merchant API's keys.
group_b=(
  e2e/api-keys.spec.ts
  e2e/foundation.spec.ts
  e2e/outbound-guard.spec.ts
  e2e/overview-alerts.spec.ts
  e2e/startup.spec.ts
  e2e/step-up.spec.ts
  e2e/web-hardening.spec.ts
)
# Group C: the specs that step up the most with the admin's authenticator. Each TOTP step is
# accepted once per operator, so specs sharing one server's admin wait for each other's steps.
group_c=(
  e2e/cash-out.spec.ts
  e2e/journeys.spec.ts
)
# Group D: operator offboarding, password resets and the password-spray limit (about 4 minutes of
# their own, mostly waits); and the route fuzzing, kept away from the specs that pair displays (its
# wrong pairing requests count against the limits).
group_d=(
  e2e/operator-security.spec.ts
  e2e/route-gates.spec.ts
)
# Group E: approvals (two operators stepping up in turn), events, personal data, and the walk of
# every page at three sizes, two languages and two themes (about 2 minutes of its own).
group_e=(
  e2e/approvals.spec.ts
  e2e/events.spec.ts
  e2e/personal-data.spec.ts
  e2e/phone-and-language.spec.ts
)
group_a=()
for spec in e2e/*.spec.ts; do
  [[ " ${group_b[*]} ${group_c[*]} ${group_d[*]} ${group_e[*]} " == *" ${spec} "* ]] || group_a+=("$spec")
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
run_group 3103 D "${group_d[@]}" "$@" &
group_d_pid=$!
run_group 3104 E "${group_e[@]}" "$@" &
group_e_pid=$!

status=0
wait "$group_a_pid" || status=1
wait "$group_b_pid" || status=1
wait "$group_c_pid" || status=1
wait "$group_d_pid" || status=1
wait "$group_e_pid" || status=1
exit "$status"
