// Beside the cut-out: the recognised kind and its footing in both languages, an unsure kind
// shown with its confidence, and a one-click change through the menu.
import type { ProductKind } from "@studio/contracts";
import { fireEvent, screen } from "@testing-library/react";
import { useState } from "react";
import { describe, expect, it } from "vitest";
import { renderApp } from "../../../test/render.tsx";
import { RecognisedKind } from "./RecognisedKind.tsx";

function Harness({ product }: { product?: Parameters<typeof RecognisedKind>[0]["product"] }) {
  const [kind, setKind] = useState<ProductKind | null>(null);
  return (
    <>
      <RecognisedKind product={product} value={kind} onChange={setKind} />
      <output data-testid="sent">{kind ?? "none"}</output>
    </>
  );
}

describe("RecognisedKind", () => {
  it("says what was recognised and where it stands, and changes in one click", () => {
    renderApp(<Harness product={{ kind: "car", source: "photo", confidence: 0.62 }} />);
    expect(screen.getByTestId("recognised-kind")).toHaveTextContent(
      "Recognised: car — on a road, real size",
    );
    fireEvent.change(screen.getByTestId("kind-menu"), { target: { value: "bottle" } });
    expect(screen.getByTestId("recognised-kind")).toHaveTextContent(
      "You chose: bottle — on a table, tabletop scale",
    );
    expect(screen.getByTestId("sent")).toHaveTextContent("bottle");
    fireEvent.change(screen.getByTestId("kind-menu"), { target: { value: "" } });
    expect(screen.getByTestId("sent")).toHaveTextContent("none");
  });

  it("shows an unsure kind with its confidence, and nothing recognised as such", () => {
    renderApp(<Harness product={{ kind: "box", source: "shape", confidence: 0.22 }} />);
    expect(screen.getByTestId("recognised-kind")).toHaveTextContent("(not sure: 22 %)");
  });

  it("speaks Chinese", () => {
    renderApp(<Harness product={{ kind: "sofa", source: "photo", confidence: 0.7 }} />, {
      lang: "zh-CN",
    });
    expect(screen.getByTestId("recognised-kind")).toHaveTextContent(
      "识别为：沙发 — 放在地板上，真实尺寸",
    );
  });

  it("offers the menu when nothing was recognised", () => {
    renderApp(<Harness />);
    expect(screen.getByTestId("recognised-kind")).toHaveTextContent("Not recognised");
    expect(screen.getByRole("option", { name: "Choose a kind" })).toBeInTheDocument();
  });
});
