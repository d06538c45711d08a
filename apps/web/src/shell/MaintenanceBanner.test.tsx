import { Messages } from "@studio/contracts";
import { screen, waitFor } from "@testing-library/react";
import { afterEach, describe, expect, it, vi } from "vitest";
import { api } from "../api/api-client.ts";
import { renderApp } from "../test/render.tsx";
import { MaintenanceBanner } from "./MaintenanceBanner.tsx";

afterEach(() => vi.restoreAllMocks());

const at = "2026-11-22T13:00:00.000Z";
const announced = { notice: Messages.maintenance.replace("{time}", at), at, active: false };

describe("maintenance notice", () => {
  it("shows the spec's sentence with the announced time", async () => {
    vi.spyOn(api, "maintenance").mockResolvedValue(announced);
    renderApp(<MaintenanceBanner />);
    const banner = await screen.findByTestId("maintenance-banner");
    expect(banner.textContent).toMatch(
      new RegExp(`^${Messages.maintenance.replace("{time}", "")}`),
    );
    expect(banner.textContent).toMatch(/2026/);
  });

  it("leaves /app to the product studio's own notice", async () => {
    const spy = vi.spyOn(api, "maintenance").mockResolvedValue(announced);
    renderApp(<MaintenanceBanner />, { route: "/app" });
    await waitFor(() => expect(spy).toHaveBeenCalled());
    await new Promise((r) => setTimeout(r, 20));
    expect(screen.queryByTestId("maintenance-banner")).toBeNull();
  });

  it("shows nothing when none is announced, or when the check fails", async () => {
    const spy = vi
      .spyOn(api, "maintenance")
      .mockResolvedValue({ notice: null, at: null, active: false });
    renderApp(<MaintenanceBanner />);
    await waitFor(() => expect(spy).toHaveBeenCalled());
    expect(screen.queryByTestId("maintenance-banner")).toBeNull();
    spy.mockRejectedValue(new Error("offline"));
    renderApp(<MaintenanceBanner />);
    await waitFor(() => expect(spy).toHaveBeenCalledTimes(2));
    expect(screen.queryByTestId("maintenance-banner")).toBeNull();
  });
});
