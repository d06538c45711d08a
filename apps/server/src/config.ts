// The one module that reads the environment. Everything else receives a validated `Config`.
// A wrong value throws ConfigError naming the variable; main.ts prints it and exits.
import { randomBytes } from "node:crypto";
import { existsSync, mkdirSync, readFileSync, writeFileSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { parseSentryDsn, type SentryDsn } from "./modules/monitoring/sentry-dsn.ts";

export class ConfigError extends Error {
  constructor(
    readonly variable: string,
    problem: string,
  ) {
    super(`Invalid configuration: ${variable} ${problem}`);
  }
}

/** A per-IP limit: at most `max` requests per `windowMs`. */
export interface RateLimit {
  max: number;
  windowMs: number;
}

export interface Config {
  nodeEnv: "production" | "development" | "test";
  isProduction: boolean;
  host: string;
  port: number;
  dataDir: string;
  /** PostgreSQL server; when unset the embedded PGlite under `${dataDir}/pglite` is used. */
  databaseUrl: string | undefined;
  smtpUrl: string | undefined;
  mailFrom: string;
  /** Where user feedback mail goes. */
  feedbackEmail: string;
  /** VIDEO_STUDIO_EMAIL / VIDEO_DELIVERY_MAX_MB: made-to-order videos (issue 11, decision 0801) */
  videoOrders: { studioEmail: string; deliveryMaxBytes: number };
  /** FFMPEG_PATH: the encoder of generated videos (default Debian's /usr/bin/ffmpeg) */
  ffmpegPath: string;
  /** TRYON_*: the try-on backend for clothing on human models (issue 10); off by default */
  tryOn: TryOnSettings | undefined;
  /** Absolute base used in links inside emails. */
  publicUrl: string;
  jwtSecret: Uint8Array;
  tokenTtlSeconds: number;
  emailVerificationTtlSeconds: number;
  googleClientId: string | undefined;
  developerEmails: ReadonlySet<string>;
  /** ADMIN_EMAILS: who may open /admin (issue 12) */
  adminEmails: ReadonlySet<string>;
  testUserEmails: ReadonlySet<string>;
  testUserDomains: ReadonlySet<string>;
  webDistDir: string;
  trustProxy: boolean;
  logLevel: string;
  /** Analytics events kept (oldest pruned beyond this). */
  analyticsMaxEvents: number;
  /** Uploads, generations, jobs and file storage (issue 5): see generationsConfig below. */
  generations: GenerationsConfig;
  /** Payment providers (issue 8): see billingConfig below. */
  billing: BillingConfig;
  /** Error reporting and the /monitoring tunnel (issue 12): see monitoringConfig below. */
  monitoring: MonitoringConfig;
  /** API keys, /v1, webhooks and batches (issue 14): see publicApiConfig below. */
  publicApi: PublicApiConfig;
  rateLimits: {
    login: RateLimit;
    signup: RateLimit;
    giveaway: RateLimit;
    email: RateLimit;
    analytics: RateLimit;
    checkout: RateLimit;
    monitoring: RateLimit;
    promptPlan: RateLimit;
  };
}

type Env = Record<string, string | undefined>;

const serverRoot = fileURLToPath(new URL("..", import.meta.url));

function str(env: Env, name: string): string | undefined {
  const v = env[name]?.trim();
  return v === undefined || v === "" ? undefined : v;
}

function int(env: Env, name: string, fallback: number, min: number, max: number): number {
  const raw = str(env, name);
  if (raw === undefined) return fallback;
  if (!/^\d+$/.test(raw)) throw new ConfigError(name, `must be a whole number, got "${raw}"`);
  const n = Number(raw);
  if (n < min || n > max)
    throw new ConfigError(name, `must be between ${min} and ${max}, got ${n}`);
  return n;
}

function url(env: Env, name: string, protocols: string[]): string | undefined {
  const raw = str(env, name);
  if (raw === undefined) return undefined;
  let parsed: URL;
  try {
    parsed = new URL(raw);
  } catch {
    throw new ConfigError(name, `must be a URL (${protocols.join(", ")}), got "${raw}"`);
  }
  if (!protocols.includes(parsed.protocol)) {
    throw new ConfigError(name, `must use ${protocols.join(" or ")}, got "${parsed.protocol}"`);
  }
  return raw;
}

function emailSet(env: Env, name: string): Set<string> {
  const raw = str(env, name);
  const set = new Set<string>();
  if (raw === undefined) return set;
  for (const part of raw.split(",")) {
    const e = part.trim().toLowerCase();
    if (e === "") continue;
    if (!/^[^\s@]+@[^\s@]+$/.test(e)) throw new ConfigError(name, `contains "${e}", not an email`);
    set.add(e);
  }
  return set;
}

function domainSet(env: Env, name: string, fallback: string): Set<string> {
  const raw = str(env, name) ?? fallback;
  const set = new Set<string>();
  for (const part of raw.split(",")) {
    const d = part.trim().toLowerCase();
    if (d === "") continue;
    if (!/^[a-z0-9.-]+$/.test(d)) throw new ConfigError(name, `contains "${d}", not a domain`);
    set.add(d);
  }
  return set;
}

/** `RATE_LIMIT_LOGIN=20/60` means 20 requests per 60 seconds per IP. */
function rateLimit(env: Env, name: string, fallback: RateLimit): RateLimit {
  const raw = str(env, name);
  if (raw === undefined) return fallback;
  const m = /^(\d+)\/(\d+)$/.exec(raw);
  if (!m) throw new ConfigError(name, `must look like <max>/<seconds>, e.g. 20/60, got "${raw}"`);
  const max = Number(m[1]);
  const seconds = Number(m[2]);
  if (max < 1 || seconds < 1) throw new ConfigError(name, "needs a max and a window of at least 1");
  return { max, windowMs: seconds * 1000 };
}

/**
 * The JWT secret: JWT_SECRET when set. Otherwise generated once and kept in DATA_DIR, so
 * tokens survive restarts of the embedded single-process setup (including `make start`,
 * which runs in production mode). A scaled-out deployment (DATABASE_URL set, production) has
 * several API processes that must share a secret, so there it is required.
 */
function jwtSecret(env: Env, dataDir: string, production: boolean, scaledOut: boolean) {
  const raw = str(env, "JWT_SECRET");
  if (raw !== undefined) {
    if (raw.length < 32) throw new ConfigError("JWT_SECRET", "must be at least 32 characters");
    return new TextEncoder().encode(raw);
  }
  if (production && scaledOut) {
    throw new ConfigError("JWT_SECRET", "is required in production when DATABASE_URL is set");
  }
  const file = path.join(dataDir, "jwt-secret");
  if (existsSync(file)) {
    const stored = readFileSync(file, "utf8").trim();
    if (stored.length >= 32) return new TextEncoder().encode(stored);
  }
  mkdirSync(dataDir, { recursive: true });
  const generated = randomBytes(48).toString("base64url");
  writeFileSync(file, `${generated}\n`, { mode: 0o600 });
  return new TextEncoder().encode(generated);
}

export function loadConfig(env: Env = process.env): Config {
  const nodeEnvRaw = str(env, "NODE_ENV") ?? "development";
  if (!["production", "development", "test"].includes(nodeEnvRaw)) {
    throw new ConfigError(
      "NODE_ENV",
      `must be production, development or test, got "${nodeEnvRaw}"`,
    );
  }
  const nodeEnv = nodeEnvRaw as Config["nodeEnv"];
  const isProduction = nodeEnv === "production";
  const port = int(env, "PORT", 8080, 0, 65535);
  const host = str(env, "HOST") ?? "0.0.0.0";
  const dataDir = path.resolve(str(env, "DATA_DIR") ?? "./data");
  const databaseUrl = url(env, "DATABASE_URL", ["postgres:", "postgresql:"]);
  const publicUrl = (
    url(env, "PUBLIC_URL", ["http:", "https:"]) ?? `http://localhost:${port}`
  ).replace(/\/+$/, "");
  const googleClientId = str(env, "GOOGLE_CLIENT_ID");
  const trustProxyRaw = str(env, "TRUST_PROXY") ?? "false";
  if (!["true", "false"].includes(trustProxyRaw)) {
    throw new ConfigError("TRUST_PROXY", `must be true or false, got "${trustProxyRaw}"`);
  }
  const logLevel = str(env, "LOG_LEVEL") ?? (nodeEnv === "test" ? "silent" : "info");
  if (!["fatal", "error", "warn", "info", "debug", "trace", "silent"].includes(logLevel)) {
    throw new ConfigError("LOG_LEVEL", `must be a pino level, got "${logLevel}"`);
  }
  return {
    nodeEnv,
    isProduction,
    host,
    port,
    dataDir,
    databaseUrl,
    smtpUrl: url(env, "SMTP_URL", ["smtp:", "smtps:"]),
    mailFrom: str(env, "MAIL_FROM") ?? "Photoshoot Studio <no-reply@localhost>",
    feedbackEmail: str(env, "FEEDBACK_EMAIL") ?? "feedback@localhost",
    ffmpegPath: str(env, "FFMPEG_PATH") ?? "/usr/bin/ffmpeg",
    tryOn: tryOnConfig(env),
    videoOrders: {
      studioEmail: str(env, "VIDEO_STUDIO_EMAIL") ?? "studio@localhost",
      deliveryMaxBytes: int(env, "VIDEO_DELIVERY_MAX_MB", 200, 1, 2000) * 1024 * 1024,
    },
    publicUrl,
    jwtSecret: jwtSecret(env, dataDir, isProduction, databaseUrl !== undefined),
    tokenTtlSeconds: int(env, "TOKEN_TTL_SECONDS", 30 * 24 * 3600, 60, 365 * 24 * 3600),
    emailVerificationTtlSeconds: int(
      env,
      "EMAIL_VERIFICATION_TTL_SECONDS",
      24 * 3600,
      60,
      30 * 24 * 3600,
    ),
    googleClientId,
    developerEmails: emailSet(env, "DEVELOPER_EMAILS"),
    adminEmails: emailSet(env, "ADMIN_EMAILS"),
    testUserEmails: emailSet(env, "TEST_USER_EMAILS"),
    testUserDomains: domainSet(env, "TEST_USER_DOMAINS", "example.test"),
    webDistDir: path.resolve(serverRoot, str(env, "WEB_DIST_DIR") ?? "../web/dist"),
    trustProxy: trustProxyRaw === "true",
    logLevel,
    analyticsMaxEvents: int(env, "ANALYTICS_MAX_EVENTS", 100_000, 10, 100_000_000),
    generations: generationsConfig(env),
    billing: billingConfig(env),
    monitoring: monitoringConfig(env),
    publicApi: publicApiConfig(env, isProduction),
    rateLimits: {
      login: rateLimit(env, "RATE_LIMIT_LOGIN", { max: 20, windowMs: 60_000 }),
      signup: rateLimit(env, "RATE_LIMIT_SIGNUP", { max: 10, windowMs: 60_000 }),
      giveaway: rateLimit(env, "RATE_LIMIT_GIVEAWAY", { max: 30, windowMs: 60_000 }),
      email: rateLimit(env, "RATE_LIMIT_EMAIL", { max: 10, windowMs: 60_000 }),
      analytics: rateLimit(env, "RATE_LIMIT_ANALYTICS", { max: 300, windowMs: 60_000 }),
      checkout: rateLimit(env, "RATE_LIMIT_CHECKOUT", { max: 30, windowMs: 60_000 }),
      monitoring: rateLimit(env, "RATE_LIMIT_MONITORING", { max: 60, windowMs: 60_000 }),
      promptPlan: rateLimit(env, "RATE_LIMIT_PROMPT_PLAN", { max: 120, windowMs: 60_000 }),
    },
  };
}

// --- Uploads, generations, jobs and storage (issue 5; docs/decisions/0500-0549) ---

export interface GenerationsConfig {
  /** STORAGE_URL=s3://KEY:SECRET@host[:port]/bucket[/prefix]?region=…&tls=false; unset = DATA_DIR/files */
  storageUrl: string | undefined;
  /** UPLOAD_MAX_BYTES: largest accepted upload (default 20 MB) */
  uploadMaxBytes: number;
  /** UPLOAD_MAX_PIXELS: largest accepted width × height (default 40 MP) */
  uploadMaxPixels: number;
  /** CUTOUT_METHOD: auto (ISNet, classical fallback), isnet or classical */
  cutoutMethod: "auto" | "isnet" | "classical";
  /** OUTPUT_MAX_SIDE: scale the preset's frame down to this longest side (small machines, tests) */
  outputMaxSide: number | undefined;
  /** RUN_JOBS: this process runs job handlers (default true; API-only processes set false) */
  runJobs: boolean;
  /** ENGINE_THREAD: run the engine's CPU work in a worker thread (default true; false = on the
   * event loop, only for comparing, see docs/decisions/0550-engine-thread.md) */
  engineThread: boolean;
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

function generationsConfig(env: Env): GenerationsConfig {
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
  const runJobs = str(env, "RUN_JOBS") ?? "true";
  if (!["true", "false"].includes(runJobs)) {
    throw new ConfigError("RUN_JOBS", `must be true or false, got "${runJobs}"`);
  }
  const engineThread = str(env, "ENGINE_THREAD") ?? "true";
  if (!["true", "false"].includes(engineThread)) {
    throw new ConfigError("ENGINE_THREAD", `must be true or false, got "${engineThread}"`);
  }
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
    outputMaxSide: outputMaxSide === 0 ? undefined : outputMaxSide,
    runJobs: runJobs === "true",
    engineThread: engineThread === "true",
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

// --- Payments (issue 8; docs/decisions/0600-0629) ---

export interface WechatPayConfig {
  mchId: string;
  appId: string;
  /** serial number of the merchant certificate whose key signs our requests */
  serial: string;
  privateKeyPem: string;
  /** the APIv3 key (32 bytes) that decrypts notifications */
  apiV3Key: string;
  platformPublicKeyPem: string;
  platformSerial: string;
  baseUrl: string;
}

export interface BillingConfig {
  /** STRIPE_SECRET_KEY and STRIPE_WEBHOOK_SECRET; unset = the local stand-in */
  stripe: { secretKey: string; webhookSecret: string } | undefined;
  /** WECHAT_PAY_*; unset = the local stand-in */
  wechat: WechatPayConfig | undefined;
  /** WECHAT_ORDER_MINUTES: a QR order is closed when unpaid after this long */
  wechatOrderMinutes: number;
}

function pemFile(env: Env, name: string): string {
  const file = str(env, name);
  if (file === undefined) throw new ConfigError(name, "is required when WECHAT_PAY_MCHID is set");
  try {
    const pem = readFileSync(file, "utf8");
    if (!pem.includes("-----BEGIN")) throw new Error("not PEM");
    return pem;
  } catch {
    throw new ConfigError(name, `must name a readable PEM file, got "${file}"`);
  }
}

function billingConfig(env: Env): BillingConfig {
  const secretKey = str(env, "STRIPE_SECRET_KEY");
  const webhookSecret = str(env, "STRIPE_WEBHOOK_SECRET");
  if (secretKey !== undefined && !/^(sk|rk)_(test|live)_\w+$/.test(secretKey)) {
    throw new ConfigError(
      "STRIPE_SECRET_KEY",
      "must be a Stripe secret key (sk_test_… or sk_live_…)",
    );
  }
  if ((secretKey === undefined) !== (webhookSecret === undefined)) {
    throw new ConfigError("STRIPE_WEBHOOK_SECRET", "and STRIPE_SECRET_KEY must be set together");
  }
  const mchId = str(env, "WECHAT_PAY_MCHID");
  let wechat: WechatPayConfig | undefined;
  if (mchId !== undefined) {
    const apiV3Key = str(env, "WECHAT_PAY_API_V3_KEY") ?? "";
    if (Buffer.byteLength(apiV3Key) !== 32) {
      throw new ConfigError("WECHAT_PAY_API_V3_KEY", "must be the 32-character APIv3 key");
    }
    const need = (name: string) => {
      const v = str(env, name);
      if (v === undefined) throw new ConfigError(name, "is required when WECHAT_PAY_MCHID is set");
      return v;
    };
    wechat = {
      mchId,
      appId: need("WECHAT_PAY_APPID"),
      serial: need("WECHAT_PAY_SERIAL"),
      privateKeyPem: pemFile(env, "WECHAT_PAY_PRIVATE_KEY_FILE"),
      apiV3Key,
      platformPublicKeyPem: pemFile(env, "WECHAT_PAY_PLATFORM_PUBLIC_KEY_FILE"),
      platformSerial: need("WECHAT_PAY_PLATFORM_SERIAL"),
      baseUrl:
        url(env, "WECHAT_PAY_BASE_URL", ["https:", "http:"]) ?? "https://api.mch.weixin.qq.com",
    };
  }
  return {
    stripe: secretKey && webhookSecret ? { secretKey, webhookSecret } : undefined,
    wechat,
    wechatOrderMinutes: int(env, "WECHAT_ORDER_MINUTES", 15, 1, 120),
  };
}

/**
 * Test-only: the PostgreSQL server the integration suites also run against (.ci/run sets it
 * when one is reachable). Kept here so config.ts stays the only reader of process.env.
 */
export function testPostgresUrl(env: Env = process.env): string | undefined {
  return url(env, "TEST_POSTGRES_URL", ["postgres:", "postgresql:"]);
}

// --- Monitoring (issue 12; docs/decisions/0901) ---

export interface MonitoringConfig {
  /** SENTRY_DSN: the server SDK reports here; unset = no error reporting at all */
  sentryDsn: SentryDsn | undefined;
  /** SENTRY_WEB_DSN: the browser SDK's DSN (default SENTRY_DSN); the tunnel forwards only here */
  sentryWebDsn: SentryDsn | undefined;
  /** SENTRY_ENVIRONMENT: tag on every event (default NODE_ENV) */
  sentryEnvironment: string;
  /** MONITORING_TUNNEL_MAX_BYTES: largest envelope the tunnel accepts (default 1 MiB) */
  tunnelMaxBytes: number;
  /** METRICS_TOKEN: bearer token for GET /metrics (at least 16 characters); unset = 404 */
  metricsToken: string | undefined;
}

function monitoringConfig(env: Env): MonitoringConfig {
  const dsn = (name: string): SentryDsn | undefined => {
    const raw = str(env, name);
    if (raw === undefined) return undefined;
    const parsed = parseSentryDsn(raw);
    if (!parsed) throw new ConfigError(name, "must look like https://<key>@<host>/<projectId>");
    return parsed;
  };
  const sentryDsn = dsn("SENTRY_DSN");
  return {
    sentryDsn,
    sentryWebDsn: dsn("SENTRY_WEB_DSN") ?? sentryDsn,
    sentryEnvironment: str(env, "SENTRY_ENVIRONMENT") ?? str(env, "NODE_ENV") ?? "development",
    tunnelMaxBytes: int(env, "MONITORING_TUNNEL_MAX_BYTES", 1024 * 1024, 1024, 20 * 1024 * 1024),
    metricsToken: metricsToken(env),
  };
}

function metricsToken(env: Env): string | undefined {
  const raw = str(env, "METRICS_TOKEN");
  if (raw !== undefined && raw.length < 16) {
    throw new ConfigError("METRICS_TOKEN", "must be at least 16 characters");
  }
  return raw;
}

// --- Public API: keys, /v1, webhooks, batches (issue 14; docs/decisions/1000-1009) ---

export interface PublicApiConfig {
  /** RATE_LIMIT_API_KEY: requests per API key (default 120 a minute), RateLimit-* headers */
  keyRateLimit: RateLimit;
  /** RATE_LIMIT_API_BAD_KEY: requests per IP with a missing, wrong or revoked key */
  badKeyRateLimit: RateLimit;
  /** WEBHOOK_RETRY_SECONDS: waits between delivery attempts (default ≈ 24 h in all) */
  webhookRetrySeconds: number[];
  /** WEBHOOK_TIMEOUT_MS: how long a receiver may take to answer one delivery */
  webhookTimeoutMs: number;
  /** WEBHOOK_ALLOW_PRIVATE: endpoints on loopback or private networks (default: not in production) */
  webhookAllowPrivate: boolean;
  /** BATCH_MAX_ITEMS: photos per batch (default 1000) */
  batchMaxItems: number;
  /** BATCH_MAX_MB: largest batch upload (ZIP and CSV together; default 500 MB) */
  batchMaxBytes: number;
  /** BATCH_FAIR_SHARE: while both wait, web jobs run per batch job (default 3: batches get 1/4) */
  batchFairShare: number;
}

function publicApiConfig(env: Env, production: boolean): PublicApiConfig {
  const retryRaw =
    str(env, "WEBHOOK_RETRY_SECONDS") ?? "30,120,600,1800,3600,7200,14400,28800,28800";
  const webhookRetrySeconds = retryRaw.split(",").map((part) => {
    const t = part.trim();
    if (!/^\d+(\.\d+)?$/.test(t) || Number(t) > 7 * 86_400) {
      throw new ConfigError(
        "WEBHOOK_RETRY_SECONDS",
        `must be a list of seconds, got "${retryRaw}"`,
      );
    }
    return Number(t);
  });
  if (webhookRetrySeconds.length > 20) {
    throw new ConfigError("WEBHOOK_RETRY_SECONDS", "allows at most 20 retries");
  }
  const allowPrivate = str(env, "WEBHOOK_ALLOW_PRIVATE") ?? (production ? "false" : "true");
  if (!["true", "false"].includes(allowPrivate)) {
    throw new ConfigError("WEBHOOK_ALLOW_PRIVATE", `must be true or false, got "${allowPrivate}"`);
  }
  return {
    keyRateLimit: rateLimit(env, "RATE_LIMIT_API_KEY", { max: 120, windowMs: 60_000 }),
    badKeyRateLimit: rateLimit(env, "RATE_LIMIT_API_BAD_KEY", { max: 30, windowMs: 60_000 }),
    webhookRetrySeconds,
    webhookTimeoutMs: int(env, "WEBHOOK_TIMEOUT_MS", 10_000, 100, 60_000),
    webhookAllowPrivate: allowPrivate === "true",
    batchMaxItems: int(env, "BATCH_MAX_ITEMS", 1000, 1, 10_000),
    batchMaxBytes: int(env, "BATCH_MAX_MB", 500, 1, 4096) * 1024 * 1024,
    batchFairShare: int(env, "BATCH_FAIR_SHARE", 3, 1, 100),
  };
}

// --- Try-on backend (issue 10; docs/decisions/0701) ---

export type TryOnSettings =
  | { kind: "comfyui"; url: string; workflow: Record<string, unknown>; timeoutMs: number }
  | { kind: "hosted"; url: string; apiKey: string | undefined; timeoutMs: number };

/**
 * TRYON_BACKEND=comfyui|hosted (unset: none, the Clothing app offers the CPU styles and says
 * models need a backend); TRYON_URL; TRYON_API_KEY (hosted); TRYON_WORKFLOW_FILE (comfyui: a
 * workflow in ComfyUI's API format); TRYON_TIMEOUT_SECONDS (default 180).
 */
function tryOnConfig(env: Env): TryOnSettings | undefined {
  const kind = str(env, "TRYON_BACKEND");
  if (kind === undefined) return undefined;
  if (kind !== "comfyui" && kind !== "hosted") {
    throw new ConfigError("TRYON_BACKEND", `must be comfyui or hosted, got "${kind}"`);
  }
  const url = str(env, "TRYON_URL");
  if (!url || !/^https?:\/\/[^\s]+$/.test(url)) {
    throw new ConfigError("TRYON_URL", "must be the backend's http(s) address");
  }
  const timeoutMs = int(env, "TRYON_TIMEOUT_SECONDS", 180, 5, 3600) * 1000;
  if (kind === "hosted") return { kind, url, apiKey: str(env, "TRYON_API_KEY"), timeoutMs };
  const file = str(env, "TRYON_WORKFLOW_FILE");
  if (!file) throw new ConfigError("TRYON_WORKFLOW_FILE", "is needed with TRYON_BACKEND=comfyui");
  let workflow: unknown;
  try {
    workflow = JSON.parse(readFileSync(file, "utf8"));
  } catch (err) {
    throw new ConfigError(
      "TRYON_WORKFLOW_FILE",
      `cannot be read as JSON: ${(err as Error).message}`,
    );
  }
  if (!workflow || typeof workflow !== "object" || Array.isArray(workflow)) {
    throw new ConfigError("TRYON_WORKFLOW_FILE", "must hold a workflow object (API format)");
  }
  return { kind, url, workflow: workflow as Record<string, unknown>, timeoutMs };
}
