// Surface ids and the hit record every ray cast fills in.

export const FLOOR = 0;
export const WALL = 1;
export const SKY = 2;
export const SEA = 3;
/** scenery bands: LAYER0 + index, up to six */
export const LAYER0 = 4;
export const PROP0 = 10;
export const FAR = 1e4;

export class Hit {
  t = FAR;
  id = SKY;
  x = 0;
  y = 0;
  z = 0;
  nx = 0;
  ny = 1;
  nz = 0;
  u = 0;
  v = 0;
}
