// Product scenes on the GPU servers (SCENE_BACKEND=comfyui): the engine plans and renders the set
// on the CPU as always, the render seeds the diffusion model (img2img) with the cut-out as its
// mask, and the compositor pastes the product's own pixels back over what came back. It runs on
// the job's thread, not the engine thread: most of its time is spent waiting on the network, and
// the backend is a live object that cannot cross to a worker thread. When no server can make the
// photos, the answer is null and the CPU studio renders the generation as it would without GPUs.
// The sampler's steps, heard on each server's websocket, are written for the seller's status.
import {
  type Cutout,
  type GenerativeBackend,
  generateFromCutout,
  getPreset,
  isEngineError,
  type ReferenceLook,
} from "@studio/engine";
import type { RenderedImage, RenderJob } from "../engine/engine-adapter.ts";
import { generateRequestOf } from "../modules/generations/generation-output.ts";
import type { RunnerLog } from "../modules/jobs/job-runner.ts";
import type { PaintProgress } from "./paint-progress.repository.ts";

export interface SceneRunner {
  run(
    job: RenderJob,
    cut: Cutout | null,
    maxSide: number | undefined,
    references: ReferenceLook[],
    /** whose painting progress is reported */
    generationId: string,
  ): Promise<RenderedImage[] | null>;
}

export function createSceneRunner(
  painter: GenerativeBackend,
  log: RunnerLog,
  progress: PaintProgress,
): SceneRunner {
  return {
    async run(job, cut, maxSide, references, generationId) {
      // a product photo in a set: white backgrounds, text-only sets and clothing stay on the CPU
      if (!cut || job.app === "clothing" || getPreset(job.preset).background === "white") {
        return null;
      }
      // one write after another, so the last word (and the clear below) lands last
      let writes = Promise.resolve();
      const report = (painted: number) => {
        writes = writes
          .then(() => progress.report(generationId, painted))
          .catch((err: unknown) => log.error({ err }, "could not record the painting progress"));
      };
      try {
        const images = await generateFromCutout(cut, {
          ...generateRequestOf(job, maxSide, references),
          backend: painter,
          onProgress: (e) => {
            if (e.stage === "paint" && e.painted !== undefined) report(e.painted);
          },
        });
        return images.map((img) => ({ ...img, madeBy: "generated" as const }));
      } catch (err) {
        if (!isEngineError(err) || err.code !== "BACKEND_FAILED") throw err;
        log.error({ err }, "GPU scenes failed; the CPU studio renders this generation");
        return null;
      } finally {
        await writes;
        await progress
          .clear(generationId)
          .catch((err: unknown) => log.error({ err }, "could not clear the painting progress"));
      }
    },
  };
}
