// A client the payment stand-ins do not answer to (decision 0908) still sees every plan, is told
// that payments are not set up yet, and is offered no button that would fail.
import { PlanCatalogue } from "@studio/contracts";
import { screen } from "@testing-library/react";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { openModal } from "../../test/open-modal.tsx";
import { billingApi } from "../billing/billing-api.ts";

beforeEach(() => {
  vi.spyOn(billingApi, "plans").mockResolvedValue({ plans: PlanCatalogue });
});
afterEach(() => vi.restoreAllMocks());

describe("pricing table and the payment mode", () => {
  it("with the stand-ins off: the plans, the notice, no pay buttons", async () => {
    vi.spyOn(billingApi, "mode").mockResolvedValue({ stripe: "off", wechat: "off" });
    await openModal("pricing", { table: "product" });
    expect(await screen.findByTestId("payments-not-set-up")).toHaveTextContent(
      "Payments are not set up yet",
    );
    expect(await screen.findByTestId("plan-PRODUCT_MONTHLY")).toBeInTheDocument();
    expect(screen.queryByTestId("buy-PRODUCT_MONTHLY-stripe")).toBeNull();
  });

  it("with the stand-ins open: the pay buttons, no notice", async () => {
    vi.spyOn(billingApi, "mode").mockResolvedValue({ stripe: "stand-in", wechat: "stand-in" });
    await openModal("pricing", { table: "product" });
    expect(await screen.findByTestId("buy-PRODUCT_MONTHLY-stripe")).toBeInTheDocument();
    expect(screen.queryByTestId("payments-not-set-up")).toBeNull();
  });
});
