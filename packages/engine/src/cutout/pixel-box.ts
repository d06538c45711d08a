// The smallest box round the pixels a loop marks, corners inclusive. The loops that find a
// cut-out's extent, a mask's, or the part of a frame that changed all grow one the same way.

export interface PixelBox {
  x0: number;
  y0: number;
  x1: number;
  y1: number;
}

/** a box round nothing yet, in a `width` × `height` image: x1 stays -1 until a pixel is taken in */
export function emptyBox(width: number, height: number): PixelBox {
  return { x0: width, y0: height, x1: -1, y1: -1 };
}

/** grows `box` to take in the pixel at (x, y) */
export function takeIn(box: PixelBox, x: number, y: number): void {
  if (x < box.x0) box.x0 = x;
  if (x > box.x1) box.x1 = x;
  if (y < box.y0) box.y0 = y;
  if (y > box.y1) box.y1 = y;
}
