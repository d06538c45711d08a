// `photoshoot garment <photo> --style flatlay|hanger|ghost|dress-form --count 4 --out dir/`
import { mkdir, readFile, writeFile } from "node:fs/promises";
import path from "node:path";
import type { OutputFormat } from "../composite/encode.ts";
import {
  GARMENT_KINDS,
  GARMENT_MAX_COUNT,
  GARMENT_STYLES,
  type GarmentKind,
  type GarmentStyle,
  garmentCutout,
  renderGarment,
} from "../garment/index.ts";
import { decodeImage } from "../input/decode.ts";
import { commandArgs } from "./command-args.ts";
import { progressBar } from "./progress-bar.ts";

export const GARMENT_USAGE = `  photoshoot garment <photo> --style ${GARMENT_STYLES.join("|")} [--count 4] [--out dir/]
                    [--kind ${GARMENT_KINDS.join("|")}] [--seed n] [--size 1024x1280]
                    [--format jpeg|png|webp]`;

export async function runGarment(
  args: string[],
  UsageError: new (message: string) => Error,
): Promise<number> {
  const { values, positionals } = commandArgs(args, [
    "style",
    "count",
    "out",
    "kind",
    "seed",
    "size",
    "format",
  ]);
  const file = positionals[0];
  if (!file) throw new UsageError("Give the garment photo's path.");
  const style = values.style as GarmentStyle | undefined;
  if (!style || !GARMENT_STYLES.includes(style)) {
    throw new UsageError(`--style must be one of ${GARMENT_STYLES.join(", ")}.`);
  }
  const kind = values.kind as GarmentKind | undefined;
  if (kind !== undefined && !GARMENT_KINDS.includes(kind)) {
    throw new UsageError(`--kind must be one of ${GARMENT_KINDS.join(", ")}.`);
  }
  const whole = (v: string | undefined, name: string, fallback: number) => {
    if (v === undefined) return fallback;
    if (!/^\d+$/.test(v)) throw new UsageError(`--${name} must be a whole number, got "${v}".`);
    return Number(v);
  };
  const count = whole(values.count, "count", 4);
  if (count < 1 || count > GARMENT_MAX_COUNT) {
    throw new UsageError(`--count must be 1 to ${GARMENT_MAX_COUNT}.`);
  }
  const seed = whole(values.seed, "seed", 1);
  let width: number | undefined;
  let height: number | undefined;
  if (values.size) {
    const m = /^(\d+)x(\d+)$/.exec(values.size);
    if (!m) throw new UsageError(`--size must look like 1024x1280, got "${values.size}".`);
    width = Number(m[1]);
    height = Number(m[2]);
  }
  const format = (values.format ?? "jpeg") as OutputFormat;
  if (!["jpeg", "png", "webp"].includes(format)) {
    throw new UsageError(`Unknown --format "${format}".`);
  }
  let bytes: Buffer;
  try {
    bytes = await readFile(file);
  } catch (err) {
    throw new UsageError(`Cannot read ${file}: ${(err as NodeJS.ErrnoException).code ?? err}`);
  }
  const bar = progressBar();
  bar.update(0, "decoding");
  const image = await decodeImage(bytes);
  bar.update(0.05, "cutting out the garment");
  const g = await garmentCutout(image);
  const images = await renderGarment(g, {
    style,
    kind,
    count,
    seed,
    width,
    height,
    format,
    onProgress: (done, total) =>
      bar.update(0.4 + 0.6 * (done / total), `${style} ${Math.min(done + 1, total)}/${total}`),
  });
  const out = values.out ?? ".";
  await mkdir(out, { recursive: true });
  const base = path.basename(file, path.extname(file));
  const ext = format === "jpeg" ? "jpg" : format;
  const written: string[] = [];
  for (const img of images) {
    const name = path.join(out, `${base}-${img.setName}-${img.index + 1}.${ext}`);
    await writeFile(name, img.bytes);
    written.push(name);
  }
  const removed = g.removed.length ? `, removed ${g.removed.join(" and ")}` : "";
  bar.done(
    `${images.length} photo(s) of a ${kind ?? g.kind}${kind ? "" : " (detected)"}${removed}:`,
  );
  process.stdout.write(`${written.join("\n")}\n`);
  return 0;
}
