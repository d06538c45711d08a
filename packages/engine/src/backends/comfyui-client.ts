// ComfyUI's HTTP API, shared by the background painter and the try-on workflow:
// POST /upload/image (multipart "image"), POST /prompt {prompt, client_id} → {prompt_id},
// follow the prompt on the /ws?clientId= socket (or poll GET /history/{id} without one), read
// /history/{id} once for the output's name, then GET /view.
import { EngineError } from "../input/engine-error.ts";
import { type ComfySocket, openComfySocket } from "./comfyui-socket.ts";
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
    status?: { status_str?: string; completed?: boolean; messages?: [string, unknown][] };
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

/** Sampler steps done on the running prompt (ComfyUI's `progress` message). */
export interface ComfyProgress {
  value: number;
  max: number;
}

/**
 * Queue a filled workflow and wait for its first image output; returns the image's bytes.
 * Progress and the end of the run come from the websocket (opened before queueing, so no
 * message is missed); one /history read then names the output. When the socket cannot open, or
 * drops before the end, /history is polled instead. A workflow the server refuses (400,
 * node_errors) or fails to run (execution_error) is WORKFLOW_FAILED; an unreachable, failing or
 * too slow server is BACKEND_FAILED.
 */
export async function comfyRun(
  c: ComfyConnection,
  prompt: unknown,
  clientId: string,
  signal?: AbortSignal,
  onProgress?: (p: ComfyProgress) => void,
): Promise<Buffer> {
  const timeout = c.timeoutMs ?? 120_000;
  const deadline = Date.now() + timeout;
  const socket = await openComfySocket(c.url, clientId, Math.min(5000, timeout)).catch(
    () => undefined, // an older server or a proxy without websockets: poll /history
  );
  try {
    const promptId = await queuePrompt(c, prompt, clientId, signal);
    const ended = socket
      ? await watchSocket(socket, promptId, deadline, signal, onProgress)
      : "socket-lost";
    const entry =
      ended === "socket-lost"
        ? await pollHistory(c, promptId, deadline, signal)
        : await readHistory(c, promptId, signal);
    return await fetchOutput(c, entry, signal);
  } finally {
    socket?.close();
  }
}

async function queuePrompt(
  c: ComfyConnection,
  prompt: unknown,
  clientId: string,
  signal?: AbortSignal,
): Promise<string> {
  const url = joinUrl(c.url, "/prompt");
  let res: Response;
  try {
    res = await fetch(url, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ prompt, client_id: clientId }),
      signal,
    });
  } catch (err) {
    if (signal?.aborted) throw err; // called off by us: not the server's failure
    throw new EngineError("BACKEND_FAILED", `Could not reach ${new URL(url).origin}: ${err}`, {
      cause: err,
    });
  }
  const text = await res.text().catch(() => "");
  let reply: { prompt_id?: string; error?: unknown; node_errors?: Record<string, unknown> } = {};
  try {
    reply = JSON.parse(text);
  } catch {
    // a proxy's error page: reported below by status
  }
  const nodeErrors = Object.keys(reply?.node_errors ?? {}).length > 0;
  if (res.status === 400 || nodeErrors) {
    throw new EngineError(
      "WORKFLOW_FAILED",
      `The GPU server refused the workflow: ${describeRefusal(reply, text)}`,
    );
  }
  if (!res.ok) {
    throw new EngineError(
      "BACKEND_FAILED",
      `/prompt answered ${res.status}: ${text.slice(0, 300)}`,
    );
  }
  if (!reply.prompt_id) throw new EngineError("BACKEND_FAILED", "ComfyUI accepted no prompt.");
  return reply.prompt_id;
}

/** ComfyUI's 400: {error: {message, details}, node_errors: {id: {errors: [{message, details}]}}} */
function describeRefusal(
  reply: { error?: unknown; node_errors?: Record<string, unknown> },
  text: string,
): string {
  const parts: string[] = [];
  const e = reply?.error as { message?: string; details?: string } | string | undefined;
  if (typeof e === "string") parts.push(e);
  else if (e?.message) parts.push(e.details ? `${e.message} (${e.details})` : e.message);
  for (const [id, ne] of Object.entries(reply?.node_errors ?? {})) {
    const errs = (ne as { errors?: { message?: string; details?: string }[] })?.errors ?? [];
    for (const x of errs) parts.push(`node ${id}: ${x.message ?? ""} ${x.details ?? ""}`.trim());
  }
  return (parts.join("; ") || text).slice(0, 500);
}

