// For the multi-process suites (worker crash test, tests/scale, the generations bench): a
// fresh PostgreSQL database, and API and worker processes started as real child processes.
import { type ChildProcess, spawn } from "node:child_process";
import { randomBytes } from "node:crypto";
import { readdirSync, readFileSync } from "node:fs";
import { fileURLToPath } from "node:url";
import pg from "pg";
import { testPostgresUrl } from "../../config.ts";

export const repoRoot = fileURLToPath(new URL("../../../../../", import.meta.url));
const workerMain = fileURLToPath(new URL("../../../../worker/src/main.ts", import.meta.url));
const serverMain = fileURLToPath(new URL("../../main.ts", import.meta.url));

/** TEST_POSTGRES_URL, read through the config module (the only reader of the environment). */
export const postgresUrl = testPostgresUrl();

/** Whether a PostgreSQL server answers at `url` (the benches skip or add their PostgreSQL runs). */
export async function postgresReachable(url: string, timeoutMs = 2000): Promise<boolean> {
  const c = new pg.Client({ connectionString: url, connectionTimeoutMillis: timeoutMs });
  try {
    await c.connect();
    await c.end();
    return true;
  } catch {
    return false;
  }
}

export async function freshPostgres(baseUrl: string) {
  const name = `studio_cluster_${randomBytes(5).toString("hex")}`;
  const admin = new pg.Client({ connectionString: baseUrl });
  await admin.connect();
  await admin.query(`create database ${name}`);
  await admin.end();
  const url = new URL(baseUrl);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    async drop() {
      const a = new pg.Client({ connectionString: baseUrl });
      await a.connect();
      await a.query(`drop database if exists ${name} with (force)`);
      await a.end();
    },
  };
}

export interface Child {
  process: ChildProcess;
  output: () => string;
  /** resolves when the process has exited */
  exited: Promise<number | null>;
  stop(signal?: NodeJS.Signals): Promise<number | null>;
}

/** `cpus`: pin the process to these cores (`taskset -c`, e.g. "0" or "0,1") */
function start(main: string, env: Record<string, string>, cpus?: string): Child {
  const node = [process.execPath, "--import", "tsx", main];
  // taskset execs node: the child's pid is node's (peakRssMb reads it)
  const [command, ...args] = cpus ? ["taskset", "-c", cpus, ...node] : node;
  const child = spawn(command as string, args, {
    cwd: repoRoot,
    env: {
      PATH: process.env.PATH ?? "",
      HOME: process.env.HOME ?? "/tmp",
      ...env,
    },
    stdio: ["ignore", "pipe", "pipe"],
  });
  let out = "";
  child.stdout?.on("data", (d) => {
    out += d;
  });
  child.stderr?.on("data", (d) => {
    out += d;
  });
  const exited = new Promise<number | null>((resolve) =>
    child.once("exit", (code) => resolve(code)),
  );
  return {
    process: child,
    output: () => out,
    exited,
    async stop(signal = "SIGTERM") {
      if (child.exitCode === null && child.signalCode === null) child.kill(signal);
      return exited;
    },
  };
}

export function spawnWorker(env: Record<string, string>, cpus?: string): Child {
  // as apps/worker's `npm start` runs one (decision 0554): the bench's peak RSS is production's.
  // The API and the embedded server run with glibc's defaults, as `make start` does (0556)
  return start(
    workerMain,
    { MALLOC_MMAP_THRESHOLD_: "1048576", MALLOC_TRIM_THRESHOLD_: "134217728", ...env },
    cpus,
  );
}

/** CPU seconds (user + system, all threads) the process has used so far (Linux), or null. */
export function cpuSeconds(pid: number | undefined): number | null {
  const t = cpuTimes(pid);
  return t && t.user + t.system;
}

/**
 * CPU seconds the process has used so far in user space and in the kernel (all threads; Linux),
 * or null: the kernel's share is mostly page faults, which a virtual machine makes dear.
 */
export function cpuTimes(pid: number | undefined): { user: number; system: number } | null {
  if (!pid) return null;
  try {
    // after the command's closing parenthesis: state is field 3, utime 14 and stime 15
    const stat = readFileSync(`/proc/${pid}/stat`, "utf8");
    const f = stat.slice(stat.lastIndexOf(")") + 2).split(" ");
    return { user: Number(f[11]) / 100, system: Number(f[12]) / 100 };
  } catch {
    return null;
  }
}

/**
 * CPU seconds every PostgreSQL server process on this machine has used so far (Linux), or null
 * where /proc cannot be read: the database's share of a bench's work, read before and after.
 * A backend that exits in between takes its share with it; the benches keep their pools open.
 */
export function postgresCpuSeconds(): number | null {
  try {
    let sum = 0;
    for (const entry of readdirSync("/proc")) {
      if (!/^\d+$/.test(entry)) continue;
      let stat: string;
      try {
        stat = readFileSync(`/proc/${entry}/stat`, "utf8");
      } catch {
        continue; // gone since the listing
      }
      if (!stat.includes("(postgres)")) continue;
      sum += cpuSeconds(Number(entry)) ?? 0;
    }
    return sum;
  } catch {
    return null;
  }
}

/** The process's peak resident memory so far, MB (Linux: VmHWM), or null where unknown. */
export function peakRssMb(pid: number | undefined): number | null {
  if (!pid) return null;
  try {
    const m = /VmHWM:\s+(\d+) kB/.exec(readFileSync(`/proc/${pid}/status`, "utf8"));
    return m ? Number(m[1]) / 1024 : null;
  } catch {
    return null;
  }
}

/** An API process (RUN_JOBS=false unless env says otherwise); resolves once it answers. */
export async function spawnApi(env: Record<string, string>, port: number): Promise<Child> {
  const child = start(serverMain, {
    RUN_JOBS: "false",
    HOST: "127.0.0.1",
    ...env,
    PORT: String(port),
  });
  await waitFor(async () => {
    if (child.process.exitCode !== null) throw new Error(`API exited:\n${child.output()}`);
    const res = await fetch(`http://127.0.0.1:${port}/api/health`).catch(() => null);
    return res?.ok === true;
  }, 90_000);
  return child;
}

export async function waitFor(
  check: () => Promise<boolean> | boolean,
  timeoutMs: number,
  everyMs = 100,
): Promise<void> {
  const until = Date.now() + timeoutMs;
  while (!(await check())) {
    if (Date.now() > until) throw new Error(`timed out after ${timeoutMs} ms`);
    await new Promise((r) => setTimeout(r, everyMs));
  }
}

/** An API built in this process (app.inject) on the given PostgreSQL database. */
export async function inProcessApi(url: string, env: Record<string, string>) {
  const { buildApp } = await import("../../app.ts");
  const { testConfig } = await import("../../testing/test-harness.ts");
  const { openDatabase } = await import("../../db/database.ts");
  const { migrate } = await import("../../db/migrate.ts");
  const database = await openDatabase({ kind: "postgres", url, maxConnections: 20 });
  await migrate(database);
  const app = await buildApp({ config: testConfig(env), database });
  await app.ready();
  return {
    app,
    database,
    async close() {
      await app.close();
      await database.close();
    },
  };
}
