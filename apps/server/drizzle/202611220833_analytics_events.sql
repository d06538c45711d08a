-- Client analytics events (GET /api/analytics); each value is bounded by the route schema.
create table analytics_events (
  id bigserial primary key,
  key text not null,
  value jsonb,
  session_id text,
  account_id text,
  created_at bigint not null
);
create index analytics_events_key on analytics_events (key, id);
