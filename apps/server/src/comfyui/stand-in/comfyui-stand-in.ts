// A ComfyUI stand-in that speaks the HTTP and websocket protocol a real server does, for the
// tests and for `make start` without a GPU (COMFYUI_STAND_IN=on). It validates each prompt against
// the node list as a real server validates against its loaded nodes, runs prompts one at a time
// (one GPU), reports progress on /ws?clientId=, and answers images that say they come from a
// stand-in. The studio's client is the one it uses against a real server: nothing here is
// special-cased on the client side.
import { randomUUID } from "node:crypto";
import { createServer, type IncomingMessage, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";
import type { Duplex } from "node:stream";
import sharp from "sharp";
import { checkWorkflow, type Workflow } from "../workflow-check.ts";
import { readBody, readMultipart } from "./multipart.ts";
import { standInImage } from "./stand-in-image.ts";
import { acceptUpgrade, textFrame } from "./ws-frames.ts";

export interface StandInOptions {
  port?: number;
  host?: string;
  /** how long one prompt runs (one image), seconds; default 0.2 */
  secondsPerImage?: number;
  /** sampler progress messages per prompt; default 4 */
  steps?: number;
  /** a node class whose execution fails (as a missing model file does on a real server) */
  failClass?: string;
  /** false: /ws answers 404, as behind a proxy that does not pass websockets; default true */
  websocket?: boolean;
}

export interface ComfyStandIn {
  url: string;
  /** prompts accepted, in order */
  readonly accepted: { promptId: string; clientId: string; prompt: Workflow }[];
  /** "METHOD /path" of every HTTP request answered, in order (the websocket's upgrade is not one) */
  readonly requests: string[];
  /** stop answering at once, mid-job included, as a crashed or unplugged server */
  kill(): Promise<void>;
  close(): Promise<void>;
}

interface HistoryEntry {
  prompt: unknown[];
  outputs: Record<string, { images: { filename: string; subfolder: string; type: string }[] }>;
  status: { status_str: "success" | "error"; completed: boolean; messages: unknown[] };
}

const json = (res: ServerResponse, status: number, body: unknown) => {
  res.writeHead(status, { "content-type": "application/json" });
  res.end(JSON.stringify(body));
};

export async function startComfyStandIn(options: StandInOptions = {}): Promise<ComfyStandIn> {
  const secondsPerImage = options.secondsPerImage ?? 0.2;
  const steps = options.steps ?? 4;
  const uploads = new Map<string, Buffer>();
  const outputs = new Map<string, Buffer>();
  const history = new Map<string, HistoryEntry>();
  const sockets = new Map<string, Set<Duplex>>();
  const queue: { promptId: string; clientId: string; prompt: Workflow; number: number }[] = [];
  const accepted: ComfyStandIn["accepted"] = [];
  const requests: string[] = [];
  let running = false;
  let killed = false;
  /** POST /interrupt: the running prompt stops at its next step, as ComfyUI's Cancel does */
  let interrupt = false;
  let counter = 0;

  const send = (clientId: string, type: string, data: Record<string, unknown>) => {
    const frame = textFrame(JSON.stringify({ type, data }));
    for (const s of sockets.get(clientId) ?? []) s.write(frame);
  };
  const status = (clientId: string) =>
    send(clientId, "status", {
      status: { exec_info: { queue_remaining: queue.length + (running ? 1 : 0) } },
    });
  const wait = (ms: number) => new Promise((r) => setTimeout(r, ms));

  async function execute(job: (typeof queue)[number]) {
    const { promptId, clientId, prompt } = job;
    const messages: unknown[] = [["execution_start", { prompt_id: promptId }]];
    send(clientId, "execution_start", { prompt_id: promptId });
    const ids = Object.keys(prompt).sort((a, b) => Number(a) - Number(b));
    const stepMs = (secondsPerImage * 1000) / Math.max(1, steps);
    for (const id of ids) {
      if (killed) return;
      const node = prompt[id]!;
      send(clientId, "executing", { node: id, prompt_id: promptId });
      if (node.class_type === options.failClass) {
        const error = {
          prompt_id: promptId,
          node_id: id,
          node_type: node.class_type,
          exception_message: `stand-in: ${node.class_type} failed (as a missing model file would)`,
          exception_type: "RuntimeError",
          traceback: [],
        };
        send(clientId, "execution_error", error);
        messages.push(["execution_error", error]);
        history.set(promptId, {
          prompt: [job.number, promptId, prompt, { client_id: clientId }, []],
          outputs: {},
          status: { status_str: "error", completed: false, messages },
        });
        return;
      }
      if (node.class_type === "KSampler" || node.class_type === "CatVTONWrapper") {
        for (let value = 1; value <= steps; value++) {
          await wait(stepMs);
          if (killed) return;
          if (interrupt) {
            interrupt = false;
            const data = { prompt_id: promptId, node_id: id, node_type: node.class_type };
            send(clientId, "execution_interrupted", data);
            messages.push(["execution_interrupted", data]);
            history.set(promptId, {
              prompt: [job.number, promptId, prompt, { client_id: clientId }, []],
              outputs: {},
              status: { status_str: "error", completed: false, messages },
            });
            send(clientId, "executing", { node: null, prompt_id: promptId });
            return;
          }
          send(clientId, "progress", { value, max: steps, prompt_id: promptId, node: id });
        }
      }
    }
    const entry: HistoryEntry = {
      prompt: [job.number, promptId, prompt, { client_id: clientId }, []],
      outputs: {},
      status: { status_str: "success", completed: true, messages },
    };
    const png = await render(prompt, uploads);
    for (const id of ids.filter((i) => prompt[i]!.class_type === "SaveImage")) {
      const prefix = String(prompt[id]!.inputs?.filename_prefix ?? "ComfyUI");
      const filename = `${prefix}_${String(++counter).padStart(5, "0")}_.png`;
      outputs.set(filename, png);
      entry.outputs[id] = { images: [{ filename, subfolder: "", type: "output" }] };
      send(clientId, "executed", { node: id, output: entry.outputs[id], prompt_id: promptId });
    }
    messages.push(["execution_success", { prompt_id: promptId }]);
    history.set(promptId, entry);
    send(clientId, "execution_success", { prompt_id: promptId });
    send(clientId, "executing", { node: null, prompt_id: promptId });
  }

  async function drain() {
    if (running) return;
    running = true;
    while (queue.length && !killed) {
      const job = queue.shift()!;
      await execute(job).catch(() => {});
    }
    running = false;
    for (const clientId of sockets.keys()) status(clientId);
  }

  async function handle(req: IncomingMessage, res: ServerResponse) {
    const u = new URL(req.url ?? "/", "http://stand-in");
    requests.push(`${req.method} ${u.pathname}`);
    if (req.method === "GET" && u.pathname === "/system_stats") {
      return json(res, 200, {
        system: { os: process.platform, comfyui_version: "stand-in", embedded_python: false },
        devices: [{ name: "stand-in (no GPU: images are not generated)", type: "cpu", index: 0 }],
      });
    }
    if (req.method === "POST" && u.pathname === "/upload/image") {
      const parts = await readMultipart(req);
      const image = parts.get("image");
      if (!image?.filename) return json(res, 400, { error: "no image" });
      const sub = parts.get("subfolder")?.data.toString() ?? "";
      const name = image.filename.replace(/[^\w.-]/g, "_");
      uploads.set(sub ? `${sub}/${name}` : name, image.data);
      return json(res, 200, { name, subfolder: sub, type: "input" });
    }
    if (req.method === "POST" && u.pathname === "/interrupt") {
      interrupt = running;
      res.writeHead(200);
      return res.end();
    }
    if (req.method === "GET" && u.pathname === "/prompt") {
      return json(res, 200, { exec_info: { queue_remaining: queue.length + (running ? 1 : 0) } });
    }
    if (req.method === "POST" && u.pathname === "/prompt") {
      const body = JSON.parse((await readBody(req)).toString("utf8") || "{}") as {
        prompt?: Workflow;
        client_id?: string;
      };
      const prompt = body.prompt;
      const problems =
        prompt && typeof prompt === "object" ? validate(prompt, uploads) : ["no prompt"];
      if (problems.length) {
        return json(res, 400, {
          error: {
            type: "prompt_outputs_failed_validation",
            message: "Prompt outputs failed validation",
            details: problems.join("; "),
            extra_info: {},
          },
          node_errors: {},
        });
      }
      const promptId = randomUUID();
      const clientId = body.client_id ?? "";
      const number = accepted.length;
      accepted.push({ promptId, clientId, prompt: prompt! });
      queue.push({ promptId, clientId, prompt: prompt!, number });
      status(clientId);
      void drain();
      return json(res, 200, { prompt_id: promptId, number, node_errors: {} });
    }
    const h = /^\/history\/([^/]+)$/.exec(u.pathname);
    if (req.method === "GET" && h) {
      const entry = history.get(decodeURIComponent(h[1]!));
      return json(res, 200, entry ? { [decodeURIComponent(h[1]!)]: entry } : {});
    }
    if (req.method === "GET" && u.pathname === "/view") {
      const png = outputs.get(u.searchParams.get("filename") ?? "");
      if (!png) return json(res, 404, { error: "no such file" });
      res.writeHead(200, { "content-type": "image/png" });
      return res.end(png);
    }
    json(res, 404, { error: "not found" });
  }

  const server = createServer((req, res) => {
    handle(req, res).catch((err: unknown) => json(res, 500, { error: String(err) }));
  });
  server.on("upgrade", (req, socket) => {
    const u = new URL(req.url ?? "/", "http://stand-in");
    if (options.websocket === false) {
      return socket.end("HTTP/1.1 404 Not Found\r\nContent-Length: 0\r\n\r\n");
    }
    if (u.pathname !== "/ws" || !acceptUpgrade(req, socket)) return socket.destroy();
    const clientId = u.searchParams.get("clientId") ?? randomUUID();
    const set = sockets.get(clientId) ?? new Set();
    sockets.set(clientId, set.add(socket));
    socket.on("error", () => set.delete(socket));
    socket.on("close", () => set.delete(socket));
    socket.on("data", () => {}); // a client's pings and text are not needed
    status(clientId);
  });
  await new Promise<void>((resolve) =>
    server.listen(options.port ?? 0, options.host ?? "127.0.0.1", resolve),
  );
  const { port } = server.address() as AddressInfo;
  const stop = async () => {
    killed = true;
    for (const set of sockets.values()) for (const s of set) s.destroy();
    server.closeAllConnections();
    await new Promise<void>((r) => server.close(() => r()));
  };
  return { url: `http://127.0.0.1:${port}`, accepted, requests, kill: stop, close: stop };
}

/** What a real server refuses before queueing: the node list's rules and missing input files. */
function validate(prompt: Workflow, uploads: Map<string, Buffer>): string[] {
  const problems = checkWorkflow(prompt);
  for (const [id, node] of Object.entries(prompt)) {
    if (node.class_type !== "LoadImage" && node.class_type !== "LoadImageMask") continue;
    const file = node.inputs?.image;
    if (typeof file === "string" && !uploads.has(file)) {
      problems.push(`node ${id}: Invalid image file: ${file}`);
    }
  }
  return problems;
}

/** The answer image: sized as the workflow asks, over its first input image when it has one. */
async function render(prompt: Workflow, uploads: Map<string, Buffer>): Promise<Buffer> {
  const nodes = Object.keys(prompt)
    .sort((a, b) => Number(a) - Number(b))
    .map((id) => prompt[id]!);
  const latent = nodes.find((n) => n.class_type === "EmptyLatentImage")?.inputs;
  const scale = nodes.find((n) => n.class_type === "ImageScale")?.inputs;
  const load = nodes.find((n) => n.class_type === "LoadImage")?.inputs?.image;
  const base = latent ? undefined : uploads.get(String(load));
  const meta = base ? await sharp(base).metadata() : undefined;
  const size = latent ?? scale;
  const width = Number(size?.width ?? meta?.width ?? 512);
  const height = Number(size?.height ?? meta?.height ?? 512);
  const seed = nodes.find((n) => n.inputs && "seed" in n.inputs)?.inputs?.seed;
  const classes = [...new Set(nodes.map((n) => String(n.class_type)))];
  const what = classes.includes("CatVTONWrapper") ? "try-on workflow" : "scene workflow";
  return standInImage(width, height, base, `${what}, seed ${String(seed ?? "-")}`);
}
