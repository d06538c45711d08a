-- A seller's corrected cut-out (PUT /api/uploads/:id/mask) replaces the model's: the edited PNG
-- is stored at uploads/<id>/cutout-edited.png and cutout_key/cutout_meta point at it, while the
-- model's PNG stays at uploads/<id>/cutout.png and its meta moves here, so "reset to automatic"
-- (DELETE /api/uploads/:id/mask) restores it without running the model again. cutout_version
-- counts the changes: it busts caches of the cut-out's URL and guards concurrent saves.
alter table uploads add column auto_cutout_meta jsonb;
alter table uploads add column cutout_version integer not null default 0;
