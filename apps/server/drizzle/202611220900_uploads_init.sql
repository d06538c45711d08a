-- Uploaded photos (products and reference images). The stored image is the decoded photo
-- re-encoded without metadata, orientation applied; stored once per account and content
-- (sha256 of the bytes sent). The cut-out is computed once, by the upload.cutout job.
create table uploads (
  id uuid primary key,
  account_id text not null references accounts (id) on delete cascade,
  purpose text not null check (purpose in ('product', 'reference')),
  sha256 text not null,
  format text not null,
  width integer not null,
  height integer not null,
  storage_key text not null,
  content_type text not null,
  cutout_status text not null check (cutout_status in ('none', 'pending', 'ready', 'failed')),
  cutout_key text,
  cutout_meta jsonb,
  cutout_error text,
  created_at timestamptz not null default now(),
  unique (account_id, purpose, sha256)
);
create index uploads_account on uploads (account_id, created_at desc);
