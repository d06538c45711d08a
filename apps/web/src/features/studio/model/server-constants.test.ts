import * as contracts from "@studio/contracts";
import { describe, expect, it } from "vitest";
import { GenerationMessages } from "./server-constants.ts";

describe("copies of the contract's values", () => {
  it("match @studio/contracts exactly", () => {
    for (const [k, v] of Object.entries(GenerationMessages))
      expect(v).toBe(contracts.GenerationMessages[k as keyof typeof GenerationMessages]);
  });
});
