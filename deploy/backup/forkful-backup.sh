#!/usr/bin/env bash
# Backup of Forkful's PostgreSQL database (server mode): one pg_dump in custom format per run,
# written under a temporary name and renamed when complete, and dumps older than
# BACKUP_KEEP_DAYS (default 14) removed. Run nightly from cron or a systemd timer (README,
# "Operations"); it prints the new file's path. The instances keep running meanwhile: pg_dump
# reads one consistent snapshot.
#   DATABASE_URL=postgres://forkful@db/forkful deploy/backup/forkful-backup.sh /var/backups/forkful
set -euo pipefail
dir=${1:?usage: forkful-backup.sh <backup folder>}
: "${DATABASE_URL:?set DATABASE_URL to the database to back up}"
keep=${BACKUP_KEEP_DAYS:-14}
mkdir -p "$dir"
stamp=$(date -u +%Y%m%dT%H%M%SZ)
partial="$dir/.forkful-$stamp.dump.partial"
pg_dump --format=custom --no-owner --no-privileges --dbname="$DATABASE_URL" --file="$partial"
mv "$partial" "$dir/forkful-$stamp.dump"
find "$dir" -maxdepth 1 -name 'forkful-*.dump' -mtime +"$keep" -delete
echo "$dir/forkful-$stamp.dump"
