// A worker process whose FFMPEG_PATH points nowhere, on the test app's database: it runs the
// queued video jobs until idle and every one of them fails (and refunds), as on a box without
// ffmpeg.
import { createPipeline } from "../../composition/pipeline.ts";
import type { TestApp } from "../../testing/test-harness.ts";

export async function runVideosWithoutFfmpeg(t: TestApp): Promise<void> {
  const broken = createPipeline({
    config: { ...t.app.services.config, ffmpegPath: "/nonexistent/ffmpeg" },
    database: t.database,
    clock: t.app.services.clock,
    coins: t.app.services.coins,
    kind: "worker",
    log: { info() {}, error() {} },
  });
  try {
    await broken.runner?.runUntilIdle();
  } finally {
    await broken.stop();
  }
}
