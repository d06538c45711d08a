// The app most route tests run against: one per describe block, built before its tests and
// closed after them, so a test file does not write the same three hooks again.
import { afterAll, beforeAll } from "vitest";
import { createTestApp, type DbKind, type TestApp } from "./test-harness.ts";

/**
 * Registers the enclosing describe block's hooks and returns the app's handle, filled in when
 * beforeAll has built it: read `t.app` inside tests and hooks, not at the describe's top level.
 */
export function testAppPerSuite(
  kind: DbKind,
  deps: Parameters<typeof createTestApp>[1] = {},
): TestApp {
  const handle = {} as TestApp;
  beforeAll(async () => {
    Object.assign(handle, await createTestApp(kind, deps));
  });
  afterAll(() => handle.close());
  return handle;
}
