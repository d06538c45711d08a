-- Accounts: identity, profile, entitlements and the cached coin balance (owned by the coins
-- module, see 202611220831_coins_ledger.sql). Emails and username keys are stored lowercased.
create table accounts (
  id text primary key,
  username text not null,
  username_key text not null unique,
  email text not null unique,
  password_hash text,
  google_sub text unique,
  gender text not null default '',
  dob text not null default '',
  location text not null default '',
  language text not null default '',
  occupation text not null default '',
  field text not null default '',
  -- IANA zone that decides the "local day" of the daily coins; a change waits for the next day.
  time_zone text not null default 'UTC',
  pending_time_zone text,
  pending_time_zone_from text,
  balance integer not null default 0 check (balance >= 0),
  diamond integer not null default 0 check (diamond >= 0),
  expiration bigint not null default 0,
  cloth_app_expiration bigint not null default 0,
  payment_type text not null default '',
  image_generated integer not null default 0,
  email_verified boolean not null default false,
  meeting_invite_received boolean not null default false,
  testimonial_invite_received boolean not null default false,
  reference_feedback_received boolean not null default false,
  french_welcome_received boolean not null default false,
  free_credit_received boolean not null default false,
  credit_giveaway_date bigint not null default 0,
  last_giveaway_day text,
  referred_by text references accounts (id),
  created_at timestamptz not null default now()
);

create table email_verifications (
  token_hash text primary key,
  account_id text not null references accounts (id) on delete cascade,
  email text not null,
  expires_at bigint not null,
  used_at bigint,
  created_at timestamptz not null default now()
);
create index email_verifications_account on email_verifications (account_id);

create table email_subscriptions (
  email text primary key,
  created_at timestamptz not null default now()
);

create table referrals (
  referee_id text primary key references accounts (id) on delete cascade,
  referrer_id text not null references accounts (id) on delete cascade,
  created_at timestamptz not null default now()
);
