#!/usr/bin/env bash
# The container image smoke test (issue 31), by hand, not in `npm test` (a build takes ~15 min on
# our 2-core machines; a run on a built image ~2 min). Builds the real Dockerfile with buildah from a
# local Debian base (deploy/build-local-base.sh: no registry needed), or reuses the built image, then
# runs it with podman and checks: no secret in the image's config or history; the running process is
# the non-root user and cannot write its code; ready, sign-in page, a sandbox cash-in paid and its
# callback stored (scripts/support/service-checks.ts, the checks of the standalone test); the
# image's own HEALTHCHECK; a backup from the serving container; data surviving a restart in the
# volume. With --postgres: two containers of the image on the host's PostgreSQL as well.
#
#   bash scripts/image-smoke.sh [--rebuild] [--postgres]
#   IMAGE (localhost/wallet-dashboard:local), BASE_IMAGE (localhost/wallet-node-base:trixie),
#   IMAGE_SMOKE_PORT (3270; --postgres uses the next two), IMAGE_SMOKE_DATABASE_URL
#   (postgres://wallet_ci:wallet_ci@127.0.0.1:5432/h_image, created if missing).
#
# Why the podman options below (docs/deploy.md, "Running the image on a machine like ours"): this
# machine's root lacks CAP_SYS_RESOURCE, so no rlimit can be raised: podman's default ulimits
# (nofile 1048576) and any nproc above podman's own (32768) are refused by the runtime; and crun
# refuses cgroups in hybrid mode (v1 controllers + a v2 hierarchy with a controller), runc does not.
set -euo pipefail
cd "$(dirname "$0")/.."

image="${IMAGE:-localhost/wallet-dashboard:local}"
base_image="${BASE_IMAGE:-localhost/wallet-node-base:trixie}"
port="${IMAGE_SMOKE_PORT:-3270}"
database_url="${IMAGE_SMOKE_DATABASE_URL:-postgres://wallet_ci:wallet_ci@127.0.0.1:5432/h_image}"
rebuild=false
postgres=false
for arg in "$@"; do
  case "$arg" in
    --rebuild) rebuild=true ;;
    --postgres) postgres=true ;;
    *) echo "usage: $0 [--rebuild] [--postgres]" >&2; exit 2 ;;
  esac
done

started=$SECONDS
step() { echo "[image-smoke +$((SECONDS - started))s] $*"; }
fail() { echo "[image-smoke] FAILED: $*" >&2; exit 1; }

# Ulimits no higher than this process's own (they cannot be raised here), and runc.
# Podman schedules HEALTHCHECKs with systemd timers, and there is no systemd here ("unable to get
# systemd connection to start healthchecks"): not scheduled, the script runs it (podman healthcheck run).
run_options=(--runtime runc --ulimit "nofile=$(ulimit -Hn):$(ulimit -Hn)" --ulimit "nproc=4096:4096" --health-interval disable)

container=wallet-image-smoke
volume=wallet-image-smoke-data
pg_containers=(wallet-image-smoke-pg1 wallet-image-smoke-pg2)
cleanup() {
  # One at a time: podman rm stops at the first name that does not exist.
  for name in "$container" "${pg_containers[@]}"; do podman rm -f -v -t 5 "$name" >/dev/null 2>&1 || true; done
  podman volume rm -f "$volume" >/dev/null 2>&1 || true
  for name in database_url better_auth_secret callback_secret wallet_api_token next_server_actions_encryption_key; do
    podman secret rm "wallet-image-smoke-$name" >/dev/null 2>&1 || true
  done
}
trap cleanup EXIT
cleanup

# 1. The image: built from the local Debian base unless it exists (--rebuild forces a build).
bash deploy/build-local-base.sh
if $rebuild || ! podman image exists "$image"; then
  step "building $image from $base_image (buildah bud, chroot isolation: about 15 min here)"
  # This machine reaches the npm registry through a TLS-inspecting egress proxy: the build's RUN
  # steps see the machine's CA bundle and /etc/npmrc (cafile=) as bind mounts, which are not
  # committed to any layer (the image keeps Debian's own CA bundle).
  build_mounts=()
  [ -f /etc/ssl/certs/ca-certificates.crt ] && build_mounts+=(-v /etc/ssl/certs/ca-certificates.crt:/etc/ssl/certs/ca-certificates.crt:ro)
  [ -f /etc/npmrc ] && build_mounts+=(-v /etc/npmrc:/etc/npmrc:ro)
  # --format docker: the OCI image format has no HEALTHCHECK (buildah would drop it with a warning).
  buildah bud --format docker --isolation chroot --layers --ulimit "nofile=$(ulimit -Hn):$(ulimit -Hn)" "${build_mounts[@]}" \
    --build-arg "NODE_IMAGE=$base_image" -t "$image" .
  step "built $image"
