// One photo in, four marketing photos out, through the public API.
//   STUDIO_API_KEY=psk_… npx tsx packages/client/examples/quickstart.ts [photo] [out-dir]
// STUDIO_URL defaults to http://localhost:8080 (`make start`).
import { mkdir, readFile, writeFile } from "node:fs/promises";
import path from "node:path";
import { StudioApiError, StudioClient } from "@studio/client";

const apiKey = process.env.STUDIO_API_KEY;
if (!apiKey) throw new Error("Set STUDIO_API_KEY (create a key in your account page: /account)");
const client = new StudioClient({
  baseUrl: process.env.STUDIO_URL ?? "http://localhost:8080",
  apiKey,
});
const photoPath = process.argv[2] ?? "apps/web/marketing-photos/espresso-cup.png";
const outDir = process.argv[3] ?? "out";

try {
  const upload = await client.createUpload({ file: new Blob([await readFile(photoPath)]) });
  console.log(`uploaded ${photoPath}: ${upload.width}×${upload.height}, id ${upload.id}`);
  const submitted = await client.createGeneration({
    uploadId: upload.id,
    prompt: "on a white marble podium, soft morning light",
  });
  console.log(
    `generation ${submitted.id}: ${submitted.cost} coins, position ${submitted.position ?? "-"}`,
  );
  const done = await client.waitForGeneration(submitted.id);
  if (done.status === "failed") throw new Error(done.error ?? "failed");
  await mkdir(outDir, { recursive: true });
  for (const image of done.images) {
    const file = path.join(outDir, `photo-${image.index + 1}.jpg`);
    await writeFile(file, await client.download(image.url));
    console.log(`saved ${file} (${image.width}×${image.height})`);
  }
} catch (err) {
  if (err instanceof StudioApiError) console.error(`${err.status} ${err.code}: ${err.message}`);
  throw err;
}
