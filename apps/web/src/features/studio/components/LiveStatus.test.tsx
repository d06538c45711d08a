import { act, screen } from "@testing-library/react";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { renderApp } from "../../../test/render.tsx";
import type { LiveGeneration } from "../hooks/use-live-generation.ts";
import { LiveStatus } from "./LiveStatus.tsx";

beforeEach(() => vi.useFakeTimers());
afterEach(() => vi.useRealTimers());

const live = (over: Partial<LiveGeneration> = {}): LiveGeneration => ({
  id: "g-1",
  status: "waitlisted",
  position: 2,
  etaSeconds: 10,
  receivedAt: Date.now(),
  startedAt: Date.now(),
  count: 4,
  preset: "web",
  eventsUrl: "",
  generation: null,
  ...over,
});

describe("live status", () => {
  it("counts the estimate down every second, then says it is almost there", () => {
    renderApp(<LiveStatus live={live()} express={false} />);
    expect(screen.getByTestId("status-text")).toHaveTextContent("Waitlisted at position 2");
    expect(screen.getByTestId("status-eta")).toHaveTextContent("Estimated time: 10 s");
    act(() => vi.advanceTimersByTime(3000));
    expect(screen.getByTestId("status-eta")).toHaveTextContent("Estimated time: 7 s");
    act(() => vi.advanceTimersByTime(10_000));
    expect(screen.getByTestId("status-eta")).toHaveTextContent("Almost there…");
  });

  it("restarts from each new estimate and moves the bar forward", () => {
    const { rerender } = renderApp(<LiveStatus live={live()} express />);
    const bar = () => Number(screen.getByRole("progressbar").getAttribute("aria-valuenow"));
    const first = bar();
    expect(screen.getByText(/Express lane/)).toBeInTheDocument();
    act(() => vi.advanceTimersByTime(2000));
    rerender(
      <LiveStatus
        live={live({ status: "generating", etaSeconds: 4, receivedAt: Date.now() })}
        express
      />,
    );
    expect(screen.getByTestId("status-text")).toHaveTextContent("Generating your photos");
    expect(screen.getByTestId("status-eta")).toHaveTextContent("Estimated time: 4 s");
    expect(bar()).toBeGreaterThan(first);
  });

  it("in Chinese", () => {
    renderApp(<LiveStatus live={live({ position: 5, etaSeconds: 42 })} express={false} />, {
      lang: "zh-CN",
    });
    expect(screen.getByTestId("status-text")).toHaveTextContent("排队中，第 5 位");
    expect(screen.getByTestId("status-eta")).toHaveTextContent("预计时间：42 秒");
  });

  it("disappears once finished", () => {
    renderApp(<LiveStatus live={live({ status: "done" })} express={false} />);
    expect(screen.queryByTestId("live-status")).toBeNull();
  });
});
