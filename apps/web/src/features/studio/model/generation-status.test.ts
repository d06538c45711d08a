import type { GenerationStatus } from "@studio/contracts";
import { describe, expect, it } from "vitest";
import { createTestI18n } from "../../../i18n/i18n.ts";
import { resources } from "../../../test/render.tsx";
import { etaText, progressOf, remainingSeconds, statusText } from "./generation-status.ts";

const en = createTestI18n(resources, "en-US").t;
const zh = createTestI18n(resources, "zh-CN").t;

describe("status texts", () => {
  it("says waitlisted at position N, accepted, processing, generating", () => {
    expect(statusText(en, "waitlisted", 3)).toBe("Waitlisted at position 3");
    expect(statusText(en, "accepted")).toMatch(/^Accepted/);
    expect(statusText(en, "processing")).toMatch(/^Processing/);
    expect(statusText(en, "generating")).toMatch(/^Generating/);
    expect(statusText(zh, "waitlisted", 3)).toBe("排队中，第 3 位");
    expect(statusText(zh, "generating")).toBe("正在生成你的照片");
  });

  it("gives the estimated time in seconds, then 'almost there'", () => {
    expect(etaText(en, 42)).toBe("Estimated time: 42 s");
    expect(etaText(zh, 42)).toBe("预计时间：42 秒");
    expect(etaText(en, 0)).toBe("Almost there…");
    expect(etaText(en, undefined)).toBeNull();
  });
});

describe("countdown", () => {
  it("counts the estimate down by whole seconds since it arrived, never below zero", () => {
    const at = 1_000_000;
    expect(remainingSeconds(12, at, at)).toBe(12);
    expect(remainingSeconds(12, at, at + 999)).toBe(12);
    expect(remainingSeconds(12, at, at + 1000)).toBe(11);
    expect(remainingSeconds(12, at, at + 9_500)).toBe(3);
    expect(remainingSeconds(12, at, at + 60_000)).toBe(0);
    // a clock that went backwards does not add time
    expect(remainingSeconds(12, at, at - 5_000)).toBe(12);
  });
});

describe("progress", () => {
  const order: GenerationStatus[] = ["waitlisted", "accepted", "processing", "generating"];

  it("moves forward with each status and stays below 1 until done", () => {
    const values = order.map((s) => progressOf(s, 0, 10));
    for (let i = 1; i < values.length; i++)
      expect(values[i]).toBeGreaterThanOrEqual(values[i - 1] ?? 0);
    expect(progressOf("generating", 1000, 0)).toBeLessThan(1);
    expect(progressOf("done", 0, undefined)).toBe(1);
  });

  it("fills a status's band with time spent against the estimate", () => {
    const early = progressOf("generating", 1, 9);
    const late = progressOf("generating", 9, 1);
    expect(late).toBeGreaterThan(early);
    expect(progressOf("generating", 5, undefined)).toBe(progressOf("generating", 0, undefined));
  });

  it("follows the GPU servers' painted share while they paint, whatever the clock says", () => {
    const none = progressOf("generating", 9, 1, 0);
    const half = progressOf("generating", 1, 9, 0.5);
    const all = progressOf("generating", 1, 9, 1);
    expect(none).toBe(progressOf("generating", 0, undefined));
    expect(half).toBeGreaterThan(none);
    expect(all).toBeGreaterThan(half);
    expect(all).toBeLessThan(1);
    // only while generating: the share says nothing of a waitlisted one
    expect(progressOf("waitlisted", 0, 10, 1)).toBe(progressOf("waitlisted", 0, 10));
  });
});
