-- Billing (issue 8). Entitlements are rows of entitlement_grants keyed by what paid for them
-- (a Stripe session or subscription, a WeChat order); the account's expiration,
-- cloth_app_expiration and payment_type are recomputed from them in one function, so any
-- order of provider events converges on the same state.
create table billing_payments (
  id text primary key,                    -- our reference, also sent to the provider
  account_id text not null references accounts (id),
  provider text not null check (provider in ('stripe', 'wechat')),
  plan_type text not null,
  amount integer not null check (amount >= 0), -- smallest currency unit
  currency text not null,
  status text not null check (status in ('pending', 'paid', 'refunded', 'closed')),
  provider_ref text,                      -- Stripe checkout session id / WeChat transaction id
  payment_intent text,
  subscription_id text,
  replaces_subscription text,
  coupon text,
  code_url text,
  expires_at bigint not null default 0,
  created_at timestamptz not null default now(),
  paid_at timestamptz
);
create index billing_payments_account on billing_payments (account_id, created_at);
create unique index billing_payments_provider_ref on billing_payments (provider, provider_ref)
  where provider_ref is not null;
create index billing_payments_intent on billing_payments (payment_intent) where payment_intent is not null;

create table billing_customers (
  account_id text primary key references accounts (id),
  stripe_customer_id text not null unique
);

create table billing_subscriptions (
  id text primary key,                    -- the provider's subscription id
  account_id text not null references accounts (id),
  provider text not null,
  plan_type text not null,
  kind text not null check (kind in ('PRODUCT_APP', 'CLOTHING_APP')),
  status text not null check (status in ('ON GOING', 'CANCELLING', 'CANCELLED')),
  current_period_end bigint not null default 0,
  trial boolean not null default false,
  updated_at timestamptz not null default now()
);
create index billing_subscriptions_account on billing_subscriptions (account_id);

-- One row per thing that grants time; revoked by a refund.
create table entitlement_grants (
  key text primary key,
  account_id text not null references accounts (id),
  plan_type text not null,
  payment_type text not null default '',
  product_until bigint not null default 0,
  clothing_until bigint not null default 0,
  revoked boolean not null default false,
  created_at timestamptz not null default now()
);
create index entitlement_grants_account on entitlement_grants (account_id);

-- Provider events and notifications already applied (each once).
create table billing_events (
  provider text not null,
  event_id text not null,
  type text not null,
  received_at timestamptz not null default now(),
  primary key (provider, event_id)
);

create table cancellation_surveys (
  id bigserial primary key,
  account_id text not null references accounts (id),
  subscription_id text,
  primary_reason text not null,
  reason_other text not null,
  would_come_back text not null,
  come_back_other text not null,
  better_alternative text not null,
  created_at timestamptz not null default now()
);

create table clothing_trials (
  account_id text primary key references accounts (id),
  share_url text not null,
  started_at bigint not null,
  ends_at bigint not null,
  downloads_used integer not null default 0 check (downloads_used >= 0 and downloads_used <= 150)
);

-- The referrer's 30% cashback, once per paid invoice of a referred friend.
create table referral_cashbacks (
  payment_key text primary key,
  referrer_id text not null references accounts (id),
  referee_id text not null references accounts (id),
  amount integer not null,
  currency text not null,
  created_at timestamptz not null default now()
);

-- Basic's monthly picture allowance: one row per generation, summed per UTC month under the
-- account row lock, so concurrent generations never pass 500.
create table plan_allowance_uses (
  key text primary key,
  account_id text not null references accounts (id),
  month text not null,
  images integer not null,
  created_at timestamptz not null default now()
);
create index plan_allowance_uses_month on plan_allowance_uses (account_id, month);
