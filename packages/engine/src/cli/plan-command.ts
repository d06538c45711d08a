// `photoshoot plan [--photo p.jpg] [--prompt "…"] [--json]`: what the engine understood and the
// sets it will build. With a photo, the product is cut out and its kind read from the photo,
// as an upload would be; without one, a placeholder product of the given aspect.
import { readFile } from "node:fs/promises";
import { parseArgs } from "node:util";
import { cutout } from "../cutout/cutout.ts";
import { withDetectedProduct } from "../detect/detect-product.ts";
import { planRequestOf } from "../generate-request.ts";
import { decodeImage } from "../input/decode.ts";
import { describePlan } from "../scenes/describe-plan.ts";
import type { ProductInfo } from "../types.ts";

export const PLAN_USAGE = `  photoshoot plan [--photo p.jpg] [--prompt "…"] [--json] [--count 4] [--seed n] [--aspect 1]
                  [--method auto|isnet|classical]
                  (what the engine understood, the product's kind, and the sets it will build)`;

type Method = "auto" | "isnet" | "classical";

/** the product as an upload would give it: cut out, its kind read from the photo */
async function productFromPhoto(bytes: Buffer, method: Method): Promise<ProductInfo> {
  const image = await decodeImage(bytes);
  const cut = await withDetectedProduct(image, await cutout(image, { method }));
  // what a generation would tell the planner: kind, light side, a top view
  return planRequestOf(cut, {}, 1, 1).product;
}

export async function runPlan(
  args: string[],
  UsageError: new (message: string) => Error,
  intOption: (v: string | undefined, name: string, fallback: number) => number,
): Promise<number> {
  const { values } = parseArgs({
    args,
    options: {
      prompt: { type: "string" },
      photo: { type: "string" },
      method: { type: "string" },
      json: { type: "boolean" },
      count: { type: "string" },
      seed: { type: "string" },
      aspect: { type: "string" },
    },
  });
  const aspect = values.aspect === undefined ? 1 : Number(values.aspect);
  if (!(aspect > 0.05 && aspect < 20))
    throw new UsageError("--aspect is the product's width / height, e.g. 0.5.");
  const method = (values.method ?? "auto") as Method;
  if (!["auto", "isnet", "classical"].includes(method))
    throw new UsageError(`Unknown --method "${method}".`);
  let product: ProductInfo = { colors: [[200, 160, 60]], aspectRatio: aspect };
  if (values.photo) {
    let bytes: Buffer;
    try {
      bytes = await readFile(values.photo);
    } catch (err) {
      throw new UsageError(`Cannot read ${values.photo}: ${(err as NodeJS.ErrnoException).code}`);
    }
    product = await productFromPhoto(bytes, method);
  }
  const d = describePlan({
    prompt: values.prompt ?? "",
    count: intOption(values.count, "count", 4),
    seed: intOption(values.seed, "seed", 1),
    width: 1024,
    height: 1024,
    product,
  });
  if (values.json) {
    process.stdout.write(`${JSON.stringify(d, null, 2)}\n`);
    return 0;
  }
  const u = d.understood;
  const line = (k: string, v: string | null | string[]) =>
    process.stdout.write(
      `${k.padEnd(10)} ${Array.isArray(v) ? v.join(", ") || "-" : (v ?? "-")}\n`,
    );
  const p = u.product;
  line(
    "product",
    p.kind
      ? `${p.kind} (from the ${p.source}${p.source === "photo" ? `, ${p.confidence}` : ""}), about ${p.sizeCm} cm, stands on the ${p.stands}`
      : null,
  );
  line("camera", u.camera);
  line("setting", u.settings.length ? u.settings : null);
  line("surface", u.surface);
  line("light", u.lights);
  line("palette", u.palette);
  line("mood", u.mood);
  line(
    "season",
    [u.season, u.holiday].filter((x): x is string => !!x),
  );
  line("props", u.props);
  line("not used", d.unused);
  for (const [i, s] of d.shots.entries())
    process.stdout.write(
      `shot ${i + 1}: ${s.template}, ${s.camera.view} (${s.camera.pitchDeg}°), ${s.backdrop}, on the ${s.stands} (${s.layout}), ${s.surface.kind}, props: ${s.props.join(", ") || "-"}${s.scenery.length ? `, scenery: ${s.scenery.join(", ")}` : ""}\n`,
    );
  return 0;
}
