import { screen } from "@testing-library/react";
import { afterEach, describe, expect, it, vi } from "vitest";
import { renderApp } from "../../../test/render.tsx";
import { productApi } from "../api/product-api.ts";
import { PromptPlanHint } from "./PromptPlanHint.tsx";

afterEach(() => vi.restoreAllMocks());

describe("prompt plan hint", () => {
  it("shows what the engine understood and the words it cannot build", async () => {
    const ask = vi.spyOn(productApi, "promptPlan").mockResolvedValue({
      camera: "top-down",
      setting: null,
      surface: "paper",
      lights: ["soft"],
      palette: ["#eeb0bc"],
      mood: null,
      season: null,
      holiday: null,
      props: ["flowers"],
      unused: ["unicorn"],
    });
    renderApp(<PromptPlanHint prompt="flat lay on pink paper with flowers and a unicorn" />);
    const hint = await screen.findByTestId("prompt-plan");
    expect(ask).toHaveBeenCalledWith(
      "flat lay on pink paper with flowers and a unicorn",
      expect.any(AbortSignal),
    );
    for (const chip of ["Flat lay from above", "Paper", "Soft light", "Flowers"])
      expect(hint).toHaveTextContent(chip);
    expect(screen.getByTestId("prompt-unused")).toHaveTextContent("unicorn");
  });

  it("asks nothing for an empty prompt", async () => {
    const ask = vi.spyOn(productApi, "promptPlan");
    renderApp(<PromptPlanHint prompt="   " />);
    await new Promise((r) => setTimeout(r, 500));
    expect(ask).not.toHaveBeenCalled();
    expect(screen.queryByTestId("prompt-plan")).toBeNull();
  });
});
