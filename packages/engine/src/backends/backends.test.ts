import sharp from "sharp";
import { describe, expect, it } from "vitest";
import { EngineError } from "../input/engine-error.ts";
import type { BackgroundRequest } from "./backend.types.ts";
import { createBackend } from "./index.ts";
import { readBody, readMultipart, serverPerTest } from "./multipart.test-helper.ts";

const listen = serverPerTest();

async function request(): Promise<BackgroundRequest> {
  const image = await sharp({
    create: { width: 64, height: 64, channels: 3, background: "#808080" },
  })
    .png()
    .toBuffer();
  const mask = await sharp({
    create: { width: 64, height: 64, channels: 4, background: "#00000000" },
  })
    .png()
    .toBuffer();
  return { width: 64, height: 64, image, mask, prompt: "on marble", seed: 7 };
}

const painted = () =>
  sharp({ create: { width: 64, height: 64, channels: 3, background: "#3366cc" } })
    .png()
    .toBuffer();

describe("ComfyUI backend", { timeout: 60_000 }, () => {
  it("uploads, queues the filled workflow, polls history and fetches the image", async () => {
    const uploads: string[] = [];
    let queued: Record<string, unknown> | null = null;
    let polls = 0;
    const result = await painted();
    const url = await listen(async (req, res) => {
      const u = new URL(req.url ?? "/", "http://x");
      if (req.method === "POST" && u.pathname === "/upload/image") {
        const parts = await readMultipart(req);
        const img = parts.get("image")!;
        expect(img.contentType).toBe("image/png");
        expect((await sharp(img.data).metadata()).width).toBe(64);
        uploads.push(img.filename!);
        res.end(JSON.stringify({ name: img.filename, subfolder: "", type: "input" }));
      } else if (req.method === "POST" && u.pathname === "/prompt") {
        queued = JSON.parse((await readBody(req)).toString()).prompt;
        res.end(JSON.stringify({ prompt_id: "p-1", number: 1, node_errors: {} }));
      } else if (u.pathname === "/history/p-1") {
        polls++;
        const done = polls >= 3;
        res.end(
          JSON.stringify(
            done
              ? {
                  "p-1": {
                    outputs: {
                      "9": {
                        images: [{ filename: "out_0001.png", subfolder: "", type: "output" }],
                      },
                    },
                    status: { status_str: "success", completed: true },
                  },
                }
              : {},
          ),
        );
      } else if (u.pathname === "/view" && u.searchParams.get("filename") === "out_0001.png") {
        res.setHeader("content-type", "image/png");
        res.end(result);
      } else {
        res.statusCode = 404;
        res.end("not found");
      }
    });
    const backend = createBackend({
      kind: "comfyui",
      url,
      pollIntervalMs: 5,
      workflow: {
        "1": { class_type: "LoadImage", inputs: { image: "{{image}}" } },
        "2": { class_type: "LoadImageMask", inputs: { image: "{{mask}}", channel: "alpha" } },
        "3": { class_type: "KSampler", inputs: { seed: "{{seed}}", text: "{{prompt}}" } },
      },
    });
    const out = await backend.paintBackground(await request());
    expect(out.equals(result)).toBe(true);
    expect(uploads).toHaveLength(2);
    expect(polls).toBe(3);
    const q = queued as unknown as Record<string, { inputs: Record<string, unknown> }>;
    expect(q["1"]!.inputs.image).toBe(uploads[0]);
    expect(q["2"]!.inputs.image).toBe(uploads[1]);
    expect(q["3"]!.inputs).toEqual({ seed: 7, text: "on marble" });
  });

  it("reports a workflow error as WORKFLOW_FAILED: another server would fail it alike", async () => {
    const url = await listen(async (req, res) => {
      if (req.url === "/upload/image") res.end(JSON.stringify({ name: "a.png" }));
      else if (req.url === "/prompt") res.end(JSON.stringify({ prompt_id: "p" }));
      else
        res.end(
          JSON.stringify({ p: { outputs: {}, status: { status_str: "error", completed: false } } }),
        );
    });
    const err = await createBackend({ kind: "comfyui", url, workflow: {}, pollIntervalMs: 5 })
      .paintBackground(await request())
      .catch((e) => e);
    expect((err as EngineError).code).toBe("WORKFLOW_FAILED");
    expect((err as EngineError).message).toBe("The GPU workflow failed: ComfyUI reported an error");
  });
});

describe("OpenAI-compatible image edits backend", { timeout: 60_000 }, () => {
  it("posts image, mask and prompt and decodes data[0].b64_json", async () => {
    const result = await painted();
    let seen: Map<string, { data: Buffer; contentType?: string }> | null = null;
    let auth: string | undefined;
    const url = await listen(async (req, res) => {
      if (req.method !== "POST" || req.url !== "/v1/images/edits") {
        res.statusCode = 404;
        res.end();
        return;
      }
      auth = req.headers.authorization;
      seen = await readMultipart(req);
      res.setHeader("content-type", "application/json");
      res.end(JSON.stringify({ created: 1, data: [{ b64_json: result.toString("base64") }] }));
    });
    const backend = createBackend({ kind: "openai", url, apiKey: "sk-test", model: "gpt-image-1" });
    const out = await backend.paintBackground(await request());
    expect(out.equals(result)).toBe(true);
    expect(auth).toBe("Bearer sk-test");
    const parts = seen!;
    expect(parts.get("prompt")!.data.toString()).toBe("on marble");
    expect(parts.get("model")!.data.toString()).toBe("gpt-image-1");
    expect((await sharp(parts.get("mask")!.data).metadata()).hasAlpha).toBe(true);
    expect(parts.get("image")!.contentType).toBe("image/png");
  });

  it("turns an HTTP error into BACKEND_FAILED with the server's words", async () => {
    const url = await listen((_req, res) => {
      res.statusCode = 400;
      res.end(JSON.stringify({ error: { message: "mask size mismatch" } }));
    });
    const err = await createBackend({ kind: "openai", url })
      .paintBackground(await request())
      .catch((e) => e);
    expect(err).toBeInstanceOf(EngineError);
    expect((err as EngineError).message).toMatch(/400.*mask size mismatch/);
  });
});
