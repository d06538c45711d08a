// The one module that reads the environment. Everything else receives a validated `Config`.
// A wrong value throws ConfigError naming the variable; main.ts prints it and exits.
// The settings of each module are read in config/<module>.ts; loadConfig composes them.
import path from "node:path";
import { fileURLToPath } from "node:url";
import { allowedOrigins } from "./config/allowed-origins.ts";
import { type AssetsConfig, assetsConfig } from "./config/assets.ts";
import { type BillingConfig, billingConfig } from "./config/billing.ts";
import { databaseUrl as readDatabaseUrl } from "./config/database.ts";
import {
  ConfigError,
  domainSet,
  type Env,
  emailSet,
  int,
  type RateLimit,
  rateLimit,
  str,
  url,
} from "./config/env-readers.ts";
import { type GenerationsConfig, generationsConfig } from "./config/generations.ts";
import { type GpuSettings, gpuConfig } from "./config/gpu.ts";
import { jwtSecret } from "./config/jwt-secret.ts";
import { type MonitoringConfig, monitoringConfig } from "./config/monitoring.ts";
import { type PublicApiConfig, publicApiConfig } from "./config/public-api.ts";
import { type TryOnSettings, tryOnConfig } from "./config/try-on.ts";

export type { AssetsConfig } from "./config/assets.ts";
export type { BillingConfig, WechatPayConfig } from "./config/billing.ts";
export { testPostgresUrl } from "./config/database.ts";
export { ConfigError, type RateLimit } from "./config/env-readers.ts";
export type { GenerationsConfig } from "./config/generations.ts";
export type { GpuSettings } from "./config/gpu.ts";
export type { MonitoringConfig } from "./config/monitoring.ts";
export type { PublicApiConfig } from "./config/public-api.ts";
export type { TryOnSettings } from "./config/try-on.ts";

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
  /** VIDEO_STUDIO_EMAIL / VIDEO_DELIVERY_MAX_MB: made-to-order videos (decision 0801) */
  videoOrders: { studioEmail: string; deliveryMaxBytes: number };
  /** FFMPEG_PATH: the encoder of generated videos (default Debian's /usr/bin/ffmpeg) */
  ffmpegPath: string;
  /** TRYON_*: the try-on backend for clothing on human models; off by default */
  tryOn: TryOnSettings | undefined;
  /** COMFYUI_URLS, COMFYUI_STAND_IN, SCENE_BACKEND: GPU servers for both apps */
  gpu: GpuSettings | undefined;
  /** Absolute base used in links inside emails. */
  publicUrl: string;
  /** PUBLIC_URL's origin plus ALLOWED_ORIGINS: where browser-bound links may return (0909) */
  allowedOrigins: ReadonlySet<string>;
  jwtSecret: Uint8Array;
  tokenTtlSeconds: number;
  emailVerificationTtlSeconds: number;
  googleClientId: string | undefined;
  developerEmails: ReadonlySet<string>;
  /** ADMIN_EMAILS: who may open /admin */
  adminEmails: ReadonlySet<string>;
  testUserEmails: ReadonlySet<string>;
  testUserDomains: ReadonlySet<string>;
  webDistDir: string;
  trustProxy: boolean;
  logLevel: string;
  /** Analytics events kept (oldest pruned beyond this). */
  analyticsMaxEvents: number;
  /** Uploads, generations, jobs and file storage: config/generations.ts. */
  generations: GenerationsConfig;
  /** Payment providers: config/billing.ts. */
  billing: BillingConfig;
  /** Error reporting and the /monitoring tunnel: config/monitoring.ts. */
  monitoring: MonitoringConfig;
  /** The photographic pack's folder and its fetch (issue 27): config/assets.ts. */
  assets: AssetsConfig;
  /** API keys, /v1, webhooks and batches: config/public-api.ts. */
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

const serverRoot = fileURLToPath(new URL("..", import.meta.url));

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
  const databaseUrl = readDatabaseUrl(env);
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
    gpu: gpuConfig(env),
    videoOrders: {
      studioEmail: str(env, "VIDEO_STUDIO_EMAIL") ?? "studio@localhost",
      deliveryMaxBytes: int(env, "VIDEO_DELIVERY_MAX_MB", 200, 1, 2000) * 1024 * 1024,
    },
    publicUrl,
    allowedOrigins: allowedOrigins(env, publicUrl, str(env, "PUBLIC_URL") !== undefined, port),
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
    assets: assetsConfig(env, dataDir, nodeEnv),
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
