// Where the product goes and how it is lit, computed from the plan alone (no pixels): the
// compositor's contract, also usable before rendering (layout previews, tests).
import type { RenderedScene, ScenePlan } from "../types.ts";
import { basePoint, makeCamera, project, topPoint } from "./camera.ts";
import { kelvinToLinear } from "./color.ts";
import { makeLight } from "./lighting.ts";
import type { SetPlan } from "./set-plan.types.ts";

export type SceneGeometry = Pick<
  RenderedScene,
  "placement" | "light" | "reflectivity" | "lying" | "lyingThickness" | "ground" | "surfaceEndY"
>;

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
  // a step along the ground towards the camera and one sideways, seen from the camera
  const step = Math.max(0.01, pw * 0.1);
  const [, fy] = project(cam, base[0], base[1], base[2] - step);
  const [fx] = project(cam, base[0] + step, base[1], base[2]);
  const end = plan.lying ? undefined : surfaceEndZ(plan);
  return {
    ...(end === undefined ? {} : { surfaceEndY: round2(project(cam, 0, plan.stageTop, end)[1]) }),
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
    ...(plan.lying
      ? { lying: true, ...(plan.lyingThickness ? { lyingThickness: plan.lyingThickness } : {}) }
      : {
          ground: {
            foreshortening: round2(Math.max(0.02, (fy - by) / Math.max(1e-6, fx - bx))),
            depth: round2(plan.productSize.depth / pw),
          },
        }),
  };
}

/**
 * How far back (world z) the surface under the product runs: a plinth's or a table's back
 * edge. A shadow thrown past it falls off the edge, far below and out of focus; drawn on, it
 * lay over the sky behind a plinth (a lamp's head, close up on a plinth before the sea).
 */
function surfaceEndZ(plan: SetPlan): number | undefined {
  const stage = plan.props.find((p) => p.stage);
  if (stage) return stage.z + (stage.kind === "box" ? stage.depth / 2 : stage.radius);
  return plan.backPlate?.tableEdgeZ;
}

function round2(v: number): number {
  return Math.round(v * 100) / 100;
}
