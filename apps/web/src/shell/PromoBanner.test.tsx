import { act, fireEvent, screen } from "@testing-library/react";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { location, renderApp } from "../test/render.tsx";
import { PromoBanner } from "./PromoBanner.tsx";

beforeEach(() => vi.useFakeTimers({ shouldAdvanceTime: true }));
afterEach(() => vi.useRealTimers());

describe("promo banner", () => {
  it("rotates every 4 s between the $9.99 offer and the video order", () => {
    renderApp(<PromoBanner />);
    const banner = screen.getByTestId("promo-banner");
    expect(banner).toHaveTextContent("$9.99");
    act(() => vi.advanceTimersByTime(3800));
    expect(banner).toHaveTextContent("$9.99");
    act(() => vi.advanceTimersByTime(300));
    expect(banner).toHaveTextContent(/product video/);
    act(() => vi.advanceTimersByTime(4000));
    expect(banner).toHaveTextContent("$9.99");
  });

  it("the offer opens pricing; the video slide goes to /video-app", async () => {
    renderApp(<PromoBanner />);
    fireEvent.click(screen.getByRole("button", { name: "See the offer" }));
    expect(await screen.findByTestId("pricing-table")).toBeInTheDocument();
  });

  it("pauses while hovered", () => {
    renderApp(<PromoBanner />);
    const banner = screen.getByTestId("promo-banner");
    fireEvent.mouseEnter(banner);
    act(() => vi.advanceTimersByTime(9000));
    expect(banner).toHaveAttribute("data-slide", "0");
    fireEvent.mouseLeave(banner);
    act(() => vi.advanceTimersByTime(4100));
    expect(banner).toHaveAttribute("data-slide", "1");
    fireEvent.click(screen.getByRole("link", { name: "Order a video" }));
    expect(location.pathname).toBe("/video-app");
  });
});
