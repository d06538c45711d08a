// The console's generations and queue API: positions in the order workers take jobs, the
// workers alive, failures with their error, Retry through the queue, Refund as one keyed
// ledger entry (replays give nothing more), every action logged with who.
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  bearer,
  injectAs,
  postUpload,
  sellerWithCoins,
  signup,
  uniqueName,
} from "../../testing/api-helpers.ts";
import { createTestApp, dbKinds, type TestApp } from "../../testing/test-harness.ts";
import { multipartBody, studioEnv } from "../uploads/test-images.test-helper.ts";
import { NOTHING_TO_REFUND, ONLY_FAILED_RETRY } from "./generation-actions.ts";

interface QueueAnswer {
  queue: { id: string; status: string; position: number | null; email: string }[];
  workers: { id: string; kind: string; currentJob: string | null }[];
  failed: { id: string; error: string | null; attempts: number; refundable: number }[];
  done: { id: string; refundable: number; delivered: number }[];
}

describe.each(dbKinds)("admin generations and queue on %s", (kind) => {
  let t: TestApp;
  let admin: string;
  const adminEmail = `${uniqueName("admin")}@example.test`;
  beforeAll(async () => {
    t = await createTestApp(kind, { env: { ...studioEnv, ADMIN_EMAILS: adminEmail } });
    admin = (await signup(t.app, { userEmail: adminEmail })).token;
  });
  afterAll(async () => {
    await t.close();
  });

  const run = () => t.app.pipeline.runner?.runUntilIdle();
  const queue = async () =>
    (
      await t.app.inject({ method: "GET", url: "/api/admin/queue", headers: bearer(admin) })
    ).json() as QueueAnswer;
  const act = (id: string, action: "retry" | "refund", reason = "support ticket 42") =>
    injectAs(t.app, admin, "POST", `/api/admin/generations/${id}/${action}`, { reason });
  const submit = async (token: string, payload: object) => {
    const res = await t.app.inject({
      method: "POST",
      url: "/api/generations",
      headers: bearer(token),
      payload,
    });
    expect(res.statusCode).toBe(202);
    return res.json().id as string;
  };
  /** a signed-up user with 20 coins */
  const user = async () => {
    const u = await sellerWithCoins(t.app, 20);
    return u;
  };
  const balance = (userId: string) => t.app.services.coins.balance(userId);
  const actions = async () =>
    (
      await t.app.inject({ method: "GET", url: "/api/admin/actions", headers: bearer(admin) })
    ).json().actions as { admin: string; action: string; target: string; detail: never }[];

  it("shows the waitlist in the order the workers take it, then the worker that ran it", async () => {
    await run(); // whatever an earlier test left
    const u = await user();
    const ids = [
      await submit(u.token, { prompt: "linen on oak" }),
      await submit(u.token, { prompt: "sand dunes" }),
    ];
    const before = await queue();
    const mine = before.queue.filter((q) => ids.includes(q.id));
    expect(mine.map((q) => [q.id, q.status, q.position])).toEqual([
      [ids[0], "waitlisted", 1],
      [ids[1], "waitlisted", 2],
    ]);
    expect(mine[0]?.email).toBe(u.userEmail);
    await run();
    const after = await queue();
    expect(after.queue.filter((q) => ids.includes(q.id))).toEqual([]);
    expect(after.workers.map((w) => w.id)).toContain(t.app.pipeline.runner?.workerId);
    expect(after.done.map((d) => d.id)).toEqual(expect.arrayContaining(ids));
  });

  it("lists a failure with its error; Retry sends it through the queue again, once", async () => {
    const u = await user();
    const blank = multipartBody(
      await sharp({ create: { width: 96, height: 96, channels: 3, background: "#c8c8c8" } })
        .jpeg()
        .toBuffer(),
    );
    const up = await postUpload(t.app, u.token, blank);
    const id = await submit(u.token, { uploadId: up.json().id });
    await run();
    const failed = (await queue()).failed.find((f) => f.id === id);
    expect(failed?.error).toMatch(/refunded/);
    expect(failed?.attempts).toBe(1);
    expect(failed?.refundable).toBe(0); // the failure refunded it already
    const coins = await balance(u.userId);

    const retry = await act(id, "retry", "engine fixed");
    expect(retry.statusCode).toBe(200);
    expect(retry.json()).toEqual({ status: "waitlisted" });
    const waiting = (await queue()).queue.find((q) => q.id === id);
    expect(waiting).toMatchObject({ status: "waitlisted", position: 1 });
    expect((await act(id, "retry")).json()).toEqual({ error: ONLY_FAILED_RETRY });
    await run();
    const again = (await queue()).failed.find((f) => f.id === id);
    expect(again?.attempts).toBe(2); // it ran again (and fails again: a blank photo)
    expect(await balance(u.userId)).toBe(coins); // on the house: nothing spent, nothing refunded
    expect(await t.app.services.coins.ledgerTotal(u.userId)).toBe(coins);
    const logged = (await actions()).find((a) => a.action === "generation.retry");
    expect(logged).toMatchObject({
      admin: adminEmail,
      target: id,
      detail: { reason: "engine fixed", attempts: 1 },
    });
  });

  it("refunds a generation once, as one keyed ledger entry with the reason", async () => {
    const u = await user();
    const id = await submit(u.token, { prompt: "marble plinth" });
    expect((await act(id, "refund")).statusCode).toBe(409); // not finished yet
    await run();
    const done = (await queue()).done.find((d) => d.id === id);
    expect(done?.refundable).toBe(4);
    const coins = await balance(u.userId);
    const answers = await Promise.all([1, 2, 3].map(() => act(id, "refund", "blurry labels")));
    for (const a of answers) {
      expect(a.statusCode).toBe(200);
      expect(a.json().refunded).toBe(4);
    }
    expect(await balance(u.userId)).toBe(coins + 4);
    expect(await t.app.services.coins.ledgerTotal(u.userId)).toBe(coins + 4);
    const entries = (await t.app.services.coins.history(u.userId)).filter(
      (e) => e.idempotencyKey === `gen:${id}:admin-refund`,
    );
    expect(entries).toHaveLength(1);
    expect(entries[0]?.reason).toBe(`admin refund by ${adminEmail}: blurry labels`);
    const logged = (await actions()).filter(
      (a) => a.action === "generation.refund" && a.target === id,
    );
    expect(logged).toHaveLength(1);
    expect(logged[0]?.detail).toMatchObject({ reason: "blurry labels", coins: 4 });
    expect((await queue()).done.find((d) => d.id === id)?.refundable).toBe(0);

    // a finished generation whose coins all came back has nothing left to give
    const other = await submit(u.token, { prompt: "slate" });
    await run();
    await t.app.services.coins.refund({ accountId: u.userId, spendKey: `gen:${other}:reserve` });
    expect((await act(other, "refund")).json()).toEqual({ error: NOTHING_TO_REFUND });
  });

  it("checks who asks and what they send", async () => {
    const u = await user();
    const id = await submit(u.token, { prompt: "terrazzo" });
    const asUser = await injectAs(t.app, u.token, "POST", `/api/admin/generations/${id}/refund`, {
      reason: "please",
    });
    expect(asUser.statusCode).toBe(403);
    expect(
      (await t.app.inject({ method: "GET", url: "/api/admin/queue", headers: bearer(u.token) }))
        .statusCode,
    ).toBe(403);
    expect((await act("not-a-uuid", "retry")).statusCode).toBe(400);
    expect((await act(id, "refund", "")).statusCode).toBe(400);
    expect((await act("00000000-0000-4000-8000-000000000000", "retry")).statusCode).toBe(404);
    await run();
  });
});
