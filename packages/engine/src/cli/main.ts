// photoshoot: the engine on the command line. Exit codes: 0 ok, 1 the image failed a check or
// the engine refused it, 2 wrong usage.

import { mkdir, readFile, writeFile } from "node:fs/promises";
import path from "node:path";
import sharp from "sharp";
import { presentBySize, setPhotoPack } from "../assets/index.ts";
import type { OutputFormat } from "../composite/encode.ts";
import { cutout } from "../cutout/cutout.ts";
import { withDetectedProduct } from "../detect/detect-product.ts";
import { generateFromCutout } from "../generate.ts";
import { decodeImage } from "../input/decode.ts";
import { EngineError } from "../input/engine-error.ts";
import { checkAmazon } from "../presets/check-amazon.ts";
import { getPreset, type PresetName, presets } from "../presets/presets.ts";
import { templates } from "../scenes/index.ts";
import { commandArgs } from "./command-args.ts";
import { GARMENT_USAGE, runGarment } from "./garment-command.ts";
import { PLAN_USAGE, runPlan } from "./plan-command.ts";
import { progressBar } from "./progress-bar.ts";
import { runVideo } from "./video-command.ts";

const USAGE = `Usage:
  photoshoot generate <photo> [--prompt "…"] [--count 4] [--out dir/] [--template id]
                     [--preset ${Object.keys(presets).join("|")}] [--seed n] [--format jpeg|png|webp]
                     [--method auto|isnet|classical]
${GARMENT_USAGE}
  photoshoot cutout <photo> --out cut.png [--method auto|isnet|classical]
  photoshoot check-amazon <image>
  photoshoot video <photo> [more views…] [--prompt "…"] [--move orbit|push-in|pull-back|pan|light-sweep|turntable]
                  [--seconds 5|10] [--fps 24|30] [--aspect 1:1|9:16|16:9] [--seed n] --out clip.mp4
${PLAN_USAGE}
  photoshoot templates
`;

class UsageError extends Error {}

function intOption(v: string | undefined, name: string, fallback: number): number {
  if (v === undefined) return fallback;
  if (!/^\d+$/.test(v)) throw new UsageError(`--${name} must be a whole number, got "${v}".`);
  return Number(v);
}

async function readPhoto(file: string | undefined): Promise<Buffer> {
  if (!file) throw new UsageError("Give the photo's path.");
  try {
    return await readFile(file);
  } catch (err) {
    throw new UsageError(`Cannot read ${file}: ${(err as NodeJS.ErrnoException).code ?? err}`);
  }
}

function method(v: string | undefined): "auto" | "isnet" | "classical" {
  const m = v ?? "auto";
  if (m !== "auto" && m !== "isnet" && m !== "classical")
    throw new UsageError(`Unknown --method "${m}".`);
  return m;
}

async function runGenerate(args: string[]): Promise<number> {
  const { values, positionals } = commandArgs(args, [
    "prompt",
    "count",
    "out",
    "template",
    "preset",
    "seed",
    "format",
    "method",
  ]);
  const bytes = await readPhoto(positionals[0]);
  const preset = getPreset(values.preset ?? "web");
  const format = (values.format ?? preset.format) as OutputFormat;
  if (!["jpeg", "png", "webp"].includes(format))
    throw new UsageError(`Unknown --format "${format}".`);
  if (values.template && !templates.some((t) => t.id === values.template)) {
    throw new UsageError(`Unknown template "${values.template}"; see \`photoshoot templates\`.`);
  }
  const count = intOption(values.count, "count", 4);
  const seed = intOption(values.seed, "seed", 1);
  const out = values.out ?? ".";
  const bar = progressBar();
  bar.update(0, "decoding");
  const image = await decodeImage(bytes);
  bar.update(0.05, "cutting out the product");
  const cutOnly = await cutout(image, {
    method: method(values.method),
    onStage: (s) =>
      bar.update(
        s === "model" ? 0.1 : 0.35,
        s === "model" ? "running the cut-out model" : "refining edges",
      ),
  });
  bar.update(0.38, "recognising the product");
  const cut = await withDetectedProduct(image, cutOnly);
  const images = await generateFromCutout(cut, {
    prompt: values.prompt,
    templateId: values.template,
    count,
    seed,
    preset: preset.name as PresetName,
    format,
    onProgress: (e) =>
      bar.update(
        0.4 + 0.6 * (e.done / e.total),
        `${e.stage} ${Math.min(e.done + 1, e.total)}/${e.total}`,
      ),
  });
  await mkdir(out, { recursive: true });
  const base = path.basename(positionals[0]!, path.extname(positionals[0]!));
  const ext = format === "jpeg" ? "jpg" : format;
  const written: string[] = [];
  for (const img of images) {
    const file = path.join(out, `${base}-${img.templateId}-${img.seed}-${img.index + 1}.${ext}`);
    await writeFile(file, img.bytes);
    written.push(file);
  }
  const kind = cut.product?.kind;
  const seen = kind
    ? `, ${/^[aeiou]/i.test(kind) ? "an" : "a"} ${kind} (${cut.product!.confidence})`
    : "";
  bar.done(`${images.length} photo(s), cut-out by ${cut.method}${seen}:`);
  process.stdout.write(`${written.join("\n")}\n`);
  return 0;
}

