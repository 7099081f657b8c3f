#!/bin/sh
# The image's entrypoint: secrets may come as files (Docker/compose secrets, Kubernetes volumes):
# for each setting below, NAME_FILE=/run/secrets/x sets NAME from that file's content (its last
# newline dropped), so no secret has to sit in the environment of `docker inspect`. Then runs the
# command (node server.js). Setting both NAME and NAME_FILE is refused: which one wins is unclear.
set -eu
for name in BETTER_AUTH_SECRET CALLBACK_SECRET WALLET_API_TOKEN SANDBOX_WALLET_TOKEN NEXT_SERVER_ACTIONS_ENCRYPTION_KEY DATABASE_URL ALERT_SMTP_URL METRICS_TOKEN; do
  file_var="${name}_FILE"
  eval "file=\${$file_var:-}"
  [ -n "$file" ] || continue
  eval "direct=\${$name:-}"
  if [ -n "$direct" ]; then
    echo "Both $name and $file_var are set: keep one." >&2
    exit 1
  fi
  if [ ! -r "$file" ]; then
    echo "$file_var names $file, which cannot be read." >&2
    exit 1
  fi
  value="$(cat "$file")"
  export "$name=$value"
  unset "$file_var"
done
exec "$@"
