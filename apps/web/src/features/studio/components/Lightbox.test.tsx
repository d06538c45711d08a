import { fireEvent, screen } from "@testing-library/react";
import { useState } from "react";
import { describe, expect, it, vi } from "vitest";
import { renderApp } from "../../../test/render.tsx";
import { generation } from "../test/studio-fixtures.ts";
import { Lightbox } from "./Lightbox.tsx";

function Harness({ onClose }: { onClose: () => void }) {
  const [i, setI] = useState(0);
  return <Lightbox images={generation().images} index={i} onIndex={setI} onClose={onClose} />;
}

describe("lightbox", () => {
  it("steps with the arrow keys, wrapping around, and closes on Escape", async () => {
    const onClose = vi.fn();
    renderApp(<Harness onClose={onClose} />);
    const title = await screen.findByTestId("lightbox-title");
    expect(title).toHaveTextContent("Photo 1 of 4");
    expect(screen.getByRole("dialog")).toHaveAccessibleName("Photo 1 of 4");
    fireEvent.keyDown(window, { key: "ArrowRight" });
    expect(title).toHaveTextContent("Photo 2 of 4");
    fireEvent.keyDown(window, { key: "ArrowLeft" });
    fireEvent.keyDown(window, { key: "ArrowLeft" });
    expect(title).toHaveTextContent("Photo 4 of 4");
    expect(screen.getByTestId("lightbox-image")).toHaveAttribute(
      "src",
      generation().images[3]?.url,
    );
    fireEvent.keyDown(screen.getByRole("dialog"), { key: "Escape" });
    expect(onClose).toHaveBeenCalled();
  });

  it("offers the download of the photo on screen", async () => {
    renderApp(<Harness onClose={() => {}} />);
    fireEvent.click(await screen.findByRole("button", { name: "Next photo" }));
    const link = screen.getByRole("link", { name: "Download photo 2" });
    expect(link).toHaveAttribute("href", generation().images[1]?.downloadUrl);
    expect(link).toHaveAttribute("download");
  });

  it("steps with a swipe", async () => {
    renderApp(<Harness onClose={() => {}} />);
    const image = await screen.findByTestId("lightbox-image");
    const area = image.parentElement as HTMLElement;
    fireEvent.touchStart(area, { touches: [{ clientX: 300 }] });
    fireEvent.touchEnd(area, { changedTouches: [{ clientX: 120 }] });
    expect(screen.getByTestId("lightbox-title")).toHaveTextContent("Photo 2 of 4");
    fireEvent.touchStart(area, { touches: [{ clientX: 100 }] });
    fireEvent.touchEnd(area, { changedTouches: [{ clientX: 130 }] });
    expect(screen.getByTestId("lightbox-title")).toHaveTextContent("Photo 2 of 4");
  });
});
