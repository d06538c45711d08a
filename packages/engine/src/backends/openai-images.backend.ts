// OpenAI-compatible image edits: POST /v1/images/edits, multipart image + mask + prompt,
// reply { data: [{ b64_json }] }. Transparent mask pixels are the ones the model repaints.
import { EngineError } from "../input/engine-error.ts";
import type { BackgroundRequest, GenerativeBackend, OpenAiImagesConfig } from "./backend.types.ts";
import { fetchChecked, joinUrl } from "./http.ts";

export function openAiImagesBackend(config: OpenAiImagesConfig): GenerativeBackend {
  if (!/^https?:\/\//.test(config.url)) {
    throw new EngineError(
      "INVALID_ARGUMENT",
      "Image edit url must start with http:// or https://.",
    );
  }
  return {
    name: "openai",
    async paintBackground(req: BackgroundRequest): Promise<Buffer> {
      const form = new FormData();
      if (config.model) form.append("model", config.model);
      form.append("image", new Blob([req.image], { type: "image/png" }), "image.png");
      form.append("mask", new Blob([req.mask], { type: "image/png" }), "mask.png");
      form.append("prompt", req.prompt);
      form.append("n", "1");
      form.append("size", config.size ?? "1024x1024");
      form.append("response_format", "b64_json");
      const headers: Record<string, string> = {};
      if (config.apiKey) headers.authorization = `Bearer ${config.apiKey}`;
      const signal = req.signal ?? AbortSignal.timeout(config.timeoutMs ?? 120_000);
      const res = await fetchChecked(joinUrl(config.url, "/v1/images/edits"), {
        method: "POST",
        body: form,
        headers,
        signal,
      });
      const body = (await res.json()) as { data?: { b64_json?: string }[] };
      const b64 = body?.data?.[0]?.b64_json;
      if (!b64)
        throw new EngineError("BACKEND_FAILED", "The image edit reply had no data[0].b64_json.");
      return Buffer.from(b64, "base64");
    },
  };
}
