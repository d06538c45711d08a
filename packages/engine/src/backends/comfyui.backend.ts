// ComfyUI's HTTP API: POST /upload/image (multipart "image"), POST /prompt {prompt, client_id}
// → {prompt_id}, poll GET /history/{id} until the id appears with outputs, then GET /view.
import { randomUUID } from "node:crypto";
import { EngineError } from "../input/engine-error.ts";
import type { BackgroundRequest, ComfyUiConfig, GenerativeBackend } from "./backend.types.ts";
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

function fill(node: unknown, values: Record<string, string | number>): unknown {
  if (typeof node === "string") {
    const m = /^\{\{(\w+)\}\}$/.exec(node);
    if (m && m[1]! in values) return values[m[1]!];
    return node;
  }
  if (Array.isArray(node)) return node.map((v) => fill(v, values));
  if (node && typeof node === "object") {
    return Object.fromEntries(Object.entries(node).map(([k, v]) => [k, fill(v, values)]));
  }
  return node;
}

export function comfyUiBackend(config: ComfyUiConfig): GenerativeBackend {
  if (!/^https?:\/\//.test(config.url)) {
    throw new EngineError("INVALID_ARGUMENT", "ComfyUI url must start with http:// or https://.");
  }
  if (!config.workflow || typeof config.workflow !== "object") {
    throw new EngineError("INVALID_ARGUMENT", "ComfyUI needs a workflow in API format.");
  }
  const poll = config.pollIntervalMs ?? 500;
  const timeout = config.timeoutMs ?? 120_000;

  async function upload(bytes: Buffer, name: string, signal?: AbortSignal): Promise<string> {
    const form = new FormData();
    form.append("image", new Blob([bytes], { type: "image/png" }), name);
    form.append("type", "input");
    form.append("overwrite", "true");
    const res = await fetchChecked(joinUrl(config.url, "/upload/image"), {
      method: "POST",
      body: form,
      signal,
    });
    const reply = (await res.json()) as UploadReply;
    if (!reply?.name) throw new EngineError("BACKEND_FAILED", "ComfyUI upload returned no name.");
    return reply.subfolder ? `${reply.subfolder}/${reply.name}` : reply.name;
  }

  return {
    name: "comfyui",
    async paintBackground(req: BackgroundRequest): Promise<Buffer> {
      const id = randomUUID();
      const image = await upload(req.image, `photoshoot-${id}.png`, req.signal);
      const mask = await upload(req.mask, `photoshoot-${id}-mask.png`, req.signal);
      const prompt = fill(config.workflow, {
        image,
        mask,
        prompt: req.prompt,
        seed: req.seed,
        width: req.width,
        height: req.height,
      });
      const res = await fetchChecked(joinUrl(config.url, "/prompt"), {
        method: "POST",
        headers: { "content-type": "application/json" },
        body: JSON.stringify({ prompt, client_id: id }),
        signal: req.signal,
      });
      const { prompt_id: promptId } = (await res.json()) as { prompt_id?: string };
      if (!promptId) throw new EngineError("BACKEND_FAILED", "ComfyUI accepted no prompt.");
      const deadline = Date.now() + timeout;
      for (;;) {
        const h = (await (
          await fetchChecked(joinUrl(config.url, `/history/${encodeURIComponent(promptId)}`), {
            signal: req.signal,
          })
        ).json()) as HistoryReply;
        const entry = h[promptId];
        if (entry?.status?.status_str === "error") {
          throw new EngineError(
            "BACKEND_FAILED",
            "ComfyUI reported an error running the workflow.",
          );
        }
        const img = Object.values(entry?.outputs ?? {}).flatMap((o) => o.images ?? [])[0];
        if (img) {
          const q = new URLSearchParams({
            filename: img.filename,
            subfolder: img.subfolder ?? "",
            type: img.type ?? "output",
          });
          const view = await fetchChecked(joinUrl(config.url, `/view?${q}`), {
            signal: req.signal,
          });
          return Buffer.from(await view.arrayBuffer());
        }
        if (entry?.status?.completed) {
          throw new EngineError("BACKEND_FAILED", "ComfyUI finished without an image output.");
        }
        if (Date.now() > deadline) throw new EngineError("BACKEND_FAILED", "ComfyUI timed out.");
        await new Promise((r) => setTimeout(r, poll));
      }
    },
  };
}
