-- Made-to-order product videos (issue 11, decision 0801): the seller's brief, the price fixed
-- when ordered (smallest currency unit), unpaid until billing's checkout pays it, and the
-- studio's delivered file.
create table video_orders (
  id uuid primary key,
  account_id text not null references accounts (id) on delete cascade,
  brief text not null,
  style text not null,
  formats text[] not null,
  deadline date not null,
  upload_ids uuid[] not null,
  price_cents integer not null check (price_cents >= 0),
  currency text not null default 'usd',
  discount text,
  payment_status text not null default 'unpaid' check (payment_status in ('unpaid', 'paid')),
  payment_ref text,
  status text not null default 'received'
    check (status in ('received', 'in-production', 'delivered')),
  delivery_key text,
  delivery_name text,
  delivery_bytes integer,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now(),
  delivered_at timestamptz
);
create index video_orders_account on video_orders (account_id, created_at desc);
create index video_orders_open on video_orders (created_at) where status <> 'delivered';
