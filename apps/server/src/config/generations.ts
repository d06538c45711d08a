// Uploads, generations, jobs and storage (docs/decisions/0500-0549).
import { ConfigError, type Env, int, type RateLimit, rateLimit, str } from "./env-readers.ts";

export interface GenerationsConfig {
  /** STORAGE_URL=s3://KEY:SECRET@host[:port]/bucket[/prefix]?region=…&tls=false; unset = DATA_DIR/files */
  storageUrl: string | undefined;
  /** UPLOAD_MAX_BYTES: largest accepted upload (default 20 MB) */
  uploadMaxBytes: number;
  /** UPLOAD_MAX_PIXELS: largest accepted width × height (default 40 MP) */
  uploadMaxPixels: number;
  /** CUTOUT_METHOD: auto (ISNet, classical fallback), isnet or classical */
  cutoutMethod: "auto" | "isnet" | "classical";
  /** read the product's kind from each upload (about 0.1 s of CPU once per upload) */
  detectProduct: boolean;
  /** OUTPUT_MAX_SIDE: scale the preset's frame down to this longest side (small machines, tests) */
  outputMaxSide: number | undefined;
  /** RUN_JOBS: this process runs job handlers (default true; API-only processes set false) */
  runJobs: boolean;
  /** ENGINE_THREAD: run the engine's CPU work in a worker thread (default true; false = on the
   * event loop, only for comparing, see docs/decisions/0550-engine-thread.md) */
  engineThread: boolean;
  /** ENGINE_FAST: the cut-out at the photo's own size and the engine warmed at start (default
   * true; false = the engine before docs/decisions/0506, for the benchmark's "before") */
  engineFast: boolean;
  /** ENGINE_WARM: a process that runs jobs loads the model and warms the engine at start, and
   * /api/ready waits for it (default true; the test harness turns it off) */
  engineWarm: boolean;
  /** ENGINE_WARM_FULL: the warm-up renders a product-sized cut-out on prompted sets, up to the
   * full frame (default true; false = four 256² outputs of a box, the warm-up before decision
   * 0553, for the benchmark's "before") */
  engineWarmFull: boolean;
  /** ENGINE_PRELOAD_PACK: with the photographic pack, the warm-up also decodes the surfaces and
   * walls every set needs, so the first generation does not (default true; false = decoded on
   * first use, as before issue 29's last round, for the benchmark's "before") */
  enginePreloadPack: boolean;
  /**
   * ENGINE_THREADS: threads one process's engine works with, for ISNet's intra-op threads and
   * for the render of several photos (1 or 2 render threads). Unset: ISNet on 2 threads and the
   * render on 2 threads when the process may use 2 cores or more (its CPU affinity). A worker
   * pinned to one core runs best with 1 (README "Scaling out", docs/decisions/0553).
   */
  engineThreads: number | undefined;
  /** JOB_POLL_MS: how often an idle worker looks for jobs */
  jobPollMs: number;
  /** JOB_EXPIRE_SECONDS: an active job older than this is taken back (its worker died) */
  jobExpireSeconds: number;
  /** JOB_RETRY_LIMIT: attempts after the first one before a generation fails and is refunded */
  jobRetryLimit: number;
  /** JOB_MAINTENANCE_SECONDS: how often expired jobs are swept */
  jobMaintenanceSeconds: number;
  /** WORKER_HEARTBEAT_SECONDS: workers older than 3 beats are offline */
  heartbeatSeconds: number;
  /** MAINTENANCE_AT (ISO date-time): announce, then refuse new generations from that time */
  maintenanceAt: number | undefined;
  /** MAINTENANCE_MINUTES: how long new generations are refused from MAINTENANCE_AT */
  maintenanceMinutes: number;
  /** MEDIA_TOKEN_TTL_SECONDS: lifetime of the ?token= in image, cut-out and event URLs */
  mediaTokenTtlSeconds: number;
  /** EVENTS_POLL_MS: how often a server-sent-events stream checks for changes */
  eventsPollMs: number;
  /** RATE_LIMIT_UPLOADS / RATE_LIMIT_GENERATIONS: per-IP limits on POST /api/uploads and /api/generations */
  uploadRateLimit: RateLimit;
  generationRateLimit: RateLimit;
}

