// COMFYUI_STAND_IN=on: the process starts a ComfyUI stand-in on a loopback port and adds it to the
// pool, so `make start` shows the GPU flow (scenes, models, which path made each photo) without a
// GPU. Its images carry a banner saying no model made them. Each process that runs jobs starts
// its own: the stand-in keeps its files in memory.
import type { Config } from "../../config.ts";
import { startComfyStandIn } from "./comfyui-stand-in.ts";

export async function withDevStandIn(
  config: Config,
): Promise<{ config: Config; close(): Promise<void> }> {
  if (!config.gpu?.standIn) return { config, close: async () => {} };
  // about what a mid-range GPU takes for one SDXL image, so the queue's ETA looks like the real one
  const standIn = await startComfyStandIn({ secondsPerImage: 2, steps: 10 });
  console.warn(
    `COMFYUI_STAND_IN=on: a ComfyUI stand-in answers on ${standIn.url}; its images are not generated`,
  );
  return {
    config: { ...config, gpu: { ...config.gpu, urls: [...config.gpu.urls, standIn.url] } },
    close: () => standIn.close(),
  };
}
