// The prompt hint through the real app and the real engine's parser: English and Chinese are
// read into camera, place and props; words the engine cannot build come back as unused; bad
// bodies are refused and the route is limited per IP.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, type TestApp } from "../../testing/test-harness.ts";

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp("pglite", { env: { RATE_LIMIT_PROMPT_PLAN: "4/60" } });
});
afterAll(async () => {
  await t?.close();
});

const post = (payload: unknown, ip: string) =>
  t.app.inject({
    method: "POST",
    url: "/api/prompt-plan",
    payload: payload as object,
    remoteAddress: ip,
  });

describe("POST /api/prompt-plan", () => {
  it("reads a seller's prompt, in English and in Chinese", async () => {
    const en = await post(
      { prompt: "flat lay on pink paper with flowers and a unicorn" },
      "10.1.0.1",
    );
    expect(en.statusCode).toBe(200);
    expect(en.json()).toMatchObject({
      camera: "top-down",
      surface: "paper",
      props: ["flowers"],
      unused: ["unicorn"],
    });
    const zh = await post({ prompt: "雪地森林，夜晚，圣诞彩灯" }, "10.1.0.1");
    expect(zh.json()).toMatchObject({
      setting: "forest",
      holiday: "christmas",
      props: ["fairy-lights"],
      unused: [],
    });
  });

  it("says what it took the product to be, and what the set stands it on", async () => {
    expect((await post({ prompt: "grey sofa in a living room" }, "10.1.0.4")).json()).toMatchObject(
      {
        product: "sofa",
        stands: "floor",
      },
    );
    expect((await post({ prompt: "perfume on the sofa" }, "10.1.0.4")).json()).toMatchObject({
      product: "perfume",
      stands: "table",
    });
    expect((await post({ prompt: "汽车 城市街道" }, "10.1.0.4")).json()).toMatchObject({
      product: "car",
      stands: "ground",
    });
    expect((await post({ prompt: "on marble" }, "10.1.0.4")).json()).toMatchObject({
      product: null,
      stands: "table",
    });
  });

  it("refuses what is not a prompt", async () => {
    expect((await post({ prompt: "x".repeat(1001) }, "10.1.0.2")).statusCode).toBe(400);
    expect((await post({ text: "beach" }, "10.1.0.2")).statusCode).toBe(400);
  });

  it("is limited per IP", async () => {
    const codes: number[] = [];
    for (let i = 0; i < 6; i++)
      codes.push((await post({ prompt: "beach" }, "10.1.0.3")).statusCode);
    expect(codes.slice(0, 4)).toEqual([200, 200, 200, 200]);
    expect(codes.at(-1)).toBe(429);
  });
});
