import { describe, expect, it } from "vitest";
import { chooseHomeVariant } from "./home-variant.ts";

describe("homepage A/B variant", () => {
  it("?variant= forces, a stored variant sticks, a new visitor draws one", () => {
    expect(chooseHomeVariant("b", "a")).toBe("b");
    expect(chooseHomeVariant(null, "b")).toBe("b");
    expect(chooseHomeVariant("x", null, () => 0.2)).toBe("a");
    expect(chooseHomeVariant(null, null, () => 0.7)).toBe("b");
  });
});
