#!/usr/bin/env bash
# Prints a DATABASE_URL for the PostgreSQL suite when a server is (or can be made) reachable
# on 127.0.0.1:5432; prints nothing otherwise. Tests create and drop their own databases.
set -u
url="postgres://postgres@127.0.0.1:5432/postgres"
ready() { pg_isready -q -h 127.0.0.1 -p 5432 2>/dev/null || (exec 3<>/dev/tcp/127.0.0.1/5432) 2>/dev/null; }
if ! ready && command -v pg_ctlcluster >/dev/null; then
  for v in $(ls /etc/postgresql 2>/dev/null); do
    pg_ctlcluster --skip-systemctl-redirect "$v" main start >/dev/null 2>&1 || true
  done
  for _ in 1 2 3 4 5 6 7 8 9 10; do ready && break; sleep 1; done
fi
if ready; then echo "$url"; fi
