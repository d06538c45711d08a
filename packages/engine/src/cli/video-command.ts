// `photoshoot video <photo> [views…] --prompt "…" --seconds 5 --aspect 9:16 --out clip.mp4`
import { readFile, writeFile } from "node:fs/promises";
import { cutout } from "../cutout/cutout.ts";
import { decodeImage } from "../input/decode.ts";
import type { Cutout } from "../types.ts";
import { VIDEO_ASPECTS, VIDEO_MOVES, type VideoAspect, type VideoMove } from "../video/index.ts";
import { renderVideo } from "../video/render-video.ts";
import { commandArgs } from "./command-args.ts";
import { progressBar } from "./progress-bar.ts";

export async function runVideo(
  args: string[],
  UsageError: new (message: string) => Error,
): Promise<number> {
  const { values, positionals } = commandArgs(args, [
    "prompt",
    "move",
    "seconds",
    "fps",
    "aspect",
    "seed",
    "out",
    "poster",
  ]);
  if (positionals.length === 0) throw new UsageError("Give the photo's path.");
  if (!values.out) throw new UsageError("Give --out <clip.mp4>.");
  const move = (values.move ?? (positionals.length > 1 ? "turntable" : "orbit")) as VideoMove;
  if (!VIDEO_MOVES.includes(move)) throw new UsageError(`Unknown --move "${move}".`);
  const aspect = (values.aspect ?? "1:1") as VideoAspect;
  if (!(aspect in VIDEO_ASPECTS)) throw new UsageError(`Unknown --aspect "${aspect}".`);
  const seconds = Number(values.seconds ?? 5);
  if (seconds !== 5 && seconds !== 10) throw new UsageError("--seconds must be 5 or 10.");
  const fps = Number(values.fps ?? 30);
  if (fps !== 24 && fps !== 30) throw new UsageError("--fps must be 24 or 30.");
  const seed = Number(values.seed ?? 1);
  if (!Number.isInteger(seed) || seed < 0) throw new UsageError("--seed must be a whole number.");

  const bar = progressBar();
  const cuts: Cutout[] = [];
  for (const [i, file] of positionals.entries()) {
    let bytes: Buffer;
    try {
      bytes = await readFile(file);
    } catch (err) {
      throw new UsageError(`Cannot read ${file}: ${(err as NodeJS.ErrnoException).code ?? err}`);
    }
    bar.update((0.2 * i) / positionals.length, `cutting out view ${i + 1}/${positionals.length}`);
    cuts.push(await cutout(await decodeImage(bytes)));
  }
  const r = await renderVideo(cuts, {
    out: values.out,
    prompt: values.prompt,
    move,
    aspect,
    seconds,
    fps,
    seed,
    // the command line is an edge: it may read the environment, the engine does not
    ffmpegPath: process.env.FFMPEG_PATH,
    onProgress: (e) =>
      bar.update(
        0.2 + 0.8 * (e.frame / e.total),
        e.stage === "plate" ? "rendering the set" : `${e.stage} ${e.frame}/${e.total}`,
      ),
  } as Parameters<typeof renderVideo>[1]);
  const poster = values.poster ?? `${values.out.replace(/\.mp4$/i, "")}.jpg`;
  await writeFile(poster, r.poster);
  bar.done(
    `${r.move} ${r.seconds} s ${r.width}×${r.height} @ ${r.fps} fps in ${(r.timings.totalMs / 1000).toFixed(1)} s:`,
  );
  process.stdout.write(`${values.out}\n${poster}\n`);
  return 0;
}
