// The client against a real listening server (the embedded setup, like `make start`): the
// README's steps — upload, generate, wait, download; a batch and its results ZIP; errors with
// their codes; webhook verification — and the committed api.gen.ts matching the document.
import { createHmac } from "node:crypto";
import { readFileSync } from "node:fs";
import { fileURLToPath } from "node:url";
import { productPhoto } from "@studio/server/test-images";
import { createTestApp, signup, type TestApp } from "@studio/server/testing";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { generateClientSource, type OpenApiDocument, pickV1 } from "../scripts/openapi-to-ts.ts";
import { StudioApiError, StudioClient, verifyWebhook } from "./index.ts";

describe("@studio/client", () => {
  let t: TestApp;
  let client: StudioClient;
  let baseUrl = "";
  beforeAll(async () => {
    t = await createTestApp("pglite", {
      env: { CUTOUT_METHOD: "classical", OUTPUT_MAX_SIDE: "256", JOB_POLL_MS: "50" },
    });
    baseUrl = await t.app.listen({ port: 0, host: "127.0.0.1" });
    const { userId, token } = await signup(t.app, {
      username: "clientuser",
      userEmail: "client@example.com",
    });
    await t.app.services.coins.grant({
      accountId: userId,
      amount: 20,
      key: "t:client",
      reason: "t",
    });
    const key = await fetch(`${baseUrl}/api/keys`, {
      method: "POST",
      headers: { authorization: `Bearer ${token}`, "content-type": "application/json" },
      body: JSON.stringify({ name: "client test", scopes: ["generate", "read"] }),
    });
    client = new StudioClient({ baseUrl, apiKey: ((await key.json()) as { key: string }).key });
  });
  afterAll(async () => {
    await t.close();
  });

  it("uploads, generates, waits and downloads", async () => {
    const photo = new Blob([await productPhoto({ color: { r: 180, g: 40, b: 60 } })], {
      type: "image/jpeg",
    });
    const upload = await client.createUpload({ file: photo });
    expect(upload.cutoutStatus).toBe("pending");
    const submitted = await client.createGeneration({
      uploadId: upload.id,
      prompt: "on marble",
      count: 2,
    });
    expect(submitted.cost).toBe(2);
    const done = await client.waitForGeneration(submitted.id, 100);
    expect(done.status).toBe("done");
    const image = await client.download(done.images[0]?.url ?? "");
    expect(image.subarray(0, 2)).toEqual(Buffer.from([0xff, 0xd8]));
  });

  it("answers errors with their stable code", async () => {
    const err = await client.getGeneration("00000000-0000-4000-8000-000000000000").catch((e) => e);
    expect(err).toBeInstanceOf(StudioApiError);
    expect(err).toMatchObject({ status: 404, code: "not_found" });
    const bad = await client
      .createGeneration({ prompt: "marble", template: "nope" })
      .catch((e) => e);
    expect(bad).toMatchObject({ status: 400, code: "template_not_found" });
  });

  it("runs a batch from a list of uploads and fetches its ZIP", async () => {
    const ids: string[] = [];
    for (const r of [30, 90]) {
      const photo = new Blob([await productPhoto({ color: { r, g: 120, b: 60 } })]);
      ids.push((await client.createUpload({ file: photo })).id);
    }
    const batch = await client.createBatch({
      count: 1,
      prompt: "linen",
      items: ids.map((uploadId) => ({ uploadId })),
    });
    expect(batch.total).toBe(2);
    const finished = await client.waitForBatch(batch.id, undefined, 100);
    expect(finished).toMatchObject({ status: "done", done: 2 });
    const zip = await client.getBatchResults(batch.id);
    expect(zip.size).toBeGreaterThan(100);
  });

  it("verifies webhook signatures", () => {
    const body = JSON.stringify({ id: "e", type: "batch.done", created: 1, data: {} });
    const t0 = Math.floor(Date.now() / 1000);
    const mac = createHmac("sha256", "whsec_x").update(`${t0}.${body}`).digest("hex");
    expect(verifyWebhook(body, `t=${t0},v1=${mac}`, "whsec_x").type).toBe("batch.done");
    expect(() => verifyWebhook(body, `t=${t0},v1=${mac}`, "whsec_y")).toThrow(/signature/);
    expect(() => verifyWebhook(body, `t=${t0 - 600},v1=${mac}`, "whsec_x")).toThrow(/too old/);
  });

  it("ships an api.gen.ts that matches the server's document", () => {
    const doc = pickV1(t.app.swagger() as unknown as OpenApiDocument);
    const committed = readFileSync(fileURLToPath(new URL("./api.gen.ts", import.meta.url)), "utf8");
    expect(committed, "run: npm run generate -w @studio/client").toBe(generateClientSource(doc));
  });
});