else
  step "reusing $image (built $(podman image inspect --format '{{.Created}}' "$image"); --rebuild to build again)"
fi

# 2. No secret in the image: its config (env, labels) and every layer's command.
config="$(podman image inspect "$image")"
history="$(podman history --no-trunc --format '{{.CreatedBy}}' "$image")"
# A setting named like a secret with a value (NAME_FILE settings hold paths, e.g. EMBEDDED_SECRETS_FILE).
secret_like="$(grep -Eio '[A-Z_]*(SECRET|TOKEN|PASSWORD|DATABASE_URL|ENCRYPTION_KEY)[A-Z_]*=[^" ]+' <<<"$config$history" | grep -Ev '^[A-Z_]*_FILE=' || true)"
[ -z "$secret_like" ] || fail "a secret-looking setting is in the image: $(head -3 <<<"$secret_like")"
[ "$(podman image inspect --format '{{.Config.User}}' "$image")" = "wallet" ] || fail "the image's user is not wallet"
step "image config and history hold no secret; user wallet; healthcheck: $(podman image inspect --format '{{.Config.Healthcheck.Test}}' "$image" | cut -c1-60)…"

# 3. One container, embedded database in a named volume, published on 127.0.0.1 only. The same port
# inside and out: APP_URL is what the embedded sandbox (inside) and the checks (outside) both call.
podman volume create "$volume" >/dev/null
start_container() {
  podman run -d --name "$container" "${run_options[@]}" \
    -p "127.0.0.1:$port:$port" -v "$volume:/data" \
    -e "PORT=$port" -e "APP_URL=http://127.0.0.1:$port" -e OUTBOUND_ALLOW_PRIVATE_ADDRESSES=true -e LOG_LEVEL=warn \
    "$image" >/dev/null
}
start_container
secrets_file="$(podman volume inspect --format '{{.Mountpoint}}' "$volume")/secrets.json"
step "started $container (runc) on 127.0.0.1:$port, /data in volume $volume"

if ! checks_output="$(npx tsx scripts/support/service-checks.ts "http://127.0.0.1:$port" "$secrets_file")"; then
  echo "$checks_output"
  podman logs --tail 50 "$container" >&2 || true
  fail "the service checks failed"
fi
echo "$checks_output"
cash_in_id="$(sed -n 's/^cash-in //p' <<<"$checks_output")"

# The process runs as the image's non-root user (uid 10001) and cannot change its own code.
uid="$(podman exec "$container" sh -c "awk '/^Uid:/ {print \$2}' /proc/1/status")"
[ "$uid" = "10001" ] || fail "the server runs as uid $uid, not 10001 (wallet)"
if podman exec "$container" sh -c 'touch /app/server.js' 2>/dev/null; then fail "the server can write its own code (/app/server.js)"; fi
step "server process runs as uid 10001 (wallet); /app is read-only to it"

# The image's own HEALTHCHECK command, run by podman in the container.
podman healthcheck run "$container" || fail "the image's HEALTHCHECK failed"
step "HEALTHCHECK (GET /api/health/live from inside) passed"

# The backup tool inside the image, against the serving container (over its control socket).
backup_output="$(podman exec "$container" node scripts/backup.mjs --out /data/backups/smoke.tar.gz 2>&1)"
grep -q "from the running server" <<<"$backup_output" || fail "the backup did not come from the running server: $backup_output"
step "node scripts/backup.mjs in the container took a backup from the running server"

