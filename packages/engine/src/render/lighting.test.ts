import { describe, expect, it } from "vitest";
import { expNeg, type Light, makeLight, specular } from "./lighting.ts";

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
