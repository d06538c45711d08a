// GET /api/gpu: whether product scenes can be generated on GPU servers now, so the Product app
// offers the seller the choice between the CPU studio and generated scenes only when both exist.
import type { GpuStatus } from "@studio/contracts";
import type { FastifyInstance } from "fastify";
import type { Gpu } from "./gpu.module.ts";

export async function gpuRoutes(app: FastifyInstance, opts: { gpu: Gpu | null }) {
  app.get("/api/gpu", async (): Promise<GpuStatus> => {
    const gpu = opts.gpu;
    return { scenes: Boolean(gpu?.scenes && gpu.pool.available()) };
  });
}
