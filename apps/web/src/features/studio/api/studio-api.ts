// The studios' calls (uploads, masks, generations: decisions 0500, 0504, 0505), shared by the
// Product, Clothing and Video apps, through api/request.ts; the upload reports its progress.
import type {
  CheckPositionResponse,
  Generation,
  GenerationList,
  GenerationRequest,
  GpuStatus,
  MaintenanceResponse,
  PromptPlanResponse,
  SubmitResponse,
  TemplatesResponse,
  UploadResponse,
} from "@studio/contracts";
import { request, requestBlob, uploadWithProgress } from "../../../api/request.ts";

export type UploadPurpose = "product" | "reference";

/** POST /api/uploads with progress (0..1); abort through the signal. */
export function uploadFile(
  file: Blob,
  purpose: UploadPurpose,
  onProgress: (fraction: number) => void,
  signal?: AbortSignal,
): Promise<UploadResponse> {
  const form = new FormData();
  form.append("file", file, file instanceof File ? file.name : "photo");
  return uploadWithProgress<UploadResponse>("/api/uploads", form, onProgress, {
    query: { purpose },
    ...(signal ? { signal } : {}),
  });
}

/** GET /api/uploads/:id/mask: the current cut-out's mask (one-channel PNG); null while pending */
async function getMask(id: string): Promise<Blob | null> {
  const { status, blob } = await requestBlob("GET", `/api/uploads/${id}/mask`);
  return status === 202 ? null : blob;
}

/** PUT /api/uploads/:id/mask: the seller's mask (PNG, matte in alpha) becomes the cut-out */
function saveMask(id: string, png: Blob): Promise<UploadResponse> {
  return request<UploadResponse>("PUT", `/api/uploads/${id}/mask`, { file: png });
}

export const studioApi = {
  getMask,
  saveMask,
  /** DELETE /api/uploads/:id/mask: back to the automatic cut-out */
  resetMask: (id: string) => request<UploadResponse>("DELETE", `/api/uploads/${id}/mask`),
  upload: uploadFile,
  getUpload: (id: string) => request<UploadResponse>("GET", `/api/uploads/${id}`),
  submit: (req: GenerationRequest) =>
    request<SubmitResponse>("POST", "/api/generations", { body: req }),
  checkPosition: (generationId: string) =>
    request<CheckPositionResponse>("GET", "/api/check-position", { query: { generationId } }),
  getGeneration: (id: string) => request<Generation>("GET", `/api/generations/${id}`),
  /** one app's history: each studio shows its own */
  listGenerations: (page: number, pageSize: number, app: "product" | "clothing" = "product") =>
    request<GenerationList>("GET", "/api/generations", { query: { page, pageSize, app } }),
  deleteGeneration: (id: string) =>
    request<{ success: boolean; refunded: number }>("DELETE", `/api/generations/${id}`),
  templates: () => request<TemplatesResponse>("GET", "/api/templates"),
  maintenance: () => request<MaintenanceResponse>("GET", "/api/maintenance"),
  /** GET /api/gpu: whether generated scenes are available (decision 1100) */
  gpu: () => request<GpuStatus>("GET", "/api/gpu"),
  promptPlan: (prompt: string, signal?: AbortSignal) =>
    request<PromptPlanResponse>("POST", "/api/prompt-plan", {
      body: { prompt },
      ...(signal ? { signal } : {}),
    }),
};

export type StudioApi = typeof studioApi;
