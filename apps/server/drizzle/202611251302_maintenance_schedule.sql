-- The maintenance notice set at run time from the admin console (one row; none = MAINTENANCE_AT).
create table maintenance_schedule (
  id integer primary key check (id = 1),
  at bigint,               -- null: no maintenance announced (cleared by an admin)
  minutes integer not null,
  set_by text not null,
  set_at bigint not null
);
