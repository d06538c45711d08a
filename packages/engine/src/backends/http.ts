import { EngineError } from "../input/engine-error.ts";

export function joinUrl(base: string, path: string): string {
  return base.replace(/\/+$/, "") + path;
}

/** fetch that turns network failures and non-2xx replies into BACKEND_FAILED. */
export async function fetchChecked(url: string, init: RequestInit = {}): Promise<Response> {
  let res: Response;
  try {
    res = await fetch(url, init);
  } catch (err) {
    if (init.signal?.aborted) throw err; // called off by us: not the server's failure
    throw new EngineError("BACKEND_FAILED", `Could not reach ${new URL(url).origin}: ${err}`, {
      cause: err,
    });
  }
  if (!res.ok) {
    const text = (await res.text().catch(() => "")).slice(0, 300);
    throw new EngineError(
      "BACKEND_FAILED",
      `${new URL(url).pathname} answered ${res.status}: ${text}`,
    );
  }
  return res;
}
