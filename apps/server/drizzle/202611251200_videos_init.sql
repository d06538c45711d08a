-- Generated product videos (issue 11). Coins: `video:<id>:reserve` spent when the row is
-- inserted (same transaction as the job), `video:<id>:refund` when it fails or is cancelled.
-- Cost and statuses: docs/decisions/0800-video-jobs-and-cost.md.
create table videos (
  id uuid primary key,
  account_id text not null references accounts (id) on delete cascade,
  upload_ids uuid[] not null,
  prompt text not null default '',
  move text not null
    check (move in ('orbit', 'push-in', 'pull-back', 'pan', 'light-sweep', 'turntable')),
  seconds integer not null check (seconds in (5, 10)),
  fps integer not null check (fps in (24, 30)),
  aspect text not null check (aspect in ('1:1', '9:16', '16:9')),
  width integer not null,
  height integer not null,
  seed integer not null,
  reserved integer not null check (reserved >= 0),
  status text not null
    check (status in ('waitlisted', 'accepted', 'processing', 'generating', 'done', 'failed')),
  frames_done integer not null default 0,
  frames_total integer not null,
  video_key text,
  poster_key text,
  video_bytes integer,
  template text,
  error text,
  attempts integer not null default 0,
  worker_id text,
  created_at timestamptz not null default now(),
  started_at timestamptz,
  finished_at timestamptz
);
create index videos_account on videos (account_id, created_at desc, id desc);
create index videos_waiting on videos (created_at, id) where status = 'waitlisted';
create index videos_finished on videos (finished_at desc) where status = 'done';
