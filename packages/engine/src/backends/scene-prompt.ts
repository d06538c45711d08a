// The engine's plan in words, for a diffusion model that paints the set around the product
// (decision 1100): the seller's brief, then what the planner decided for each shot (setting, surface,
// backdrop, light, props) and the product's kind and size, so a generated scene keeps the camera,
// layout and light the CPU render has. The negative prompt keeps the model from drawing a second
// product, people or text, which a product photo must not have.
import { describePlan } from "../scenes/describe-plan.ts";
import type { PlanRequest } from "../types.ts";

export interface ScenePrompt {
  prompt: string;
  negativePrompt: string;
}

const NEGATIVE =
  "duplicate product, second product, extra objects on the product, people, hands, text, " +
  "letters, watermark, logo, label, frame, border, blurry, low quality, distorted perspective, " +
  "oversaturated";

function lightWords(l: { elevationDeg: number; softness: number; kelvin: number }): string {
  const soft = l.softness > 0.6 ? "soft diffused" : l.softness > 0.3 ? "gentle" : "crisp hard";
  const warmth = l.kelvin < 4200 ? "warm" : l.kelvin > 6000 ? "cool" : "neutral";
  const height = l.elevationDeg > 60 ? "from above" : l.elevationDeg < 25 ? "low and raking" : "";
  return [soft, warmth, "light", height].filter(Boolean).join(" ");
}

/** One prompt per planned shot, in the planner's order. */
export function scenePrompts(req: PlanRequest): ScenePrompt[] {
  const d = describePlan(req);
  const product = d.understood.product;
  const what = product.kind
    ? `a ${product.kind} about ${Math.round(product.sizeCm)} cm tall`
    : "the product";
  const mood = [d.understood.mood, d.understood.season, d.understood.holiday].filter(Boolean);
  return d.shots.map((shot) => {
    const parts = [
      "professional product photograph",
      d.prompt.trim(),
      `${what} standing on a ${shot.surface.kind} ${shot.layout} (${shot.stands} height)`,
      shot.setting,
      `${shot.backdrop} backdrop`,
      lightWords(shot.light),
      shot.props.length ? `with ${shot.props.join(", ")}` : "",
      // the renderer's layers carry their depth ("hills at 40 m"): the words are enough here
      [...new Set(shot.scenery.map((l) => l.replace(/ at [\d.]+ m$/, "")))].join(", "),
      mood.length ? `${mood.join(", ")} mood` : "",
      `${shot.camera.view} view`,
      "sharp focus, realistic materials, natural shadows",
    ];
    return {
      prompt: parts.filter((p) => p && p.length > 0).join(", "),
      negativePrompt: NEGATIVE,
    };
  });
}
