// Renders a SetPlan: ray-casts the analytic set at a reduced internal resolution (soft
// backgrounds lose nothing), applies depth of field by blending blurred layers by depth,
// upscales and dithers at full size so gradients do not band.

import { loadAsset } from "../assets/asset-images.ts";
import type { RenderedScene, RGB, ScenePlan } from "../types.ts";
import { defocusedPlate, groundGradedToPlate, plateOf, wallView } from "./back-plate.ts";
import { makeCamera, project } from "./camera.ts";
import { depthOfField } from "./dof.ts";
import { takeFrame } from "./frame-pool.ts";
import { makeLight } from "./lighting.ts";
import { hash2 } from "./noise.ts";
import { coc, type Focus, raster } from "./raster.ts";
import { hasScanDetail, restoreScanDetail } from "./scan-detail.ts";
import { drawScannedProps } from "./scanned-props.ts";
import { sceneGeometry } from "./scene-geometry.ts";
import { giveScratch, takeScratch } from "./scratch.ts";
import type { SetPlan } from "./set-plan.types.ts";
import { makeShader } from "./shade.ts";
import { sharpenInFocus } from "./sharpen-in-focus.ts";
import { sheenMap } from "./sheen.ts";
import { compileProps } from "./world.ts";

/** internal resolution as a fraction of the output: the set is soft, so half size suffices */
function internalScale(width: number, height: number): number {
  const px = width * height;
  if (px <= 400 * 400) return 1;
  if (px <= 1100 * 1100) return 0.45;
  return 0.4;
}

/** the camera focuses on the product, front to back (raster.ts Focus) */
function focusDepth(plan: SetPlan, cam: ReturnType<typeof makeCamera>): Focus {
  const pd = plan.productSize.depth;
  const y = plan.stageTop + plan.productSize.height * 0.4;
  const front = project(cam, 0, y, -pd / 2)[2];
  const back = project(cam, 0, y, pd / 2)[2];
  return { at: (front + back) / 2, zone: Math.abs(back - front) / 2 };
}

/** the finest internal scale a set is drawn at (a render costs its square) */
const SHARP_PLATE_SCALE = 0.8;

/**
 * The internal scale at which a photographed plate is drawn no softer than the lens blurs it:
 * one internal pixel no wider than its blur in the output. Behind a lamp the plate is blurred
 * by several pixels and half size loses nothing; behind a car, shot deep in focus, it was
 * drawn at 0.45 and blown up ("the asphalt and the bridge are blocky and upscaled").
 */
export function plateScale(plan: SetPlan): number {
  if (!plan.backPlate) return 0;
  const cam = makeCamera(plan, plan.width, plan.height);
  const focus = focusDepth(plan, cam);
  const wall = project(cam, 0, plan.stageTop, plan.wallZ)[2];
  const blur = plan.camera.aperture * 0.012 * Math.max(plan.width, plan.height) * coc(wall, focus);
  return Math.min(SHARP_PLATE_SCALE, 1 / Math.max(blur, 1e-3));
}

