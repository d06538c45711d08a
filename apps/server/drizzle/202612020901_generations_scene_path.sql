-- The seller's choice for product scenes (issue 22): the CPU studio or GPU-generated; null lets
-- the server generate them when a GPU server answers.
alter table generations add column scene_path text;
