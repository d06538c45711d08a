// The video render in its own process: ~5-20 s of CPU (set render, per-frame rasterising,
// ffmpeg) that would otherwise stall the API's event loop. Reads one JSON job on stdin
// ({ views: [{ png, meta }], request }) with file paths, writes the MP4 and the poster beside
// it, and reports on stdout one JSON line per progress step and a last { done } or { error }.
import { readFile, writeFile } from "node:fs/promises";
import {
  deserializeCutout,
  isEngineError,
  renderVideo,
  setPhotoPack,
  type VideoRequest,
} from "@studio/engine";

interface ChildJob {
  views: { png: string; meta: Parameters<typeof deserializeCutout>[1] }[];
  request: Omit<VideoRequest, "onProgress" | "signal">;
  poster: string;
  /** the photographic pack the parent verified, so the clip's set is the one photos get */
  pack?: { dir: string; present: string[] };
}

const say = (msg: object) => process.stdout.write(`${JSON.stringify(msg)}\n`);

async function main() {
  const chunks: Buffer[] = [];
  for await (const c of process.stdin) chunks.push(c as Buffer);
  const job = JSON.parse(Buffer.concat(chunks).toString("utf8")) as ChildJob;
  if (job.pack) setPhotoPack(job.pack.dir, job.pack.present);
  const cuts = [];
  for (const v of job.views) cuts.push(await deserializeCutout(await readFile(v.png), v.meta));
  let last = 0;
  const r = await renderVideo(cuts, {
    ...job.request,
    onProgress: (e) => {
      // every 6th frame is plenty for a progress bar and keeps the database writes few
      if (e.stage !== "frames" || e.frame - last >= 6 || e.frame === e.total) {
        last = e.frame;
        say({ progress: e });
      }
    },
  });
  await writeFile(job.poster, r.poster);
  const { poster: _, ...rest } = r;
  say({ done: rest });
}

main().then(
  () => process.exit(0),
  (err: unknown) => {
    say({
      error: (err as Error).message ?? String(err),
      code: isEngineError(err) ? err.code : undefined,
    });
    process.exit(1);
  },
);
