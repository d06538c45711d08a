-- The Clothing app (issue 10): a clothing generation is a generation with an app and options;
-- kept model identities for try-on. See docs/decisions/0701-clothing-generations.md.
alter table generations add column app text not null default 'product'
  check (app in ('product', 'clothing'));
-- {style, kind (seller's or null), modelId (or null)}; the detected kind is written back
alter table generations add column clothing jsonb;
create index generations_account_app on generations (account_id, app, created_at desc, id desc);

create table clothing_models (
  id uuid primary key,
  account_id text not null references accounts (id) on delete cascade,
  name text not null,
  choices jsonb not null,
  seed integer not null,
  -- storage key of the first try-on photo: every later garment is tried on this person
  reference_key text,
  created_at timestamptz not null default now()
);
create index clothing_models_account on clothing_models (account_id, created_at desc);
