// GPU servers running ComfyUI (decision 1100): one variable, COMFYUI_URLS, and both
// apps use them: product scenes painted around the product, and the Clothing app's models.
import { ConfigError, type Env, int, str } from "./env-readers.ts";

export interface GpuSettings {
  /** COMFYUI_URLS, without trailing slashes; empty when only the stand-in serves */
  urls: string[];
  /** COMFYUI_STAND_IN=on: start the in-process stand-in (images say they are not generated) */
  standIn: boolean;
  /** SCENE_BACKEND=comfyui (the default once servers are set) or cpu */
  scenes: boolean;
  /** COMFYUI_TIMEOUT_SECONDS: one image's limit on one server before it moves to another */
  timeoutMs: number;
}

export function gpuConfig(env: Env): GpuSettings | undefined {
  const urls = comfyUrls(env);
  const standInRaw = str(env, "COMFYUI_STAND_IN") ?? "off";
  if (!["on", "off"].includes(standInRaw)) {
    throw new ConfigError("COMFYUI_STAND_IN", `must be on or off, got "${standInRaw}"`);
  }
  const standIn = standInRaw === "on";
  const scene = str(env, "SCENE_BACKEND");
  if (scene !== undefined && scene !== "cpu" && scene !== "comfyui") {
    throw new ConfigError("SCENE_BACKEND", `must be cpu or comfyui, got "${scene}"`);
  }
  if (urls.length === 0 && !standIn) {
    if (scene === "comfyui") {
      throw new ConfigError("SCENE_BACKEND", "is comfyui but COMFYUI_URLS names no server");
    }
    return undefined;
  }
  return {
    urls,
    standIn,
    scenes: scene !== "cpu",
    timeoutMs: int(env, "COMFYUI_TIMEOUT_SECONDS", 300, 5, 3600) * 1000,
  };
}

function comfyUrls(env: Env): string[] {
  const raw = str(env, "COMFYUI_URLS");
  if (raw === undefined) return [];
  const urls: string[] = [];
  for (const part of raw.split(",")) {
    const u = part.trim();
    if (u === "") continue;
    let parsed: URL;
    try {
      parsed = new URL(u);
    } catch {
      throw new ConfigError("COMFYUI_URLS", `contains "${u}", not a URL (http://host:8188)`);
    }
    if (parsed.protocol !== "http:" && parsed.protocol !== "https:") {
      throw new ConfigError("COMFYUI_URLS", `contains "${u}": use http:// or https://`);
    }
    if (parsed.search || parsed.hash) {
      throw new ConfigError("COMFYUI_URLS", `contains "${u}": give the server's base address`);
    }
    const base = u.replace(/\/+$/, "");
    if (urls.includes(base)) throw new ConfigError("COMFYUI_URLS", `names "${u}" twice`);
    urls.push(base);
  }
  return urls;
}
