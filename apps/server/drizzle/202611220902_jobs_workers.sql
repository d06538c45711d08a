-- Processes that run job handlers, with a heartbeat: the queue's time estimate divides by the
-- workers online (last_seen_at recent). pg-boss keeps its own schema (`pgboss`).
create table job_workers (
  id text primary key,
  kind text not null check (kind in ('server', 'worker')),
  host text not null,
  pid integer not null,
  started_at timestamptz not null default now(),
  last_seen_at timestamptz not null default now(),
  current_job text
);
