// Payments: Stripe and WeChat Pay (docs/decisions/0600-0629).
import { readFileSync } from "node:fs";
import { ConfigError, type Env, int, str, url } from "./env-readers.ts";

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
  /**
   * PAYMENTS_STAND_IN: who may pay on a stand-in (a provider without keys). `local` (default):
   * loopback and private-network clients only; `on`: everyone; `off`: nobody (decision 0908).
   */
  standIn: "local" | "on" | "off";
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

export function billingConfig(env: Env): BillingConfig {
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
  const standIn = str(env, "PAYMENTS_STAND_IN") ?? "local";
  if (standIn !== "local" && standIn !== "on" && standIn !== "off") {
    throw new ConfigError("PAYMENTS_STAND_IN", `must be local, on or off, got "${standIn}"`);
  }
  return {
    standIn,
    stripe: secretKey && webhookSecret ? { secretKey, webhookSecret } : undefined,
    wechat,
    wechatOrderMinutes: int(env, "WECHAT_ORDER_MINUTES", 15, 1, 120),
  };
}
