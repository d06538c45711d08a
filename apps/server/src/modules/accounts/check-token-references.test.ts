// check-token says whether a generation used reference images: the web asks for feedback on
// them only then.
import { randomUUID } from "node:crypto";
import { describe, expect, it } from "vitest";
import { bearer, signup } from "../../testing/api-helpers.ts";
import { testAppPerSuite } from "../../testing/test-app-per-suite.ts";

describe("check-token and reference images", () => {
  const t = testAppPerSuite("pglite");

  it("reports referenceImagesUsed once a generation used references", async () => {
    const u = await signup(t.app);
    const check = async () =>
      (
        await t.app.inject({ method: "GET", url: "/api/check-token", headers: bearer(u.token) })
      ).json().user.referenceImagesUsed;
    const generation = (refs: string) =>
      t.database.executeSql(
        `insert into generations (id, account_id, reference_ids, preset, image_count, reserved, priority, seed, status)
         values ($1, $2, $3::uuid[], 'product', 4, 0, 0, 1, 'done')`,
        [randomUUID(), u.userId, refs],
      );
    expect(await check()).toBe(false);
    await generation("{}");
    expect(await check()).toBe(false);
    await generation(`{${randomUUID()}}`);
    expect(await check()).toBe(true);
  });
});
