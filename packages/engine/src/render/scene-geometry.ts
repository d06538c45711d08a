// Where the product goes and how it is lit, computed from the plan alone (no pixels): the
// compositor's contract, also usable before rendering (layout previews, tests).
import type { RenderedScene, ScenePlan } from "../types.ts";
import { basePoint, makeCamera, project, topPoint } from "./camera.ts";
import { kelvinToLinear } from "./color.ts";
import { makeLight } from "./lighting.ts";
import type { SetPlan } from "./set-plan.types.ts";

export type SceneGeometry = Pick<RenderedScene, "placement" | "light" | "reflectivity" | "lying">;

export function sceneGeometry(scene: ScenePlan): SceneGeometry {
  const plan = scene as SetPlan;
  const cam = makeCamera(plan, plan.width, plan.height);
  const { width: pw } = plan.productSize;
  // the front of the product's footprint, where its photo's bottom edge meets the surface
  const base = basePoint(plan);
  const [bx, by] = project(cam, ...base);
  const [, ty] = project(cam, ...topPoint(plan));
  const [lx] = project(cam, -pw / 2, base[1], base[2]);
  const [rx] = project(cam, pw / 2, base[1], base[2]);
  const light = makeLight(plan);
  // shadows fall away from the light: project a step along the ground
  const [sx0, sy0] = project(cam, 0, plan.stageTop, 0);
  const [sx1, sy1] = project(cam, -light.lx * 0.2, plan.stageTop, -light.lz * 0.2);
  const sl = Math.hypot(sx1 - sx0, sy1 - sy0) || 1;
  const k = kelvinToLinear(plan.light.temperatureK);
  const stage = plan.props.find((p) => p.stage);
  return {
    placement: {
      centerX: round2(bx),
      baseY: round2(by),
      maxWidth: round2(rx - lx),
      maxHeight: round2(by - ty),
    },
    light: {
      shadowDir: { x: round2((sx1 - sx0) / sl), y: round2((sy1 - sy0) / sl) },
      elevationDeg: plan.light.elevationDeg,
      softness: plan.light.softness,
      color: [
        Math.round(k[0] ** (1 / 2.2) * 255),
        Math.round(k[1] ** (1 / 2.2) * 255),
        Math.round(k[2] ** (1 / 2.2) * 255),
      ],
    },
    reflectivity: plan.lying ? 0 : stage ? stage.material.gloss : plan.floor.gloss,
    ...(plan.lying ? { lying: true } : {}),
  };
}

function round2(v: number): number {
  return Math.round(v * 100) / 100;
}
