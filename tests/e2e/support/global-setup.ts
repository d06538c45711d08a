// Starts the real server once for the run: a free port, a fresh DATA_DIR, NODE_ENV=test
// (which keeps the dev mailbox on). `make e2e` builds the web app first; if dist is missing
// (a bare `npm run test:e2e`), it is built here.
import { type ChildProcess, execFileSync, spawn } from "node:child_process";
import { existsSync, mkdtempSync, rmSync } from "node:fs";
import { createServer } from "node:net";
import { tmpdir } from "node:os";
import path from "node:path";
import type {} from "vitest";
import type { TestProject } from "vitest/node";

const root = path.resolve(import.meta.dirname, "..", "..", "..");
export const DEVELOPER_EMAIL = "dev@studio-e2e.example.com";
export const ADMIN_EMAIL = "admin@studio-e2e.example.com";

declare module "vitest" {
  export interface ProvidedContext {
    baseURL: string;
  }
}

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const srv = createServer();
    srv.unref();
    srv.on("error", reject);
    srv.listen(0, "127.0.0.1", () => {
      const addr = srv.address();
      srv.close(() =>
        typeof addr === "object" && addr ? resolve(addr.port) : reject(new Error("no port")),
      );
    });
  });
}

async function waitForHealth(url: string, child: ChildProcess, log: () => string) {
  const deadline = Date.now() + 90_000;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`server exited with ${child.exitCode}:\n${log()}`);
    try {
      const res = await fetch(`${url}/api/health`);
      if (res.ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 250));
  }
  throw new Error(`server did not answer ${url}/api/health within 90 s:\n${log()}`);
}

export default async function setup(project: TestProject) {
  if (!existsSync(path.join(root, "apps/web/dist/index.html"))) {
    execFileSync("npm", ["run", "build", "-w", "@studio/web"], { cwd: root, stdio: "inherit" });
  }
  const port = await freePort();
  const dataDir = mkdtempSync(path.join(tmpdir(), "studio-e2e-"));
  let output = "";
  const child = spawn("npx", ["tsx", "src/main.ts"], {
    cwd: path.join(root, "apps/server"),
    env: {
      ...process.env,
      PORT: String(port),
      HOST: "127.0.0.1",
      DATA_DIR: dataDir,
      NODE_ENV: "test",
      // roles.test.ts signs this one up; test users are the server's default example.test domain
      DEVELOPER_EMAILS: DEVELOPER_EMAIL,
      ADMIN_EMAILS: ADMIN_EMAIL, // admin/admin.test.ts
      // every browser test comes from 127.0.0.1: the per-IP limits (tested by the server's own
      // tests) would otherwise trip over a whole suite's signups and mails
      RATE_LIMIT_SIGNUP: "200/60",
      RATE_LIMIT_LOGIN: "200/60",
      RATE_LIMIT_EMAIL: "200/60",
      RATE_LIMIT_GIVEAWAY: "200/60",
    },
    detached: true,
    stdio: ["ignore", "pipe", "pipe"],
  });
  child.stdout?.on("data", (d) => (output += d));
  child.stderr?.on("data", (d) => (output += d));
  // publicUrl defaults to http://localhost:<port>: use the same host, so the mailbox links
  // and the app share one origin (and one localStorage)
  const baseURL = `http://localhost:${port}`;
  try {
    await waitForHealth(baseURL, child, () => output);
  } catch (err) {
    if (child.pid) process.kill(-child.pid, "SIGTERM");
    throw err;
  }
  project.provide("baseURL", baseURL);

  return async () => {
    if (child.pid && child.exitCode === null) {
      process.kill(-child.pid, "SIGTERM");
      await new Promise((r) => setTimeout(r, 500));
      if (child.exitCode === null) process.kill(-child.pid, "SIGKILL");
    }
    rmSync(dataDir, { recursive: true, force: true });
  };
}
