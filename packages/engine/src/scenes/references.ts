// Reference images steer the plan: their palette becomes the set's colours (unless the prompt
// names colours), their warmth, light direction and softness the key light (unless the prompt
// names a light), their brightness the exposure, and a reference that is a scene becomes the
// plate rebuilt behind the product. Several references combine: palettes interleave, light
// figures average, the first scene is the plate.
import type { ReferenceLook } from "../reference/read-reference.ts";
import type { RGB } from "../types.ts";
import type { Intent } from "./parse-prompt.ts";

export function applyReferences(intent: Intent, refs: ReferenceLook[] | undefined): Intent {
  if (!refs?.length) return intent;
  const out: Intent = { ...intent };
  if (!intent.colors.length) {
    const colors: RGB[] = [];
    for (let k = 0; k < 3; k++) for (const r of refs) if (r.palette[k]) colors.push(r.palette[k]!);
    out.colors = colors.slice(0, 4);
  }
  const mean = (f: (r: ReferenceLook) => number) =>
    refs.reduce((a, r) => a + f(r), 0) / refs.length;
  const brightness = mean((r) => r.brightness);
  const contrast = mean((r) => r.contrast);
  const warmth = mean((r) => r.warmth);
  if (!intent.lights.length && !intent.time) {
    out.lightLook = {
      azimuthDeg: mean((r) => r.light.azimuthDeg) || 45,
      softness: Math.min(
        0.95,
        Math.max(
          0.05,
          mean((r) => r.light.softness),
        ),
      ),
      temperatureK: Math.round(5600 - warmth * 2400),
      // a contrasty reference wants a stronger key against less fill
      ambient: Math.min(0.7, Math.max(0.12, 0.62 - contrast * 1.4)),
      intensity: Math.min(1.5, Math.max(0.5, 0.6 + brightness)),
    };
  }
  out.exposure = Math.min(1.25, Math.max(0.7, 0.75 + brightness * 0.55));
  const scene = refs.find((r) => r.plate);
  if (scene?.plate && !intent.camera) {
    out.plate = { image: scene.plate, floor: bottomColour(scene.plate) };
  }
  return out;
}

/** the average of the plate's bottom tenth: the ground the product stands on */
function bottomColour(p: { width: number; height: number; rgb: Uint8Array }): RGB {
  let r = 0;
  let g = 0;
  let b = 0;
  let n = 0;
  for (let y = Math.floor(p.height * 0.9); y < p.height; y++) {
    for (let x = 0; x < p.width; x++) {
      const i = (y * p.width + x) * 3;
      r += p.rgb[i]!;
      g += p.rgb[i + 1]!;
      b += p.rgb[i + 2]!;
      n++;
    }
  }
  return [Math.round(r / n), Math.round(g / n), Math.round(b / n)];
}
