// A hosted try-on API in the style of the commercial services (FASHN's v1 API is the model):
// submit, poll, fetch.
//   POST {url}/v1/run       {model_name, inputs: {garment_image, category, model_image?,
//                            model_prompt, prompt, seed, output_format}}   → {id}
//   GET  {url}/v1/status/{id} → {id, status: starting|in_queue|processing|completed|failed,
//                                output?: [image URL, …], error?: {name, message} | string}
//   GET  output[0]           → the image
// Images go up as data URLs; the key as a bearer token.

import { fetchChecked, joinUrl } from "../backends/http.ts";
import { EngineError } from "../input/engine-error.ts";
import { describeModel, type TryOnBackend, type TryOnRequest } from "./tryon.types.ts";

export interface HostedTryOnConfig {
  kind: "hosted";
  /** base URL without /v1 */
  url: string;
  apiKey?: string;
  modelName?: string;
  pollIntervalMs?: number;
  timeoutMs?: number;
}

interface StatusReply {
  id?: string;
  status?: string;
  output?: string[];
  error?: { message?: string } | string | null;
}

const dataUrl = (bytes: Buffer) => `data:image/png;base64,${bytes.toString("base64")}`;

export function hostedTryOnBackend(config: HostedTryOnConfig): TryOnBackend {
  if (!/^https?:\/\//.test(config.url)) {
    throw new EngineError(
      "INVALID_ARGUMENT",
      "Try-on API url must start with http:// or https://.",
    );
  }
  const poll = config.pollIntervalMs ?? 1000;
  const timeout = config.timeoutMs ?? 180_000;
  const headers: Record<string, string> = { "content-type": "application/json" };
  if (config.apiKey) headers.authorization = `Bearer ${config.apiKey}`;
  return {
    name: "hosted",
    async tryOn(req: TryOnRequest): Promise<Buffer> {
      const res = await fetchChecked(joinUrl(config.url, "/v1/run"), {
        method: "POST",
        headers,
        signal: req.signal,
        body: JSON.stringify({
          model_name: config.modelName ?? "tryon-v1.6",
          inputs: {
            garment_image: dataUrl(req.garment),
            category: req.category,
            ...(req.model.reference ? { model_image: dataUrl(req.model.reference) } : {}),
            model_prompt: describeModel(req.model.choices),
            prompt: req.prompt,
            seed: (req.model.seed * 1_000_003 + req.seed) % 2 ** 31,
            output_format: "png",
          },
        }),
      });
      const { id } = (await res.json()) as { id?: string };
      if (!id) throw new EngineError("BACKEND_FAILED", "The try-on API accepted no job.");
      const deadline = Date.now() + timeout;
      for (;;) {
        const s = (await (
          await fetchChecked(joinUrl(config.url, `/v1/status/${encodeURIComponent(id)}`), {
            headers,
            signal: req.signal,
          })
        ).json()) as StatusReply;
        if (s.status === "failed") {
          const why = typeof s.error === "string" ? s.error : s.error?.message;
          throw new EngineError("BACKEND_FAILED", `The try-on API failed: ${why ?? "no reason"}.`);
        }
        if (s.status === "completed") {
          const url = s.output?.[0];
          if (!url || !/^https?:\/\//.test(url)) {
            throw new EngineError("BACKEND_FAILED", "The try-on API completed without an image.");
          }
          const img = await fetchChecked(url, { signal: req.signal });
          return Buffer.from(await img.arrayBuffer());
        }
        if (Date.now() > deadline)
          throw new EngineError("BACKEND_FAILED", "The try-on API timed out.");
        await new Promise((r) => setTimeout(r, poll));
      }
    },
  };
}