/** "done" when the socket said the prompt ended well; "socket-lost" when it dropped first. */
function watchSocket(
  socket: ComfySocket,
  promptId: string,
  deadline: number,
  signal: AbortSignal | undefined,
  onProgress: ((p: ComfyProgress) => void) | undefined,
): Promise<"done" | "socket-lost"> {
  return new Promise((resolve, reject) => {
    const timer = setTimeout(
      () => finish(() => reject(new EngineError("BACKEND_FAILED", "ComfyUI timed out."))),
      Math.max(0, deadline - Date.now()),
    );
    const onAbort = () => finish(() => reject(signal?.reason ?? new Error("aborted")));
    signal?.addEventListener("abort", onAbort);
    let settled = false;
    function finish(then: () => void) {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      signal?.removeEventListener("abort", onAbort);
      then();
    }
    socket.closed.then(() => finish(() => resolve("socket-lost")));
    socket.listen((m) => {
      if (settled) return;
      // the socket is this run's own client id; a message naming another prompt is not ours
      // (versions before prompt_id was added to `progress` send it without one)
      if (m.data.prompt_id !== undefined && m.data.prompt_id !== promptId) return;
      if (m.type === "progress" && onProgress) {
        const value = Number(m.data.value);
        const max = Number(m.data.max);
        if (Number.isFinite(value) && max > 0) onProgress({ value, max });
      } else if (m.type === "execution_error") {
        const node = m.data.node_type ? ` in ${String(m.data.node_type)}` : "";
        const why = String(m.data.exception_message ?? "no reason given").trim();
        finish(() =>
          reject(new EngineError("WORKFLOW_FAILED", `The GPU workflow failed${node}: ${why}`)),
        );
      } else if (m.type === "execution_interrupted") {
        // someone stopped it on the server (its UI's Cancel): the server's doing, not the
        // workflow's, so the shot may go to another server
        finish(() =>
          reject(
            new EngineError(
              "BACKEND_FAILED",
              "ComfyUI interrupted the run (stopped on the server).",
            ),
          ),
        );
      } else if (m.type === "executing" && m.data.node === null) {
        // not execution_success: ComfyUI stores the history entry between the two
        finish(() => resolve("done"));
      }
    });
  });
}

async function readHistory(c: ComfyConnection, promptId: string, signal?: AbortSignal) {
  const h = (await (
    await fetchChecked(joinUrl(c.url, `/history/${encodeURIComponent(promptId)}`), { signal })
  ).json()) as HistoryReply;
  return h[promptId];
}

async function pollHistory(
  c: ComfyConnection,
  promptId: string,
  deadline: number,
  signal?: AbortSignal,
): Promise<HistoryReply[string] | undefined> {
  const poll = c.pollIntervalMs ?? 500;
  for (;;) {
    const entry = await readHistory(c, promptId, signal);
    if (entry?.status?.status_str === "error") throw historyError(entry);
    if (entry?.status?.completed || Object.keys(entry?.outputs ?? {}).length) return entry;
    if (Date.now() > deadline) throw new EngineError("BACKEND_FAILED", "ComfyUI timed out.");
    await new Promise((r) => setTimeout(r, poll));
  }
}

function historyError(entry: HistoryReply[string]): EngineError {
  if ((entry.status?.messages ?? []).some((m) => m[0] === "execution_interrupted")) {
    return new EngineError(
      "BACKEND_FAILED",
      "ComfyUI interrupted the run (stopped on the server).",
    );
  }
  const error = (entry.status?.messages ?? []).find((m) => m[0] === "execution_error")?.[1] as
    | { node_type?: string; exception_message?: string }
    | undefined;
  const node = error?.node_type ? ` in ${error.node_type}` : "";
  const why = error?.exception_message?.trim() || "ComfyUI reported an error";
  return new EngineError("WORKFLOW_FAILED", `The GPU workflow failed${node}: ${why}`);
}

/** The first image output of a finished prompt's /history entry. */
async function fetchOutput(
  c: ComfyConnection,
  entry: HistoryReply[string] | undefined,
  signal?: AbortSignal,
): Promise<Buffer> {
  if (entry?.status?.status_str === "error") throw historyError(entry);
  const img = Object.values(entry?.outputs ?? {}).flatMap((o) => o.images ?? [])[0];
  if (!img) {
    throw new EngineError("BACKEND_FAILED", "ComfyUI finished without an image output.");
  }
  const q = new URLSearchParams({
    filename: img.filename,
    subfolder: img.subfolder ?? "",
    type: img.type ?? "output",
  });
  const view = await fetchChecked(joinUrl(c.url, `/view?${q}`), { signal });
  return Buffer.from(await view.arrayBuffer());
}