export function generationsConfig(env: Env): GenerationsConfig {
  const storageUrl = str(env, "STORAGE_URL");
  if (storageUrl !== undefined) {
    const m = /^s3:\/\/[^:@/]+:[^@/]+@[^/]+\/[a-z0-9][a-z0-9.-]{1,62}(\/[^?]*)?(\?.*)?$/.exec(
      storageUrl,
    );
    if (!m) {
      throw new ConfigError(
        "STORAGE_URL",
        "must look like s3://ACCESS_KEY:SECRET@host[:port]/bucket[/prefix]?region=us-east-1&tls=false",
      );
    }
  }
  const cutoutMethod = str(env, "CUTOUT_METHOD") ?? "auto";
  if (!["auto", "isnet", "classical"].includes(cutoutMethod)) {
    throw new ConfigError(
      "CUTOUT_METHOD",
      `must be auto, isnet or classical, got "${cutoutMethod}"`,
    );
  }
  const detectProduct = str(env, "DETECT_PRODUCT") ?? "true";
  if (!["true", "false"].includes(detectProduct)) {
    throw new ConfigError("DETECT_PRODUCT", `must be true or false, got "${detectProduct}"`);
  }
  const runJobs = str(env, "RUN_JOBS") ?? "true";
  if (!["true", "false"].includes(runJobs)) {
    throw new ConfigError("RUN_JOBS", `must be true or false, got "${runJobs}"`);
  }
  const engineThread = str(env, "ENGINE_THREAD") ?? "true";
  if (!["true", "false"].includes(engineThread)) {
    throw new ConfigError("ENGINE_THREAD", `must be true or false, got "${engineThread}"`);
  }
  const engineFast = str(env, "ENGINE_FAST") ?? "true";
  if (!["true", "false"].includes(engineFast)) {
    throw new ConfigError("ENGINE_FAST", `must be true or false, got "${engineFast}"`);
  }
  const engineWarm = str(env, "ENGINE_WARM") ?? "true";
  if (!["true", "false"].includes(engineWarm)) {
    throw new ConfigError("ENGINE_WARM", `must be true or false, got "${engineWarm}"`);
  }
  const engineWarmFull = str(env, "ENGINE_WARM_FULL") ?? "true";
  if (!["true", "false"].includes(engineWarmFull)) {
    throw new ConfigError("ENGINE_WARM_FULL", `must be true or false, got "${engineWarmFull}"`);
  }
  const enginePreloadPack = str(env, "ENGINE_PRELOAD_PACK") ?? "true";
  if (!["true", "false"].includes(enginePreloadPack)) {
    throw new ConfigError(
      "ENGINE_PRELOAD_PACK",
      `must be true or false, got "${enginePreloadPack}"`,
    );
  }
  const engineThreads = int(env, "ENGINE_THREADS", 0, 0, 64);
  const maintenanceRaw = str(env, "MAINTENANCE_AT");
  let maintenanceAt: number | undefined;
  if (maintenanceRaw !== undefined) {
    maintenanceAt = Date.parse(maintenanceRaw);
    if (!/^\d{4}-\d{2}-\d{2}T/.test(maintenanceRaw) || Number.isNaN(maintenanceAt)) {
      throw new ConfigError(
        "MAINTENANCE_AT",
        `must be an ISO date-time such as 2026-12-01T02:00:00Z, got "${maintenanceRaw}"`,
      );
    }
  }
  const outputMaxSide = int(env, "OUTPUT_MAX_SIDE", 0, 0, 4096);
  if (outputMaxSide !== 0 && outputMaxSide < 64) {
    throw new ConfigError("OUTPUT_MAX_SIDE", "must be at least 64 (or 0 for the preset's size)");
  }
  return {
    storageUrl,
    uploadMaxBytes: int(env, "UPLOAD_MAX_BYTES", 20 * 1024 * 1024, 1024, 200 * 1024 * 1024),
    uploadMaxPixels: int(env, "UPLOAD_MAX_PIXELS", 40_000_000, 4096, 200_000_000),
    cutoutMethod: cutoutMethod as GenerationsConfig["cutoutMethod"],
    detectProduct: detectProduct === "true",
    outputMaxSide: outputMaxSide === 0 ? undefined : outputMaxSide,
    runJobs: runJobs === "true",
    engineThread: engineThread === "true",
    engineFast: engineFast === "true",
    engineWarm: engineWarm === "true",
    engineWarmFull: engineWarmFull === "true",
    enginePreloadPack: enginePreloadPack === "true",
    engineThreads: engineThreads === 0 ? undefined : engineThreads,
    jobPollMs: int(env, "JOB_POLL_MS", 500, 20, 60_000),
    jobExpireSeconds: int(env, "JOB_EXPIRE_SECONDS", 300, 2, 86_400),
    jobRetryLimit: int(env, "JOB_RETRY_LIMIT", 2, 0, 20),
    jobMaintenanceSeconds: int(env, "JOB_MAINTENANCE_SECONDS", 30, 1, 3600),
    heartbeatSeconds: int(env, "WORKER_HEARTBEAT_SECONDS", 5, 1, 600),
    maintenanceAt,
    maintenanceMinutes: int(env, "MAINTENANCE_MINUTES", 60, 1, 7 * 24 * 60),
    mediaTokenTtlSeconds: int(env, "MEDIA_TOKEN_TTL_SECONDS", 3600, 30, 7 * 24 * 3600),
    eventsPollMs: int(env, "EVENTS_POLL_MS", 1000, 20, 60_000),
    uploadRateLimit: rateLimit(env, "RATE_LIMIT_UPLOADS", { max: 120, windowMs: 60_000 }),
    generationRateLimit: rateLimit(env, "RATE_LIMIT_GENERATIONS", { max: 120, windowMs: 60_000 }),
  };
}