export async function renderScene(scene: ScenePlan): Promise<RenderedScene> {
  const plan = validate(scene);
  const { width, height } = plan;
  const cam = makeCamera(plan, width, height);
  const focus = focusDepth(plan, cam);
  // (a flat lay is all in focus: its scanned surface drawn at under half size and blown up read
  // as "smeared", and was drawn at two thirds, at twice the cost; its scan's own detail now
  // comes back at the output's size, scan-detail.ts)
  const s = Math.max(internalScale(width, height), plateScale(plan));
  const iw = Math.max(8, Math.round(width * s));
  const ih = Math.max(8, Math.round(height * s));
  const sx = iw / width;
  const solids = compileProps(plan.props);
  const light = makeLight(plan);
  const plate = await plateOf(plan);
  // a table before a room mirrors it (its sheen), from the plate as decoded (and cached with
  // it): the defocus below makes a new image, and the sheen's own blur is far wider; ground
  // graded to an outdoor plate has its colour already
  const sheen =
    plate && !plan.backPlate?.matchGround && (plan.floor.sheen ?? 0) > 0
      ? await sheenMap(plate.image)
      : undefined;
  if (plate) plate.image = await defocusedPlate(plan, plate.image, cam, focus);
  await loadTextures(plan);
  // the ground takes the plate's colour and light where the product stands on it; after dark
  // on a table before it, its colour alone (the pool of light sets the brightness)
  const matchGround = plan.backPlate?.matchGround ?? false;
  const graded =
    plate && (matchGround || plan.light.pool)
      ? groundGradedToPlate(plan, plate, !matchGround)
      : plan;
  const S = makeShader(
    graded,
    solids,
    light,
    plate ? { ...wallView(plan, cam, plate.image, plate), image: plate.image } : undefined,
    sheen,
  );
  const geo = sceneGeometry(plan);
  const scratch = takeScratch(iw, ih);
  let up: Buffer;
  let maxSigma: number;
  try {
    const { rgb, depth } = raster(plan, cam, S, focus, scratch);
    maxSigma = plan.camera.aperture * 0.012 * Math.max(iw, ih);
    const blended =
      maxSigma >= 0.6 ? await depthOfField(scratch, rgb, depth, iw, ih, focus, maxSigma) : rgb;
    up = upscaleDither(blended, iw, ih, width, height, plan.seed);
    // a scanned surface in the focal plane is as crisp as the product standing on it: the
    // floor's scan at the output's own size, what else is in focus sharpened
    if (plan.floor.kind === "scan" && s < 1) {
      const floorDetail = hasScanDetail(S.floor);
      if (floorDetail)
        restoreScanDetail({
          plan,
          floor: S.floor,
          rgb: up,
          width,
          height,
          iw,
          ih,
          depth,
          ids: scratch.ids,
          focus,
          maxSigma: maxSigma / sx,
        });
      await sharpenInFocus(up, width, height, depth, iw, ih, focus, maxSigma / sx, {
        ids: floorDetail ? scratch.ids : undefined,
      });
    }
    if (plan.scanned?.length)
      await drawScannedProps(up, width, height, cam, plan, focus, maxSigma / sx, geo);
  } finally {
    giveScratch(scratch);
  }
  const { centerX, baseY, maxHeight } = geo.placement;
  return {
    width,
    height,
    rgb: up,
    ...geo,
    surfaceColor: sampleSurface(up, width, height, centerX, baseY + Math.max(2, maxHeight * 0.04)),
    // the camera focuses on the product: its plane is sharp
    blurAtProduct: round2((maxSigma / sx) * coc(focus.at, focus)),
    seed: plan.seed,
  };
}

/**
 * Bilinear upscale fused with ±1.5 levels of deterministic noise (dither: breaks 8-bit banding
 * on smooth sweeps). The set is soft at the internal resolution, so taps beyond 2×2 buy
 * nothing; a clamped array saturates and rounds for free.
 *
 * Done in two passes: each source row is first spread across the output's width once, and
 * each output row is then a blend of the two spread rows above and below it. A source row
 * serves two to three output rows, so the per-pixel work is two taps, not four (the 2×2 form
 * took 45-50 ms of a generation's four 1024² sets). The sum is the same bilinear weights
 * grouped otherwise: equal up to the last bits of a double, which the rounding to bytes does
 * not see (outputs compared byte for byte).
 */
