// The Make button says what the server will charge (plan-rules.ts videoCost): coins on the free
// and Basic plans, nothing on Pro and VIP, by the chosen length.
import type { Tier } from "@studio/contracts";
import { fireEvent, screen } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { renderApp } from "../../../test/render.tsx";
import type { ProductPhoto } from "../../studio/hooks/use-photo-upload.ts";
import { uploaded } from "../../studio/test/studio-fixtures.ts";
import { VideoMaker } from "./VideoMaker.tsx";

const photo = (p: ProductPhoto) => ({ photo: p, choose: () => undefined, clear: () => undefined });
const ready = photo({
  phase: "uploaded",
  name: "mug.jpg",
  preview: "blob:x",
  upload: uploaded({ cutoutStatus: "ready" }),
  cutout: "ready",
});

function renderMaker(tier: Tier, lang: "en-US" | "zh-CN" = "en-US") {
  renderApp(
    <VideoMaker
      main={ready}
      extra={photo({ phase: "idle" })}
      busy={false}
      error={null}
      onMake={() => undefined}
      tier={tier}
    />,
    { route: "/video-app", lang },
  );
  return screen.getByTestId("make-video");
}

describe("the Make button's price", () => {
  it.each([
    ["free", "Make the video (10 coins)"],
    ["basic", "Make the video (10 coins)"],
    ["pro", "Make the video (included in your plan)"],
    ["vip", "Make the video (included in your plan)"],
  ] as const)("on %s: %s", (tier, label) => {
    expect(renderMaker(tier)).toHaveTextContent(label);
  });

  it("follows the length: 10 seconds cost 20 coins on the free plan", () => {
    const button = renderMaker("free");
    fireEvent.click(screen.getByTestId("seconds-10"));
    expect(button).toHaveTextContent("Make the video (20 coins)");
  });

  it("says it in Chinese", () => {
    expect(renderMaker("pro", "zh-CN")).toHaveTextContent("制作视频（套餐已包含）");
  });
});
