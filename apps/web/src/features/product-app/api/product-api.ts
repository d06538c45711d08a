// The product app's calls (issue 5's API). Same bearer token and ApiError as the shell's
// api-client; uploads go through XMLHttpRequest because fetch cannot report upload progress.
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
import { ApiError } from "../../../api/api-client.ts";

const TOKEN_KEY = "token";
const bearer = (): Record<string, string> => {
  const token = localStorage.getItem(TOKEN_KEY);
  return token ? { Authorization: `Bearer ${token}` } : {};
};

function errorOf(status: number, text: string): ApiError {
  let body: { error?: unknown; message?: unknown } = {};
  try {
    body = text ? JSON.parse(text) : {};
  } catch {
    body = {};
  }
  return new ApiError(
    status,
    typeof body.error === "string" ? body.error : "",
    typeof body.message === "string" ? body.message : undefined,
  );
}

async function call<T>(
  method: "GET" | "POST" | "DELETE",
  path: string,
  body?: unknown,
  query?: Record<string, string | number>,
  signal?: AbortSignal,
): Promise<T> {
  const url = new URL(path, window.location.origin);
  for (const [k, v] of Object.entries(query ?? {})) url.searchParams.set(k, String(v));
  const headers: Record<string, string> = { Accept: "application/json", ...bearer() };
  if (body !== undefined) headers["Content-Type"] = "application/json";
  const res = await fetch(url, {
    method,
    headers,
    body: body === undefined ? undefined : JSON.stringify(body),
    ...(signal ? { signal } : {}),
  });
  const text = await res.text();
  if (!res.ok) throw errorOf(res.status, text);
  return (text ? JSON.parse(text) : null) as T;
}

export type UploadPurpose = "product" | "reference";

/** POST /api/uploads with progress (0..1); abort through the signal. */
export function uploadFile(
  file: Blob,
  purpose: UploadPurpose,
  onProgress: (fraction: number) => void,
  signal?: AbortSignal,
): Promise<UploadResponse> {
  return new Promise((resolve, reject) => {
    const xhr = new XMLHttpRequest();
    xhr.open("POST", `/api/uploads?purpose=${purpose}`);
    xhr.setRequestHeader("Accept", "application/json");
    for (const [k, v] of Object.entries(bearer())) xhr.setRequestHeader(k, v);
    xhr.upload.onprogress = (e) => {
      if (e.lengthComputable && e.total > 0) onProgress(e.loaded / e.total);
    };
    xhr.onload = () => {
      if (xhr.status >= 200 && xhr.status < 300) {
        onProgress(1);
        resolve(JSON.parse(xhr.responseText) as UploadResponse);
      } else reject(errorOf(xhr.status, xhr.responseText));
    };
    xhr.onerror = () => reject(new ApiError(0, ""));
    xhr.onabort = () => reject(new DOMException("aborted", "AbortError"));
    signal?.addEventListener("abort", () => xhr.abort(), { once: true });
    const form = new FormData();
    form.append("file", file, file instanceof File ? file.name : "photo");
    xhr.send(form);
  });
}

/** GET /api/uploads/:id/mask: the current cut-out's mask (one-channel PNG); null while pending */
async function getMask(id: string): Promise<Blob | null> {
  const res = await fetch(`/api/uploads/${id}/mask`, { headers: { ...bearer() } });
  if (res.status === 202) return null;
  if (!res.ok) throw errorOf(res.status, await res.text());
  return res.blob();
}

/** PUT /api/uploads/:id/mask: the seller's mask (PNG, matte in alpha) becomes the cut-out */
async function saveMask(id: string, png: Blob): Promise<UploadResponse> {
  const res = await fetch(`/api/uploads/${id}/mask`, {
    method: "PUT",
    headers: { Accept: "application/json", "Content-Type": "image/png", ...bearer() },
    body: png,
  });
  const text = await res.text();
  if (!res.ok) throw errorOf(res.status, text);
  return JSON.parse(text) as UploadResponse;
}

export const productApi = {
  getMask,
  saveMask,
  /** DELETE /api/uploads/:id/mask: back to the automatic cut-out */
  resetMask: (id: string) => call<UploadResponse>("DELETE", `/api/uploads/${id}/mask`),
  upload: uploadFile,
  getUpload: (id: string) => call<UploadResponse>("GET", `/api/uploads/${id}`),
  submit: (req: GenerationRequest) => call<SubmitResponse>("POST", "/api/generations", req),
  checkPosition: (generationId: string) =>
    call<CheckPositionResponse>("GET", "/api/check-position", undefined, { generationId }),
  getGeneration: (id: string) => call<Generation>("GET", `/api/generations/${id}`),
  /** one app's history: each studio shows its own */
  listGenerations: (page: number, pageSize: number, app: "product" | "clothing" = "product") =>
    call<GenerationList>("GET", "/api/generations", undefined, { page, pageSize, app }),
  deleteGeneration: (id: string) =>
    call<{ success: boolean; refunded: number }>("DELETE", `/api/generations/${id}`),
  templates: () => call<TemplatesResponse>("GET", "/api/templates"),
  maintenance: () => call<MaintenanceResponse>("GET", "/api/maintenance"),
  /** GET /api/gpu: whether generated scenes are available (issue 22) */
  gpu: () => call<GpuStatus>("GET", "/api/gpu"),
  promptPlan: (prompt: string, signal?: AbortSignal) =>
    call<PromptPlanResponse>("POST", "/api/prompt-plan", { prompt }, undefined, signal),
};

export type ProductApi = typeof productApi;