function upscaleDither(
  src: Uint8Array,
  w: number,
  h: number,
  W: number,
  H: number,
  seed: number,
): Buffer {
  // every byte is written below: a reused frame's old pixels never show
  const frame = takeFrame(W * H * 3);
  const out = new Uint8ClampedArray(frame.buffer, frame.byteOffset, frame.byteLength);
  const tile = new Float32Array(64 * 64);
  for (let i = 0; i < tile.length; i++)
    tile[i] = Math.round((hash2(i, seed) + hash2(seed, i * 7) - 1) * 1.5);
  const xs0 = new Int32Array(W);
  const xs1 = new Int32Array(W);
  const fx = new Float64Array(W);
  for (let x = 0; x < W; x++) {
    const sx = Math.min(w - 1, Math.max(0, ((x + 0.5) * w) / W - 0.5));
    const x0 = Math.floor(sx);
    xs0[x] = x0 * 3;
    xs1[x] = Math.min(w - 1, x0 + 1) * 3;
    fx[x] = Math.fround(sx - x0);
  }
  /** source row `y` spread across W, interleaved RGB */
  const spread = (y: number, dst: Float64Array) => {
    const r = y * w * 3;
    for (let x = 0, o = 0; x < W; x++, o += 3) {
      const tx = fx[x]!;
      const a = r + xs0[x]!;
      const b = r + xs1[x]!;
      dst[o] = src[a]! * (1 - tx) + src[b]! * tx;
      dst[o + 1] = src[a + 1]! * (1 - tx) + src[b + 1]! * tx;
      dst[o + 2] = src[a + 2]! * (1 - tx) + src[b + 2]! * tx;
    }
  };
  let top = new Float64Array(W * 3);
  let bot = new Float64Array(W * 3);
  let topY = -1;
  let botY = -1;
  for (let y = 0; y < H; y++) {
    const sy = Math.min(h - 1, Math.max(0, ((y + 0.5) * h) / H - 0.5));
    const y0 = Math.floor(sy);
    const y1 = Math.min(h - 1, y0 + 1);
    const ty = sy - y0;
    if (y0 !== topY) {
      if (y0 === botY) {
        const t = top;
        top = bot;
        bot = t;
        topY = botY;
      } else spread(y0, top);
      topY = y0;
    }
    if (y1 !== botY) {
      spread(y1, bot);
      botY = y1;
    }
    const trow = (y & 63) * 64;
    let o = y * W * 3;
    for (let x = 0, i = 0; x < W; x++, i += 3) {
      const n = tile[trow + (x & 63)]!;
      out[o] = top[i]! * (1 - ty) + bot[i]! * ty + n;
      out[o + 1] = top[i + 1]! * (1 - ty) + bot[i + 1]! * ty + n;
      out[o + 2] = top[i + 2]! * (1 - ty) + bot[i + 2]! * ty + n;
      o += 3;
    }
  }
  return frame;
}

function validate(scene: ScenePlan): SetPlan {
  const plan = scene as SetPlan;
  const ok = (v: unknown) => typeof v === "number" && Number.isFinite(v);
  if (
    !ok(plan.width) ||
    !ok(plan.height) ||
    plan.width < 16 ||
    plan.height < 16 ||
    plan.width > 8192 ||
    plan.height > 8192
  ) {
    throw new RangeError(
      `renderScene: width and height must be 16..8192, got ${plan.width}×${plan.height}`,
    );
  }
  if (
    !plan.floor ||
    !plan.wall ||
    !plan.light ||
    !plan.camera ||
    !plan.productSize ||
    !Array.isArray(plan.props)
  ) {
    throw new TypeError("renderScene: not a scene plan from planScenes()");
  }
  return plan;
}

function sampleSurface(rgb: Buffer, w: number, h: number, cx: number, cy: number): RGB {
  const r = Math.max(2, Math.round(w / 200));
  let sr = 0;
  let sg = 0;
  let sb = 0;
  let n = 0;
  for (let y = Math.round(cy) - r; y <= Math.round(cy) + r; y++) {
    for (let x = Math.round(cx) - r * 3; x <= Math.round(cx) + r * 3; x++) {
      if (x < 0 || y < 0 || x >= w || y >= h) continue;
      const j = (y * w + x) * 3;
      sr += rgb[j]!;
      sg += rgb[j + 1]!;
      sb += rgb[j + 2]!;
      n++;
    }
  }
  return n ? [Math.round(sr / n), Math.round(sg / n), Math.round(sb / n)] : [128, 128, 128];
}

function round2(v: number): number {
  return Math.round(v * 100) / 100;
}

/** decodes every scanned texture the plan names, so shading can read them synchronously */
async function loadTextures(plan: SetPlan): Promise<void> {
  const ids = [plan.floor, plan.wall, plan.outdoor?.sea, ...plan.props.map((p) => p.material)]
    .map((m) => (m?.kind === "scan" ? m.texture : undefined))
    .filter((id): id is string => !!id);
  await Promise.all([...new Set(ids)].map(loadAsset));
}
