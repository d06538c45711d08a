-- Generations and their images. Coins: `gen:<id>:reserve` spent when the row is inserted (same
-- transaction), `gen:<id>:refund` for what was not delivered. Status and position: see
-- docs/decisions/0501-generation-queue.md.
create table generations (
  id uuid primary key,
  account_id text not null references accounts (id) on delete cascade,
  upload_id uuid references uploads (id) on delete set null,
  reference_ids uuid[] not null default '{}',
  prompt text not null default '',
  template text,
  preset text not null,
  image_count integer not null check (image_count between 1 and 8),
  reserved integer not null check (reserved >= 0),
  priority integer not null,
  seed integer not null,
  status text not null
    check (status in ('waitlisted', 'accepted', 'processing', 'generating', 'done', 'failed')),
  -- lowest position ever shown: what clients see never goes up
  position_shown integer,
  delivered integer not null default 0,
  error text,
  attempts integer not null default 0,
  worker_id text,
  created_at timestamptz not null default now(),
  started_at timestamptz,
  finished_at timestamptz
);
create index generations_account on generations (account_id, created_at desc, id desc);
create index generations_waiting on generations (priority desc, created_at, id)
  where status = 'waitlisted';
create index generations_finished on generations (finished_at desc) where status = 'done';

create table generation_images (
  generation_id uuid not null references generations (id) on delete cascade,
  idx integer not null,
  storage_key text not null,
  width integer not null,
  height integer not null,
  format text not null,
  bytes integer not null,
  created_at timestamptz not null default now(),
  primary key (generation_id, idx)
);
