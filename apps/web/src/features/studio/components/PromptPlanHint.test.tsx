import { screen } from "@testing-library/react";
import { afterEach, describe, expect, it, vi } from "vitest";
import { renderApp } from "../../../test/render.tsx";
import { studioApi } from "../api/studio-api.ts";
import { PromptPlanHint } from "./PromptPlanHint.tsx";

afterEach(() => vi.restoreAllMocks());

describe("prompt plan hint", () => {
  it("shows what the engine understood and the words it cannot build", async () => {
    const ask = vi.spyOn(studioApi, "promptPlan").mockResolvedValue({
      camera: "top-down",
      setting: null,
      surface: "paper",
      lights: ["soft"],
      palette: ["#eeb0bc"],
      mood: null,
      season: null,
      holiday: null,
      props: ["flowers"],
      product: null,
      stands: "table",
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
    expect(hint).not.toHaveTextContent("Stands on the floor");
  });

  it("says when the set is built for a floor-standing product", async () => {
    vi.spyOn(studioApi, "promptPlan").mockResolvedValue({
      camera: null,
      setting: "living-room",
      surface: null,
      lights: [],
      palette: [],
      mood: null,
      season: null,
      holiday: null,
      props: [],
      product: "sofa",
      stands: "floor",
      unused: [],
    });
    renderApp(<PromptPlanHint prompt="grey sofa in a living room" />);
    const hint = await screen.findByTestId("prompt-plan");
    expect(hint).toHaveTextContent("Living room");
    expect(hint).toHaveTextContent("Stands on the floor");
  });

  it("asks nothing for an empty prompt", async () => {
    const ask = vi.spyOn(studioApi, "promptPlan");
    renderApp(<PromptPlanHint prompt="   " />);
    await new Promise((r) => setTimeout(r, 500));
    expect(ask).not.toHaveBeenCalled();
    expect(screen.queryByTestId("prompt-plan")).toBeNull();
  });
});
