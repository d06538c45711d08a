-- What every process knows of the GPU servers of COMFYUI_URLS (decision 1100): the API process
-- answers the queue's ETA from the seconds per image the worker processes measured, and a
-- server one process found down is known down by all. One row per server URL.
create table comfyui_servers (
  url text primary key,
  healthy boolean not null,
  seconds_per_image double precision,
  last_error text,
  updated_at timestamptz not null default now()
);
