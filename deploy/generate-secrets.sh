#!/usr/bin/env bash
# Creates the secret files compose.yaml reads (deploy/secrets/, git-ignored), each once: running it
# again keeps the existing ones (changing BETTER_AUTH_SECRET ends every session; changing
# CALLBACK_SECRET breaks every waiting transaction's callback URL). Back these files up apart from
# the database (docs/deploy.md, Secrets).
set -euo pipefail
cd "$(dirname "$0")"
umask 077
mkdir -p secrets
make_secret() { [ -s "secrets/$1" ] || printf '%s' "$2" >"secrets/$1"; }
make_secret postgres_password "$(openssl rand -hex 24)"
make_secret better_auth_secret "$(openssl rand -hex 32)"
make_secret callback_secret "$(openssl rand -hex 32)"
make_secret wallet_api_token "sbx_$(openssl rand -hex 24)"
# AES-256 key, base64, for Next's server actions (the same on every instance).
make_secret next_server_actions_encryption_key "$(openssl rand -base64 32)"
# The bearer token Prometheus scrapes /api/metrics with. Readable by others (0644): the Prometheus
# container runs as another user, and the token only reads metrics.
make_secret metrics_token "$(openssl rand -hex 24)" && chmod 0644 secrets/metrics_token
make_secret database_url "postgres://wallet:$(cat secrets/postgres_password)@postgres:5432/wallet"
ls -l secrets
