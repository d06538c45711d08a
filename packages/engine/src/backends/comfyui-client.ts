// ComfyUI's HTTP API, shared by the background painter and the try-on workflow:
// POST /upload/image (multipart "image"), POST /prompt {prompt, client_id} → {prompt_id},
// poll GET /history/{id} until the id appears with outputs, then GET /view.
import { EngineError } from "../input/engine-error.ts";
import { fetchChecked, joinUrl } from "./http.ts";

interface UploadReply {
  name: string;
  subfolder?: string;
  type?: string;
}

interface HistoryImage {
  filename: string;
  subfolder?: string;
  type?: string;
}

type HistoryReply = Record<
  string,
  {
    outputs?: Record<string, { images?: HistoryImage[] }>;
    status?: { status_str?: string; completed?: boolean };
  }
>;

export interface ComfyConnection {
  url: string;
  pollIntervalMs?: number;
  timeoutMs?: number;
}

/** Replace "{{name}}" strings anywhere in a workflow (numbers stay numbers). */
export function fillWorkflow(node: unknown, values: Record<string, string | number>): unknown {
  if (typeof node === "string") {
    const m = /^\{\{(\w+)\}\}$/.exec(node);
    if (m && m[1]! in values) return values[m[1]!];
    return node;
  }
  if (Array.isArray(node)) return node.map((v) => fillWorkflow(v, values));
  if (node && typeof node === "object") {
    return Object.fromEntries(Object.entries(node).map(([k, v]) => [k, fillWorkflow(v, values)]));
  }
  return node;
}

export function checkComfy(url: string, workflow: unknown): void {
  if (!/^https?:\/\//.test(url)) {
    throw new EngineError("INVALID_ARGUMENT", "ComfyUI url must start with http:// or https://.");
  }
  if (!workflow || typeof workflow !== "object") {
    throw new EngineError("INVALID_ARGUMENT", "ComfyUI needs a workflow in API format.");
  }
}

/** Upload a PNG; returns the name the workflow's LoadImage nodes refer to. */
export async function comfyUpload(
  c: ComfyConnection,
  bytes: Buffer,
  name: string,
  signal?: AbortSignal,
): Promise<string> {
  const form = new FormData();
  form.append("image", new Blob([bytes], { type: "image/png" }), name);
  form.append("type", "input");
  form.append("overwrite", "true");
  const res = await fetchChecked(joinUrl(c.url, "/upload/image"), {
    method: "POST",
    body: form,
    signal,
  });
  const reply = (await res.json()) as UploadReply;
  if (!reply?.name) throw new EngineError("BACKEND_FAILED", "ComfyUI upload returned no name.");
  return reply.subfolder ? `${reply.subfolder}/${reply.name}` : reply.name;
}

/** Queue a filled workflow and wait for its first image output; returns the image's bytes. */
export async function comfyRun(
  c: ComfyConnection,
  prompt: unknown,
  clientId: string,
  signal?: AbortSignal,
): Promise<Buffer> {
  const poll = c.pollIntervalMs ?? 500;
  const timeout = c.timeoutMs ?? 120_000;
  const res = await fetchChecked(joinUrl(c.url, "/prompt"), {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify({ prompt, client_id: clientId }),
    signal,
  });
  const { prompt_id: promptId } = (await res.json()) as { prompt_id?: string };
  if (!promptId) throw new EngineError("BACKEND_FAILED", "ComfyUI accepted no prompt.");
  const deadline = Date.now() + timeout;
  for (;;) {
    const h = (await (
      await fetchChecked(joinUrl(c.url, `/history/${encodeURIComponent(promptId)}`), { signal })
    ).json()) as HistoryReply;
    const entry = h[promptId];
    if (entry?.status?.status_str === "error") {
      throw new EngineError("BACKEND_FAILED", "ComfyUI reported an error running the workflow.");
    }
    const img = Object.values(entry?.outputs ?? {}).flatMap((o) => o.images ?? [])[0];
    if (img) {
      const q = new URLSearchParams({
        filename: img.filename,
        subfolder: img.subfolder ?? "",
        type: img.type ?? "output",
      });
      const view = await fetchChecked(joinUrl(c.url, `/view?${q}`), { signal });
      return Buffer.from(await view.arrayBuffer());
    }
    if (entry?.status?.completed) {
      throw new EngineError("BACKEND_FAILED", "ComfyUI finished without an image output.");
    }
    if (Date.now() > deadline) throw new EngineError("BACKEND_FAILED", "ComfyUI timed out.");
    await new Promise((r) => setTimeout(r, poll));
  }
}
