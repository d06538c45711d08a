// GET /api/photo-material: the photographic pack's files as the server ships them (its manifest),
// fetched by the page rather than bundled, so ~240 entries cost nothing until someone looks.
import { request } from "../../api/request.ts";

export type PhotoKind =
  | "surface"
  | "surface-map"
  | "wall"
  | "panorama"
  | "plate"
  | "prop-model"
  | "prop-texture"
  | "prop-cutout";

export interface PhotoMaterial {
  pack: {
    files: number;
    presentFiles: number;
    bytes: number;
    presentBytes: number;
    complete: boolean;
    state: string;
  };
  entries: {
    file: string;
    kind: PhotoKind;
    subject: string;
    origin: string;
    licence: string;
    repo: string;
    rawUrl: string;
  }[];
}

export const photoMaterial = () =>
  request<PhotoMaterial>("GET", "/api/photo-material", { token: null });
