import { describe, expect, it } from "vitest";
import { scenePrompts } from "./scene-prompt.ts";

describe("scene prompts", () => {
  it("puts the brief, setting, surface, light, props and product size in words, one per shot", () => {
    const shots = scenePrompts({
      prompt: "perfume bottle on marble with roses, warm sunset light",
      seed: 3,
      count: 4,
      width: 512,
      height: 512,
      product: { colors: [[200, 180, 160]], aspectRatio: 0.5 },
    });
    expect(shots).toHaveLength(4);
    for (const s of shots) {
      expect(s.prompt).toContain("perfume bottle on marble with roses");
      expect(s.prompt).toMatch(/marble/);
      expect(s.prompt).toMatch(/light/);
      expect(s.prompt).toMatch(/ cm tall/);
      expect(s.prompt).not.toMatch(/ at [\d.]+ m\b/);
      expect(s.negativePrompt).toMatch(/text, letters, watermark/);
    }
    // what the planner placed, not only what was asked for
    expect(shots[0]!.prompt).toContain("with flowers");
    expect(shots[0]!.prompt).toContain("a perfume about 12 cm tall");
  });
});
