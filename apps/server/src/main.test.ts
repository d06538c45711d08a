// The real entry point, as `make start` runs it: a wrong variable stops it with its name;
// a good configuration serves /api/health.
import { type ChildProcess, spawn } from "node:child_process";
import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";

const serverDir = fileURLToPath(new URL("..", import.meta.url));

function start(env: Record<string, string>) {
  // node with tsx's loader, not the tsx command: the command relays a signal to its child and
  // kills it when the child's busy main thread (the pack's check at start) has not answered in
  // 30 ms, so SIGTERM sometimes ended in 143 instead of main.ts's own clean close
  const child = spawn(process.execPath, ["--import", "tsx", "src/main.ts"], {
    cwd: serverDir,
    env: { PATH: process.env.PATH ?? "", NODE_ENV: "test", ...env },
    stdio: ["ignore", "pipe", "pipe"],
  });
  let output = "";
  child.stdout?.on("data", (d) => (output += d));
  child.stderr?.on("data", (d) => (output += d));
  const exited = new Promise<number | null>((resolve) => child.once("exit", resolve));
  return { child, exited, output: () => output };
}

async function stop(child: ChildProcess, exited: Promise<number | null>) {
  if (child.exitCode === null) child.kill("SIGTERM");
  return exited;
}

describe("main.ts", () => {
  it("exits with a message naming a wrong variable", async () => {
    const p = start({ PORT: "eighty", DATA_DIR: mkdtempSync(path.join(tmpdir(), "main-")) });
    expect(await p.exited).toBe(1);
    expect(p.output()).toContain(
      'Invalid configuration: PORT must be a whole number, got "eighty"',
    );
  });

  it("migrates, serves and shuts down on SIGTERM", async () => {
    const port = 20_000 + Math.floor(Math.random() * 20_000);
    const p = start({
      PORT: String(port),
      HOST: "127.0.0.1",
      DATA_DIR: mkdtempSync(path.join(tmpdir(), "main-")),
    });
    let health: unknown = null;
    for (let i = 0; i < 240 && health === null && p.child.exitCode === null; i++) {
      try {
        const res = await fetch(`http://127.0.0.1:${port}/api/health`);
        if (res.ok) health = await res.json();
      } catch {
        await new Promise((r) => setTimeout(r, 250));
      }
    }
    expect(health, p.output()).toEqual({ ok: true, database: "pglite" });
    expect(await stop(p.child, p.exited)).toBe(0);
    // A cold start creates PGlite and the job queue's schema: tens of seconds on a busy 2-core box.
  }, 120_000);
});