# Restart: a graceful stop (SIGTERM, exit within the 10 s drain limit), then the same volume again.
stop_started=$SECONDS
podman stop -t 20 "$container" >/dev/null
exit_code="$(podman inspect --format '{{.State.ExitCode}}' "$container")"
step "stopped in $((SECONDS - stop_started)) s (exit code $exit_code)"
[ "$exit_code" = "0" ] || { podman logs --tail 30 "$container" >&2; fail "the server exited with $exit_code on SIGTERM"; }
podman start "$container" >/dev/null
npx tsx scripts/support/service-checks.ts "http://127.0.0.1:$port" "$secrets_file" --after-restart "$cash_in_id" || {
  podman logs --tail 50 "$container" >&2
  fail "the data did not survive the restart"
}
podman rm -f -t 15 "$container" >/dev/null

# 4. Optional: two containers of the image started together on a fresh PostgreSQL database (each
# migration applied once under the migration lock), every secret a podman secret (a file under
# /run/secrets/ read through NAME_FILE, as compose.yaml does: nothing secret in `podman inspect`).
# Host network: the host's PostgreSQL listens on 127.0.0.1 only.
if $postgres; then
  database="${database_url##*/}"
  admin_url="${database_url%/*}/postgres"
  psql "$admin_url" -qc "DROP DATABASE IF EXISTS \"$database\" WITH (FORCE)" -c "CREATE DATABASE \"$database\""
  wallet_token="sbx_$(openssl rand -hex 24)"
  callback_secret="$(openssl rand -hex 32)"
  make_secret() { printf '%s' "$2" | podman secret create "wallet-image-smoke-$1" - >/dev/null; }
  make_secret database_url "$database_url"
  make_secret better_auth_secret "$(openssl rand -hex 32)"
  make_secret callback_secret "$callback_secret"
  make_secret wallet_api_token "$wallet_token"
  make_secret next_server_actions_encryption_key "$(openssl rand -base64 32)"
  secret_options=()
  for name in database_url better_auth_secret callback_secret wallet_api_token next_server_actions_encryption_key; do
    secret_options+=(--secret "wallet-image-smoke-$name" -e "${name^^}_FILE=/run/secrets/wallet-image-smoke-$name")
  done
  for i in 0 1; do
    instance_port=$((port + 1 + i))
    podman run -d --name "${pg_containers[$i]}" "${run_options[@]}" --network host "${secret_options[@]}" \
      -e "PORT=$instance_port" -e "APP_URL=http://127.0.0.1:$instance_port" -e HOSTNAME=127.0.0.1 \
      -e OUTBOUND_ALLOW_PRIVATE_ADDRESSES=true -e LOG_LEVEL=warn "$image" >/dev/null
  done
  step "started two containers together on PostgreSQL ($database), ports $((port + 1)) and $((port + 2))"
  pg_secrets_file="$(mktemp)"
  printf '{"walletToken":"%s","callbackSecret":"%s"}' "$wallet_token" "$callback_secret" >"$pg_secrets_file"
  pg_output="$(npx tsx scripts/support/service-checks.ts "http://127.0.0.1:$((port + 1))" "$pg_secrets_file")" || {
    echo "$pg_output"
    podman logs --tail 40 "${pg_containers[0]}" >&2
    fail "the service checks failed on instance 1 (PostgreSQL)"
  }
  # The other instance sees the same data: the cash-in paid through instance 1.
  npx tsx scripts/support/service-checks.ts "http://127.0.0.1:$((port + 2))" "$pg_secrets_file" --after-restart "$(sed -n 's/^cash-in //p' <<<"$pg_output")" || {
    podman logs --tail 40 "${pg_containers[1]}" >&2
    fail "instance 2 (PostgreSQL) does not see instance 1's cash-in"
  }
  echo "$pg_output"
  rm -f "$pg_secrets_file"
  migrations="$(psql "$database_url" -Atqc 'SELECT count(*) - count(DISTINCT hash) FROM drizzle.__drizzle_migrations')"
  [ "$migrations" = "0" ] || fail "a migration was recorded twice ($migrations duplicates)"
  if podman inspect "${pg_containers[@]}" | grep -Fq -e "$wallet_token" -e "$callback_secret" -e "wallet_ci:wallet_ci"; then
    fail "a secret shows in podman inspect"
  fi
  step "both instances on PostgreSQL serve the same data; migrations applied once; no secret in podman inspect"
fi

step "passed"
