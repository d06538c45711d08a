// The line a standing product rests on in the image: the lower hull of its silhouette's bottom
// contour. Its wheels or feet lie on it (a car's rear wheel higher in the frame than its front
// one in a three-quarter view); a column whose bottom is above it is held up over the ground.

export interface Foot {
  /** the column, layer x */
  lx: number;
  /** its lowest opaque row, layer y */
  yb: number;
}

/** the bottom contour's lower hull (image y grows downwards): the line the product rests on */
export function lowerHull(cols: Foot[]): Foot[] {
  const hull: Foot[] = [];
  for (const c of cols) {
    // drop the last point while it lies above the line from the one before it to c
    while (hull.length >= 2) {
      const o = hull[hull.length - 2]!;
      const m = hull[hull.length - 1]!;
      if ((m.lx - o.lx) * (c.yb - o.yb) - (m.yb - o.yb) * (c.lx - o.lx) < 0) break;
      hull.pop();
    }
    hull.push(c);
  }
  return hull;
}

/** the hull's two vertices either side of column lx (`hull` sorted by lx) */
export function hullSegment(hull: Foot[], lx: number): [Foot, Foot] {
  let seg = 0;
  while (seg < hull.length - 2 && hull[seg + 1]!.lx < lx) seg++;
  return [hull[seg]!, hull[Math.min(seg + 1, hull.length - 1)]!];
}

/** the hull's y at column lx, interpolated between its vertices */
export function groundAt(hull: Foot[], lx: number): number {
  const [a, b] = hullSegment(hull, lx);
  return b.lx === a.lx ? a.yb : a.yb + ((b.yb - a.yb) * (lx - a.lx)) / (b.lx - a.lx);
}
