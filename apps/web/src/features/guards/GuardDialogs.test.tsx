import { Messages, PlanCatalogue } from "@studio/contracts";
import { act, fireEvent, screen, waitFor } from "@testing-library/react";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { api } from "../../api/api-client.ts";
import { openModal } from "../../test/open-modal.tsx";
import { renderApp } from "../../test/render.tsx";
import { billingApi } from "../billing/billing-api.ts";
import { ComingSoonButton } from "./ComingSoonButton.tsx";

beforeEach(() => vi.useFakeTimers({ shouldAdvanceTime: true }));
afterEach(() => {
  vi.useRealTimers();
  vi.restoreAllMocks();
});

describe("payment required dialog", () => {
  it.each([
    ["/app", "product"],
    ["/clothing-app", "clothing"],
    ["/", "clothing"],
  ])("on %s, Choose a Plan closes and after 200 ms opens the %s table", async (route, table) => {
    await openModal("payment-required", {}, { route });
    expect(screen.getByText(Messages.paymentRequired)).toBeInTheDocument();
    fireEvent.click(screen.getByTestId("choose-plan"));
    await waitFor(() => expect(screen.queryByRole("dialog")).toBeNull());
    act(() => vi.advanceTimersByTime(120));
    expect(screen.queryByTestId("pricing-table")).toBeNull();
    act(() => vi.advanceTimersByTime(150));
    await screen.findByTestId("pricing-table");
    expect(screen.getByTestId(`pricing-tab-${table}`)).toHaveAttribute("aria-pressed", "true");
  });
});

describe("small dialogs", () => {
  it("no image or text: the spec's message", async () => {
    await openModal("no-image-or-text", {});
    expect(screen.getByText(Messages.noImageOrText)).toBeInTheDocument();
  });

  it("coming soon button explains instead of acting", async () => {
    renderApp(<ComingSoonButton feature="Video orders">Order</ComingSoonButton>);
    fireEvent.click(screen.getByRole("button", { name: /Order/ }));
    expect(await screen.findByRole("dialog")).toHaveAccessibleName("Coming soon");
    expect(screen.getByText(/Video orders is on its way/)).toBeInTheDocument();
  });

  it("upload reminder and reference limit are labelled dialogs", async () => {
    const dialog = await openModal("upload-reminder", {});
    expect(dialog).toHaveAccessibleName("Upload a photo first");
  });
});

describe("pricing table", () => {
  it("shows the spec's prices; anonymous buyers are asked to sign up", async () => {
    vi.spyOn(api, "analytics").mockResolvedValue({});
    vi.spyOn(billingApi, "plans").mockResolvedValue({ plans: PlanCatalogue });
    await openModal("pricing", { table: "product" });
    expect(await screen.findByTestId("plan-PRODUCT_MONTHLY")).toBeInTheDocument();
    for (const price of ["$21.99", "$16.99", "$39.99", "$9.99", "$34.99", "$4.99"])
      expect(screen.getAllByText(price).length).toBeGreaterThan(0);
    expect(screen.getByText("$203.88 billed yearly")).toBeInTheDocument();
    expect(screen.getByTestId("plan-PRODUCT_MONTHLY")).toHaveTextContent("500 photos a month");
    expect(screen.getByTestId("plan-PRO_MONTHLY")).toHaveTextContent("Fashion model app included");
    fireEvent.click(screen.getByTestId("pricing-tab-clothing"));
    expect(screen.getByText("$43.99")).toBeInTheDocument();
    expect(screen.getByTestId("plan-CLOTHING_TRIAL")).toHaveTextContent("150 downloads");
    expect(screen.getByText("$69.99")).toBeInTheDocument();
    fireEvent.click(
      screen.getAllByRole("button", { name: Messages.signupToUnlock })[0] as HTMLElement,
    );
    expect(await screen.findByTestId("login-modal")).toBeInTheDocument();
  });
});