async function runCutout(args: string[]): Promise<number> {
  const { values, positionals } = commandArgs(args, ["out", "method"]);
  const bytes = await readPhoto(positionals[0]);
  if (!values.out) throw new UsageError("Give --out <file.png>.");
  const bar = progressBar();
  bar.update(0, "decoding");
  const image = await decodeImage(bytes);
  const cut = await cutout(image, {
    method: method(values.method),
    onStage: (s) =>
      bar.update(
        s === "model" ? 0.1 : 0.8,
        s === "model" ? "running the cut-out model" : "refining edges",
      ),
  });
  const { x, y, width, height } = cut.bbox;
  await sharp(cut.rgba, { raw: { width: cut.width, height: cut.height, channels: 4 } })
    .extract({ left: x, top: y, width, height })
    .png()
    .toFile(values.out);
  bar.done(
    `cut-out by ${cut.method}, ${width}×${height} px, colours ${cut.colors.map((c) => `rgb(${c.join(",")})`).join(" ")}`,
  );
  process.stdout.write(`${values.out}\n`);
  return 0;
}

async function runCheckAmazon(args: string[]): Promise<number> {
  const { positionals } = commandArgs(args, []);
  const check = await checkAmazon(await readPhoto(positionals[0]));
  const m = check.metrics;
  process.stdout.write(
    `${check.ok ? "PASS" : "FAIL"} ${positionals[0]}: ${m.width}×${m.height}, product fills ${(m.fill * 100).toFixed(0)} %, white edge ${(m.whiteBorder * 100).toFixed(1)} %\n`,
  );
  for (const r of check.reasons) process.stdout.write(`  - ${r}\n`);
  return check.ok ? 0 : 1;
}

export async function main(argv: string[]): Promise<number> {
  const [command, ...rest] = argv;
  // the command line is a host like the server: it says where the photographic pack is
  const packDir = process.env.STUDIO_ASSETS_DIR;
  if (packDir) setPhotoPack(packDir, presentBySize(packDir));
  try {
    switch (command) {
      case "generate":
        return await runGenerate(rest);
      case "cutout":
        return await runCutout(rest);
      case "garment":
        return await runGarment(rest, UsageError);
      case "check-amazon":
        return await runCheckAmazon(rest);
      case "video":
        return await runVideo(rest, UsageError);
      case "plan":
        return await runPlan(rest, UsageError, intOption);
      case "templates":
        for (const t of templates)
          process.stdout.write(`${t.id.padEnd(22)} ${t.name.en} / ${t.name.zh}\n`);
        return 0;
      case undefined:
      case "help":
      case "--help":
      case "-h":
        process.stdout.write(USAGE);
        return command ? 0 : 2;
      default:
        throw new UsageError(`Unknown command "${command}".`);
    }
  } catch (err) {
    process.stderr.write("\n");
    if (
      err instanceof UsageError ||
      (err as { code?: string }).code?.startsWith("ERR_PARSE_ARGS")
    ) {
      process.stderr.write(`photoshoot: ${(err as Error).message}\n\n${USAGE}`);
      return 2;
    }
    if (err instanceof EngineError) {
      process.stderr.write(`photoshoot: ${err.message} [${err.code}]\n`);
      return err.code === "INVALID_ARGUMENT" ? 2 : 1;
    }
    throw err;
  }
}
