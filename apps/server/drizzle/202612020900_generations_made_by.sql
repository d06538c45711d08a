-- Which path made each photo (issue 22): the CPU studio or a diffusion model on a GPU server.
alter table generation_images add column made_by text not null default 'studio';
