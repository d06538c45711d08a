import { describe, expect, it } from "vitest";
import { expNeg, gobo, type Light, makeLight, specular } from "./lighting.ts";

describe("the light's lookup tables", () => {
  it("gives ndh ** shininess within 2e-4 of Math.pow, soft light to hard", () => {
    for (const softness of [0, 0.3, 1]) {
      const L = makeLight({
        light: { azimuthDeg: 30, elevationDeg: 40, temperatureK: 5500, intensity: 1, softness },
        productSize: { width: 1, height: 1, depth: 1 },
        seed: 1,
        variant: 0,
        stageTop: 0,
      } as unknown as Parameters<typeof makeLight>[0]) as Light;
      let worst = 0;
      for (let k = 0; k <= 10000; k++) {
        const ndh = k / 10000;
        worst = Math.max(worst, Math.abs(specular(L, ndh) - ndh ** L.shininess));
      }
      expect(worst).toBeLessThan(2e-4);
      expect(specular(L, 1.0000001)).toBeCloseTo(1, 6);
    }
  });

  it("gives exp(-x) within 1e-5 of its value, and 0 far out", () => {
    let worst = 0;
    for (let k = 0; k <= 30000; k++) {
      const x = k / 1000;
      const e = Math.exp(-x);
      worst = Math.max(worst, Math.abs(expNeg(x) - e) / Math.max(e, 4e-6));
    }
    expect(worst).toBeLessThan(1e-5);
    expect(expNeg(Number.POSITIVE_INFINITY)).toBe(0);
  });
});

describe("a window's light across a flat lay", () => {
  const flatLay = (gobo: "blinds" | "window" | "leaves") =>
    makeLight({
      light: {
        azimuthDeg: 40,
        elevationDeg: 35,
        temperatureK: 5400,
        intensity: 1,
        softness: 0.2,
        gobo,
      },
      productSize: { width: 1, height: 0.1, depth: 0.7 },
      lying: true,
      seed: 1,
      variant: 0,
      stageTop: 0,
    } as unknown as Parameters<typeof makeLight>[0]) as Light;
  /** the gobo's light on the table (y = 0) over a square of half-side r round the product */
  const lightOn = (L: Light, r: number) => {
    const out: number[] = [];
    for (let x = -r; x <= r; x += r / 20)
      for (let z = -r; z <= r; z += r / 20) out.push(gobo(L, x, 0, z));
    return out;
  };

  it("lays the product in one pane of sun, the mullions' shadows on the table round it", () => {
    for (const g of ["blinds", "window"] as const) {
      const L = flatLay(g);
      // under the product and a margin round it: full light, not a pool cut out of stripes
      expect(Math.min(...lightOn(L, 0.6))).toBeGreaterThan(0.99);
      // within the frame round it (a flat lay shows ~3 product widths): a mullion's shadow
      expect(Math.min(...lightOn(L, 1.6))).toBeLessThan(0.5);
    }
  });

  it("keeps leaves' dapples, with the product's pool, as before", () => {
    const L = flatLay("leaves");
    expect(L.patch).toBeNull();
    expect(gobo(L, 0, 0, 0)).toBe(1);
  });
});
