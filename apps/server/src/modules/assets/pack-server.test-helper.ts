// A loopback HTTP server that serves a pack's folder the way raw.githubusercontent.com does
// (200, or 206 for a Range), for the fetch's tests and the bench; `cutAfter` makes it drop the
// connection part-way through a file, as a flaky line does.
import { createReadStream } from "node:fs";
import { stat } from "node:fs/promises";
import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { join } from "node:path";

export interface PackServer {
  url: string;
  /** every request: its path and Range header */
  readonly requests: { path: string; range: string | undefined }[];
  /** the next request for this path sends only this many bytes, then cuts the connection */
  cutAfter(path: string, bytes: number): void;
  close(): Promise<void>;
}

export async function servePack(dir: string): Promise<PackServer> {
  const requests: PackServer["requests"] = [];
  const cuts = new Map<string, number>();
  const server: Server = createServer(async (req, res) => {
    const path = decodeURIComponent(new URL(req.url ?? "/", "http://x").pathname).slice(1);
    const range = req.headers.range;
    requests.push({ path, range });
    const file = join(dir, path);
    const st = await stat(file).catch(() => null);
    if (!st?.isFile() || path.includes("..")) {
      res.writeHead(404).end();
      return;
    }
    let start = 0;
    let end = st.size - 1;
    const m = range ? /^bytes=(\d+)-(\d*)$/.exec(range) : null;
    if (m) {
      start = Number(m[1]);
      if (m[2]) end = Math.min(end, Number(m[2]));
      if (start >= st.size) {
        res.writeHead(416, { "content-range": `bytes */${st.size}` }).end();
        return;
      }
      res.writeHead(206, {
        "content-length": end - start + 1,
        "content-range": `bytes ${start}-${end}/${st.size}`,
      });
    } else {
      res.writeHead(200, { "content-length": st.size, "accept-ranges": "bytes" });
    }
    const cut = cuts.get(path);
    if (cut === undefined) {
      createReadStream(file, { start, end }).pipe(res);
      return;
    }
    cuts.delete(path);
    // the first `cut` bytes, flushed, then the socket dies mid-body
    const stream = createReadStream(file, { start, end: start + cut - 1 });
    stream.on("data", (chunk) => res.write(chunk));
    stream.on("end", () => setTimeout(() => res.socket?.destroy(), 50));
  });
  await new Promise<void>((done) => server.listen(0, "127.0.0.1", done));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    requests,
    cutAfter: (path, bytes) => cuts.set(path, bytes),
    close: () =>
      new Promise<void>((done) => {
        server.closeAllConnections();
        server.close(() => done());
      }),
  };
}
