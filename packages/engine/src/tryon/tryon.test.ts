import sharp from "sharp";
import { describe, expect, it } from "vitest";
import { readBody, readMultipart, serverPerTest } from "../backends/multipart.test-helper.ts";
import type { EngineError } from "../input/engine-error.ts";
import {
  createTryOnBackend,
  type ModelIdentity,
  type TryOnRequest,
  tryOnCategory,
} from "./index.ts";

const listen = serverPerTest();

const png = (color: string) =>
  sharp({ create: { width: 48, height: 64, channels: 4, background: color } })
    .png()
    .toBuffer();

const model = (reference?: Buffer): ModelIdentity => ({
  id: "m-1",
  seed: 42,
  choices: {
    gender: "woman",
    age: "26-35",
    skinTone: "medium",
    bodyType: "curvy",
    pose: "walking",
  },
  reference,
});

async function request(reference?: Buffer): Promise<TryOnRequest> {
  return {
    garment: await png("#c0392b"),
    category: "tops",
    model: model(reference),
    prompt: "city street",
    seed: 2,
    width: 768,
    height: 1024,
  };
}

/** A stand-in of a hosted try-on service: jobs queue, process, then complete with a URL. */
function hostedStandIn(result: Buffer, seen: Record<string, unknown>[]) {
  const jobs = new Map<string, { polls: number; fail?: string }>();
  return listen(async (req, res) => {
    const u = new URL(req.url ?? "/", "http://x");
    // output files are public, signed URLs on the service's CDN: no key
    if (u.pathname.startsWith("/cdn/")) {
      res.setHeader("content-type", "image/png");
      res.end(result);
      return;
    }
    res.setHeader("content-type", "application/json");
    if (req.headers.authorization !== "Bearer key-1") {
      res.statusCode = 401;
      res.end(JSON.stringify({ error: "Unauthorized" }));
      return;
    }
    if (req.method === "POST" && u.pathname === "/v1/run") {
      const body = JSON.parse((await readBody(req)).toString());
      const g = /^data:image\/png;base64,(.+)$/.exec(body.inputs?.garment_image ?? "");
      if (!g || !["tops", "bottoms", "one-pieces"].includes(body.inputs.category)) {
        res.statusCode = 400;
        res.end(JSON.stringify({ error: "BadInput" }));
        return;
      }
      await sharp(Buffer.from(g[1]!, "base64")).metadata(); // a real image, or this throws
      seen.push(body.inputs);
      const id = `job-${jobs.size + 1}`;
      jobs.set(id, { polls: 0, fail: body.inputs.prompt === "fail" ? "NSFW garment" : undefined });
      res.end(JSON.stringify({ id, error: null }));
      return;
    }
    const status = /^\/v1\/status\/(.+)$/.exec(u.pathname);
    if (status && jobs.has(status[1]!)) {
      const job = jobs.get(status[1]!)!;
      job.polls++;
      const state =
        job.polls < 2
          ? "in_queue"
          : job.polls < 3
            ? "processing"
            : job.fail
              ? "failed"
              : "completed";
      const origin = `http://${req.headers.host}`;
      res.end(
        JSON.stringify({
          id: status[1],
          status: state,
          output: state === "completed" ? [`${origin}/cdn/${status[1]}.png`] : [],
          error: state === "failed" ? { name: "ContentError", message: job.fail } : null,
        }),
      );
      return;
    }
    res.statusCode = 404;
    res.end("{}");
  });
}

