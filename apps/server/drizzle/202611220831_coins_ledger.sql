-- Append-only coin ledger. Every movement carries a unique idempotency key; the balance on
-- accounts is a cache written in the same transaction by a conditional update, and the
-- ledger row records the balance it produced, so the two can be reconciled at any time.
create table coin_ledger (
  id bigserial primary key,
  account_id text not null references accounts (id),
  delta integer not null check (delta <> 0),
  kind text not null check (kind in ('grant', 'spend', 'refund')),
  reason text not null,
  idempotency_key text not null unique,
  refund_of text,
  balance_after integer not null check (balance_after >= 0),
  created_at timestamptz not null default now()
);
create index coin_ledger_account on coin_ledger (account_id, id);
create index coin_ledger_refund_of on coin_ledger (refund_of) where refund_of is not null;

create function coin_ledger_append_only() returns trigger language plpgsql as $$
begin
  raise exception 'coin_ledger is append-only';
end;
$$;
create trigger coin_ledger_no_update before update or delete on coin_ledger
  for each row execute function coin_ledger_append_only();
