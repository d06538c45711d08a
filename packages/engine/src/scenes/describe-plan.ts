// What the engine understood and what it will build, as plain data: `photoshoot plan --json`
// prints it, the app shows the unused words, tests check that each prompt's setting, camera
// and props reach the plan.
import type { SetPlan } from "../render/set-plan.types.ts";
import type { PlanRequest, RGB } from "../types.ts";
import { parsePrompt } from "./parse-prompt.ts";
import { planScenes } from "./plan-scenes.ts";
import { productScale } from "./product-scale.ts";
import { cameraNotServed } from "./top-view.ts";

export interface PlanDescription {
  prompt: string;
  understood: {
    camera: string | null;
    setting: string | null;
    settings: string[];
    surface: string | null;
    lights: string[];
    palette: string[];
    mood: string | null;
    season: string | null;
    holiday: string | null;
    props: string[];
    /** the product, named in the prompt or read from the photo (the prompt wins): its typical
     * size and what the set stands it on; confidence is recognition's for a photo or an outline */
    product: {
      kind: string | null;
      source: "prompt" | "photo" | "shape" | null;
      confidence: number | null;
      sizeCm: number;
      stands: string;
    };
  };
  /** words of the prompt the engine did not use */
  unused: string[];
  /** the sets are built from the photographic pack, or drawn (the pack is not on this install) */
  sets: "photographic" | "drawn";
  /** props the brief asked for that the pack cannot serve: left out rather than drawn */
  unusedProps: string[];
  shots: {
    template: string;
    camera: { view: string; pitchDeg: number; fill: number };
    setting: string;
    /** what the product stands on in this shot: table (counter, podium), floor, ground */
    stands: string;
    /** the set's layout: floor, podium, plinth, slab… */
    layout: string;
    backdrop: string;
    surface: { kind: string; color: string };
    light: { azimuthDeg: number; elevationDeg: number; softness: number; kelvin: number };
    palette: string[];
    props: string[];
    scenery: string[];
    /** the pack's plate behind the product, and the scanned surface under it */
    plate: string | null;
    surfaceScan: string | null;
    /** the pack's photo-scanned props standing in the set */
    scans: string[];
    /** the pack's panorama whose light the studio set takes */
    panorama: string | null;
  }[];
}

const hex = (c: RGB) => `#${c.map((v) => Math.round(v).toString(16).padStart(2, "0")).join("")}`;
const r1 = (v: number) => Math.round(v * 10) / 10;

export function describePlan(req: PlanRequest): PlanDescription {
  const intent = parsePrompt(req.prompt);
  const plans = planScenes(req) as SetPlan[];
  return {
    prompt: req.prompt ?? "",
    understood: {
      camera: intent.camera ?? null,
      setting: intent.setting ?? null,
      settings: intent.settings,
      surface: intent.materials[0] ?? null,
      lights: intent.lights,
      palette: intent.colors.map(hex),
      mood: intent.mood ?? null,
      season: intent.season ?? null,
      holiday: intent.holiday ?? null,
      props: intent.things,
      product: (({ kind, source, confidence, size, stands }) => ({
        kind,
        source,
        confidence,
        sizeCm: Math.round(size * 100),
        stands,
      }))(productScale(intent, req.product.detected)),
    },
    // a camera a top view cannot give is not used either: it lies in a flat lay
    unused: [
      ...intent.unused,
      ...[cameraNotServed(req, productScale(intent, req.product.detected), intent.camera)].filter(
        (c): c is NonNullable<typeof c> => !!c,
      ),
    ],
    sets: plans.every((p) => p.brief?.sets === "photographic") ? "photographic" : "drawn",
    unusedProps: [...new Set(plans.flatMap((p) => p.brief?.unusedThings ?? []))],
    shots: plans.map((p) => ({
      template: p.templateId,
      camera: {
        view: p.brief?.shot ?? "eye-level",
        pitchDeg: r1(p.camera.pitchDeg),
        fill: r1(p.camera.fill * 100) / 100,
      },
      setting: p.brief?.setting ?? "studio",
      stands: p.brief?.stands ?? "table",
      layout: p.layout,
      backdrop: p.plate ? "reference plate" : p.backdrop,
      surface: { kind: p.floor.kind, color: hex(p.floor.color) },
      light: {
        azimuthDeg: Math.round(p.light.azimuthDeg),
        elevationDeg: Math.round(p.light.elevationDeg),
        softness: r1(p.light.softness * 10) / 10,
        kelvin: Math.round(p.light.temperatureK),
      },
      palette: [
        p.wall.color,
        p.floor.color,
        ...p.props.slice(0, 3).map((x) => x.material.color),
      ].map(hex),
      // what was placed, not only what was wanted: a prop that found no room is not claimed
      props: [...new Set(p.props.flatMap((x) => (x.thing ? [x.thing] : [])))],
      scenery: (p.outdoor?.layers ?? []).map((l) => `${l.kind} at ${l.z} m`),
      plate: p.backPlate?.id ?? null,
      surfaceScan: p.floor.texture ?? null,
      scans: (p.scanned ?? []).map((x) => x.id),
      panorama: p.brief?.panorama ?? null,
    })),
  };
}