describe("hosted try-on API (submit, poll, fetch)", { timeout: 30_000 }, () => {
  it("submits the garment and the model, polls to completion and fetches the image", async () => {
    const result = await png("#3366cc");
    const seen: Record<string, unknown>[] = [];
    const url = await hostedStandIn(result, seen);
    const backend = createTryOnBackend({ kind: "hosted", url, apiKey: "key-1", pollIntervalMs: 5 });
    const out = await backend.tryOn(await request());
    expect(out.equals(result)).toBe(true);
    expect(seen[0]!.category).toBe("tops");
    expect(seen[0]!.model_prompt).toMatch(/curvy woman aged 26-35 with medium skin, walking/);
    expect(seen[0]!.model_image).toBeUndefined();
    // the kept model: its reference photo goes up with every later garment, same seed family
    const again = await backend.tryOn(await request(out));
    expect(again.equals(result)).toBe(true);
    expect(seen[1]!.model_image).toBe(`data:image/png;base64,${out.toString("base64")}`);
    expect(seen[1]!.seed).toBe(seen[0]!.seed);
  });

  it("reports the service's failure and a refused key as BACKEND_FAILED", async () => {
    const url = await hostedStandIn(await png("#000"), []);
    const failing = { ...(await request()), prompt: "fail" };
    const err = await createTryOnBackend({
      kind: "hosted",
      url,
      apiKey: "key-1",
      pollIntervalMs: 5,
    })
      .tryOn(failing)
      .catch((e) => e);
    expect((err as EngineError).code).toBe("BACKEND_FAILED");
    expect((err as EngineError).message).toMatch(/NSFW garment/);
    const refused = await createTryOnBackend({
      kind: "hosted",
      url,
      apiKey: "wrong",
      pollIntervalMs: 5,
    })
      .tryOn(await request())
      .catch((e) => e);
    expect((refused as EngineError).message).toMatch(/401/);
  });
});

describe("ComfyUI try-on workflow", { timeout: 30_000 }, () => {
  it("uploads garment and model reference, fills the workflow and returns the output", async () => {
    const result = await png("#22aa66");
    const uploads: string[] = [];
    let queued: Record<string, { inputs: Record<string, unknown> }> | null = null;
    const url = await listen(async (req, res) => {
      const u = new URL(req.url ?? "/", "http://x");
      if (u.pathname === "/upload/image") {
        const img = (await readMultipart(req)).get("image")!;
        uploads.push(img.filename!);
        res.end(JSON.stringify({ name: img.filename, subfolder: "" }));
      } else if (u.pathname === "/prompt") {
        queued = JSON.parse((await readBody(req)).toString()).prompt;
        res.end(JSON.stringify({ prompt_id: "t-1" }));
      } else if (u.pathname === "/history/t-1") {
        res.end(
          JSON.stringify({
            "t-1": {
              outputs: { "7": { images: [{ filename: "tryon.png", type: "output" }] } },
              status: { status_str: "success", completed: true },
            },
          }),
        );
      } else if (u.pathname === "/view") {
        res.end(result);
      } else {
        res.statusCode = 404;
        res.end();
      }
    });
    const backend = createTryOnBackend({
      kind: "comfyui",
      url,
      pollIntervalMs: 5,
      workflow: {
        "1": { class_type: "LoadImage", inputs: { image: "{{garment}}" } },
        "2": { class_type: "LoadImage", inputs: { image: "{{model_reference}}" } },
        "3": {
          class_type: "TryOn",
          inputs: { category: "{{category}}", text: "{{model}}", seed: "{{seed}}" },
        },
      },
    });
    const out = await backend.tryOn(await request(await png("#999")));
    expect(out.equals(result)).toBe(true);
    expect(uploads).toHaveLength(2);
    expect(uploads[1]).toBe("tryon-model-m-1.png");
    const q = queued!;
    expect(q["1"]!.inputs.image).toBe(uploads[0]);
    expect(q["2"]!.inputs.image).toBe("tryon-model-m-1.png");
    expect(q["3"]!.inputs.category).toBe("tops");
    expect(q["3"]!.inputs.seed).toBe((42 * 1_000_003 + 2) % 2 ** 31);
  });
});

describe("categories", () => {
  it("maps garment kinds to what try-on services wear, and nothing for shoes or bags", () => {
    expect(tryOnCategory("outerwear")).toBe("tops");
    expect(tryOnCategory("bottom")).toBe("bottoms");
    expect(tryOnCategory("dress")).toBe("one-pieces");
    expect(tryOnCategory("bag")).toBeNull();
  });
});
