#!/usr/bin/env bash
# One command to install, build and serve the dashboard (production build) at http://localhost:3000
# with the embedded database and the embedded sandbox wallet. PORT and every setting in
# .env.example can be given in the environment.
set -euo pipefail
export NEXT_TELEMETRY_DISABLED=1
cd "$(dirname "$0")/.."
bash scripts/ensure-dependencies.sh
npx next build
exec npx next start -p "${PORT:-3000}"
