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

-- How far the GPU servers are with a generation's photos (sampler steps over all its shots,
-- 0..1), written by the worker that runs it and read by the status the seller's page follows.
-- A row lives while the generation paints; no foreign key: the comfyui module owns no
-- generation, and the row is removed when the painting ends either way.
create table comfyui_progress (
  generation_id text primary key,
  painted real not null,
  updated_at timestamptz not null default now()
);
