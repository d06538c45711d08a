// npm run bench:gpu -- --url http://gpu1:8188[,http://gpu2:8188] [--size 1024] [--rounds 2]
// Four product-scene photos through the shipped workflow (workflows/product-scene.json) on the
// given ComfyUI servers, the way the studio sends them (the pool, the engine's plan, its CPU
// render as the img2img seed, the product pasted back). Prints seconds per four images and per
// image, and each server's device and measured seconds per image. The first round loads the
// model on the GPU: it is printed apart. `--url stand-in` measures the stand-in instead (only its
// own delay: useful to check the flow, not a GPU).
import { cutout, decodeImage, generateFromCutout } from "@studio/engine";
import { createComfyPool } from "../src/comfyui/comfyui-pool.ts";
import { pooledSceneBackend } from "../src/comfyui/pooled-backends.ts";
import { startComfyStandIn } from "../src/comfyui/stand-in/comfyui-stand-in.ts";
import { shippedWorkflow } from "../src/comfyui/workflows.ts";
import { productPhoto } from "../src/modules/uploads/test-images.test-helper.ts";

function arg(name: string, fallback?: string): string | undefined {
  const i = process.argv.indexOf(`--${name}`);
  return i >= 0 ? process.argv[i + 1] : fallback;
}

const urlArg = arg("url");
if (!urlArg) {
  console.error(
    "usage: npm run bench:gpu -- --url http://gpu:8188[,http://gpu2:8188] [--size 1024]",
  );
  process.exit(2);
}
const size = Number(arg("size", "1024"));
const rounds = Number(arg("rounds", "2"));
const standIn = urlArg === "stand-in" ? await startComfyStandIn({ secondsPerImage: 1 }) : null;
const urls = standIn ? [standIn.url] : urlArg.split(",").map((u) => u.trim());
for (const u of urls) {
  if (!/^https?:\/\/\S+$/.test(u)) {
    console.error(`--url: "${u}" is not an http(s) address`);
    process.exit(2);
  }
}

const pool = createComfyPool(urls, { checkIntervalMs: 0 });
await pool.check();
if (!pool.available()) {
  console.error(
    `no server answers /system_stats: ${pool.servers.map((s) => s.lastError).join("; ")}`,
  );
  process.exit(1);
}
for (const s of pool.servers) {
  const stats = s.healthy ? await (await fetch(`${s.url}/system_stats`)).json() : null;
  const device = (stats as { devices?: { name?: string }[] } | null)?.devices?.[0]?.name;
  console.log(`${s.url}: ${s.healthy ? (device ?? "up") : `down (${s.lastError})`}`);
}

const cut = await cutout(await decodeImage(await productPhoto({ size: 640 })), {
  method: "classical",
});
const painter = pooledSceneBackend(pool, shippedWorkflow("product-scene"), { timeoutMs: 600_000 });
const times: number[] = [];
for (let round = 0; round < rounds; round++) {
  const t0 = performance.now();
  await generateFromCutout(cut, {
    prompt: "on a marble counter with soft window light",
    count: 4,
    seed: 1 + round,
    width: size,
    height: size,
    backend: painter,
  });
  const s = (performance.now() - t0) / 1000;
  times.push(s);
  console.log(
    `round ${round + 1}${round === 0 ? " (loads the model)" : ""}: ${s.toFixed(1)} s per four images, ${(s / 4).toFixed(1)} s per image`,
  );
}
for (const s of pool.servers) {
  console.log(`${s.url}: measured ${s.secondsPerImage?.toFixed(2) ?? "-"} s per image`);
}
const warm = times.length > 1 ? times.slice(1) : times;
console.log(
  `seconds per four images at ${size}x${size} (warm): ${(warm.reduce((a, b) => a + b, 0) / warm.length).toFixed(1)}`,
);
pool.close();
await standIn?.close();
