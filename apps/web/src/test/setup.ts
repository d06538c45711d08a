import "@testing-library/jest-dom/vitest";
import { cleanup, configure } from "@testing-library/react";
import { afterEach } from "vitest";
import { sharedQueryClient } from "../app/query-client.ts";

// jsdom has no layout; Headless UI's anchored panels observe sizes. Nothing to measure here.
globalThis.ResizeObserver ??= class {
  observe() {}
  unobserve() {}
  disconnect() {}
};

// jsdom does not lay text out, so it has no innerText; menus' type-ahead reads it.
if (!("innerText" in HTMLElement.prototype)) {
  Object.defineProperty(HTMLElement.prototype, "innerText", {
    get(this: HTMLElement) {
      return this.textContent ?? "";
    },
  });
}

// The modals are a lazy chunk; its first import in a test file is a cold transform.
configure({ asyncUtilTimeout: 10_000 });

afterEach(() => {
  cleanup();
  localStorage.clear();
  // one test's queries (a plans request still retrying, a cached answer) must not answer the
  // next test's
  sharedQueryClient().clear();
});
