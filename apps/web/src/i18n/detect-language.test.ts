import { describe, expect, it } from "vitest";
import { detectLanguage } from "./detect-language.ts";

const none = { query: null, stored: null, browser: [] as string[] };

describe("language detection", () => {
  it("?lng= wins, then the saved choice, then the browser", () => {
    expect(detectLanguage({ query: "zh-CN", stored: "en-US", browser: ["en"] })).toBe("zh-CN");
    expect(detectLanguage({ ...none, stored: "zh-CN", browser: ["en-GB"] })).toBe("zh-CN");
    expect(detectLanguage({ ...none, browser: ["zh-TW", "en"] })).toBe("zh-CN");
  });

  it("takes the browser's first supported language, among all fifteen", () => {
    expect(detectLanguage({ ...none, browser: ["fr-FR", "zh-CN", "en"] })).toBe("fr");
    expect(detectLanguage({ ...none, browser: ["nb-NO", "de", "en-GB"] })).toBe("de");
    expect(detectLanguage({ ...none, browser: ["en-GB", "de"] })).toBe("en-US");
    expect(detectLanguage({ ...none, browser: ["pt-BR"] })).toBe("pt");
    expect(detectLanguage({ ...none, stored: "ko" })).toBe("ko");
  });

  it("falls back to English", () => {
    expect(detectLanguage(none)).toBe("en-US");
    expect(detectLanguage({ ...none, browser: ["fi", "el"] })).toBe("en-US");
    expect(detectLanguage({ ...none, stored: "xx" })).toBe("en-US");
  });
});
