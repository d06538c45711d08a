import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createLocalDiskStorage } from "./local-disk.storage.ts";
import { createS3Storage, parseS3Url } from "./s3.storage.ts";
import { type S3StandIn, startS3StandIn } from "./s3-stand-in.test-helper.ts";
import { createStorage } from "./storage.factory.ts";
import type { ObjectStorage } from "./storage.types.ts";

const s3Opts = {
  accessKeyId: "studio-test",
  secretAccessKey: "s3cr3t/with+chars",
  region: "eu-west-3",
  bucket: "photos",
};

async function roundTrip(storage: ObjectStorage) {
  const bytes = Buffer.from([0, 1, 2, 250, 255]);
  expect(await storage.get("gen/abc/0.jpg")).toBeNull();
  await storage.put("gen/abc/0.jpg", bytes, "image/jpeg");
  expect(await storage.get("gen/abc/0.jpg")).toEqual(bytes);
  await storage.put("gen/abc/0.jpg", Buffer.from("again"), "image/jpeg");
  expect((await storage.get("gen/abc/0.jpg"))?.toString()).toBe("again");
  await storage.delete("gen/abc/0.jpg");
  expect(await storage.get("gen/abc/0.jpg")).toBeNull();
  await storage.delete("gen/abc/0.jpg"); // deleting what is gone is fine
  await expect(storage.put("../escape", bytes, "image/png")).rejects.toThrow(/Invalid/);
}

describe("local disk storage", () => {
  it("stores, replaces, reads and deletes", async () => {
    const dir = mkdtempSync(path.join(tmpdir(), "storage-"));
    await roundTrip(createLocalDiskStorage(dir));
  });
  it("is the default", () => {
    const s = createStorage({ dataDir: "/tmp/x", storageUrl: undefined });
    expect(s.description).toBe("local disk /tmp/x/files");
  });
});

describe("S3 storage against a SigV4-checking stand-in", () => {
  let standIn: S3StandIn;
  beforeAll(async () => {
    standIn = await startS3StandIn(s3Opts);
  });
  afterAll(() => standIn.close());

  const url = (secret = s3Opts.secretAccessKey) =>
    `s3://${s3Opts.accessKeyId}:${encodeURIComponent(secret)}@${standIn.url.slice(7)}/photos/prefix?region=eu-west-3&tls=false`;

  it("parses STORAGE_URL", () => {
    const loc = parseS3Url(url());
    expect(loc.bucket).toBe("photos");
    expect(loc.prefix).toBe("prefix");
    expect(loc.credentials.secretAccessKey).toBe(s3Opts.secretAccessKey);
    expect(loc.endpoint).toBe(standIn.url);
    expect(() => parseS3Url("s3://host/bucket")).toThrow(/ACCESS_KEY/);
    expect(() => parseS3Url("s3://a:b@host/")).toThrow(/bucket/);
  });

  it("puts, gets and deletes objects with signed requests", async () => {
    const storage = createStorage({ dataDir: "/unused", storageUrl: url() });
    await roundTrip(storage);
    await storage.put("uploads/u1/original.png", Buffer.from("png"), "image/png");
    const stored = standIn.objects.get("prefix/uploads/u1/original.png");
    expect(stored?.contentType).toBe("image/png");
    expect(standIn.requests.every((r) => r.status < 403 || r.status === 404)).toBe(true);
  });

  it("fails loudly when the signature is wrong", async () => {
    const storage = createS3Storage(parseS3Url(url("wrong-secret")));
    await expect(storage.put("x/y.jpg", Buffer.from("a"), "image/jpeg")).rejects.toThrow(
      /403.*SignatureDoesNotMatch/,
    );
    await expect(storage.get("x/y.jpg")).rejects.toThrow(/403/);
  });
});
