#!/usr/bin/env bash
# Starts a throwaway PostgreSQL cluster on a free port (fsync off) for tests, when no server
# answers on 127.0.0.1:5432. Prints the URL on stdout; stop it with: pg_ctl -D <dir> stop.
set -euo pipefail
bin=$(ls -d /usr/lib/postgresql/*/bin 2>/dev/null | sort -V | tail -n 1)
if [ -z "$bin" ]; then
  apt-get update -qq >&2 && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq postgresql >&2
  bin=$(ls -d /usr/lib/postgresql/*/bin | sort -V | tail -n 1)
fi
dir=$(mktemp -d /tmp/forkful-pg-XXXXXX)
chown postgres:postgres "$dir"
port=$(python3 -c 'import socket; s=socket.socket(); s.bind(("127.0.0.1",0)); print(s.getsockname()[1])')
runuser -u postgres -- "$bin/initdb" -D "$dir/data" -A trust -U postgres >&2
runuser -u postgres -- "$bin/pg_ctl" -D "$dir/data" -l "$dir/log" -w \
  -o "-p $port -k $dir -c listen_addresses=127.0.0.1 -c fsync=off -c full_page_writes=off -c synchronous_commit=off" start >&2
echo "postgres://postgres@127.0.0.1:$port/postgres"
