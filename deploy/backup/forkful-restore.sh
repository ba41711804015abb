#!/usr/bin/env bash
# Restores a dump made by forkful-backup.sh into DATABASE_URL, which must name a new, empty
# database (createdb it first; never restore over the live one). Stops at the first error.
#   DATABASE_URL=postgres://forkful@db/forkful_restored deploy/backup/forkful-restore.sh forkful-….dump
set -euo pipefail
dump=${1:?usage: forkful-restore.sh <dump file>}
: "${DATABASE_URL:?set DATABASE_URL to the new, empty database to restore into}"
pg_restore --exit-on-error --no-owner --no-privileges --dbname="$DATABASE_URL" "$dump"
echo "restored $dump"
