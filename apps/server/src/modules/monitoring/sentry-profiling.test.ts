// The server SDK as main.ts starts it, pointed at a local stand-in of Sentry's ingest server:
// a traced piece of work is sent with a CPU profile (the spec's profiling rate 1), and the
// position polling's transaction is not sampled at all.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { parseSentryDsn } from "./sentry-dsn.ts";
import { initServerSentry } from "./sentry-server.ts";
import { type SentryStandIn, startSentryStandIn } from "./sentry-stand-in.test-helper.ts";

/** the item types of every envelope the stand-in received */
const itemTypes = (standIn: SentryStandIn) =>
  standIn.received.flatMap((r) =>
    r.body
      .toString("utf8")
      .split("\n")
      .flatMap((line) => {
        try {
          const header = JSON.parse(line) as { type?: string };
          return typeof header.type === "string" ? [header.type] : [];
        } catch {
          return []; // a binary payload line
        }
      }),
  );

describe("server error reporting with profiling", () => {
  let standIn: SentryStandIn;
  let Sentry: typeof import("@sentry/node");
  beforeAll(async () => {
    standIn = await startSentryStandIn();
    const dsn = parseSentryDsn(`${standIn.origin.replace("//", "//publickey@")}/7`);
    expect(
      await initServerSentry({
        sentryDsn: dsn,
        sentryWebDsn: dsn,
        sentryEnvironment: "test",
        tunnelMaxBytes: 1 << 20,
        metricsToken: undefined,
      }),
    ).toBe(true);
    Sentry = await import("@sentry/node");
  });
  afterAll(async () => {
    await Sentry?.close(2000);
    await standIn?.close();
  });

  it("sends a sampled trace with its CPU profile; the position polling and /404 are not sent", async () => {
    for (const name of ["GET /api/check-position", "/404"]) {
      Sentry.startSpan({ name, op: "http.server" }, () => {
        const until = Date.now() + 50;
        while (Date.now() < until);
      });
    }
    Sentry.startSpan({ name: "render a generation", op: "job" }, () => {
      // enough CPU work for the sampling profiler to see a few stacks
      let x = 0;
      const until = Date.now() + 300;
      while (Date.now() < until) x += Math.sqrt(x + 1);
      return x;
    });
    await Sentry.flush(5000);
    await expect
      .poll(() => itemTypes(standIn), { timeout: 10_000 })
      .toEqual(expect.arrayContaining(["transaction"]));
    await expect
      .poll(() => itemTypes(standIn).filter((t) => t === "profile" || t === "profile_chunk"), {
        timeout: 15_000,
        interval: 500,
      })
      .not.toEqual([]);
    const bodies = standIn.received.map((r) => r.body.toString("utf8")).join("\n");
    expect(bodies).toContain("render a generation");
    expect(bodies).not.toContain("check-position");
    expect(bodies).not.toContain('"transaction":"/404"');
    expect(standIn.received.every((r) => r.path.startsWith("/api/7/envelope/"))).toBe(true);
  });
});
