// Issue 28: the seller's correction of the recognised kind travels with the generation request,
// validated by the contracts' schema at the HTTP edge, and stored with the generation.
import { ProductKindNames } from "@studio/contracts";
import { seenProduct } from "@studio/engine";
import { sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { bearer, injectAs, postUpload, sellerWithCoins } from "../../testing/api-helpers.ts";
import { testAppPerSuite } from "../../testing/test-app-per-suite.ts";
import { multipartBody, productPhoto, studioEnv } from "../uploads/test-images.test-helper.ts";

describe("the product's kind", () => {
  const t = testAppPerSuite("pglite", { env: studioEnv });

  it("takes the seller's kind with the generation, and refuses one the engine does not know", async () => {
    const u = await sellerWithCoins(t.app, 20);
    const body = multipartBody(await productPhoto({}));
    const up = await postUpload(t.app, u.token, body);
    const uploadId = up.json().id as string;
    const submit = (payload: object) =>
      t.app.inject({ method: "POST", url: "/api/generations", headers: bearer(u.token), payload });
    expect((await submit({ uploadId, productKind: "spaceship" })).statusCode).toBe(400);
    expect((await submit({ uploadId, productKind: 3 })).statusCode).toBe(400);
    const ok = await submit({ uploadId, productKind: "car" });
    expect(ok.statusCode).toBe(202);
    const rows = await t.database.db.execute(
      sql`select product_kind from generations where id = ${ok.json().id}`,
    );
    expect((rows as unknown as { rows: { product_kind: string }[] }).rows[0]?.product_kind).toBe(
      "car",
    );
    await t.app.pipeline.runner?.runUntilIdle();
    const done = await injectAs(t.app, u.token, "GET", `/api/generations/${ok.json().id}`);
    expect(done.json()).toMatchObject({ status: "done", count: 4 });
  });

  it("offers only kinds the engine plans", () => {
    for (const k of ProductKindNames) expect(seenProduct(k), k).not.toBeNull();
  });
});
