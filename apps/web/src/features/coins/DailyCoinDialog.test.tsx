import { fireEvent, screen, waitFor } from "@testing-library/react";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { ApiError, api } from "../../api/api-client.ts";
import { checkTokenResponse, storeToken } from "../../test/fixtures.ts";
import { openModal, renderShell, signedIn } from "../../test/open-modal.tsx";
import { startOfLocalDay } from "./daily-coin.ts";

beforeEach(() => storeToken());
afterEach(() => vi.restoreAllMocks());

async function open(lastRedeem: number, credits = 20) {
  vi.spyOn(api, "checkToken").mockResolvedValue(
    checkTokenResponse({}, { credits, creditGiveawayDate: lastRedeem }),
  );
  renderShell();
  await signedIn();
  await openModal("daily-coin", {}, { rendered: true });
}

describe("daily free coin dialog", () => {
  it("redeems once, closes, and opens the redeem message dialog with the result", async () => {
    await open(0, 20);
    const giveaway = vi
      .spyOn(api, "giveaway")
      .mockResolvedValue({ credits: 40, creditGiveawayDate: Date.now() });
    const button = screen.getByTestId("redeem-button");
    expect(button).toBeEnabled();
    expect(button).toHaveTextContent("Redeem 20 free coins");
    fireEvent.click(button);
    await screen.findByTestId("redeem-message");
    expect(giveaway).toHaveBeenCalledWith("u-1");
    expect(screen.queryByTestId("daily-coin-dialog")).toBeNull();
    expect(screen.getByTestId("redeem-message-text")).toHaveTextContent(
      "You received 20 coins! You now have 40 coins.",
    );
  });

  it("is disabled after today's redeem and counts down to midnight UTC", async () => {
    await open(Date.now());
    expect(screen.getByTestId("redeem-button")).toBeDisabled();
    expect(screen.getByTestId("redeem-button").textContent).toMatch(/Next coins in \d+ h \d+ min/);
    expect(screen.getByTestId("redeem-countdown")).toHaveTextContent(/midnight UTC/);
  });

  it("is enabled again once a new local day has begun", async () => {
    await open(startOfLocalDay(new Date()) - 1);
    expect(screen.getByTestId("redeem-button")).toBeEnabled();
  });

  it("a refused redeem shows the server's message and records 'redeeming error'", async () => {
    await open(0);
    vi.spyOn(api, "giveaway").mockRejectedValue(new ApiError(409, "Already redeemed today"));
    const analytics = vi.spyOn(api, "analytics").mockResolvedValue({});
    fireEvent.click(screen.getByTestId("redeem-button"));
    expect(await screen.findByTestId("redeem-message-text")).toHaveTextContent(
      "Already redeemed today",
    );
    await waitFor(() =>
      expect(analytics).toHaveBeenCalledWith(
        "redeeming error",
        { error: "Already redeemed today" },
        "s-1",
      ),
    );
  });

  it("shows the support email", async () => {
    await open(0);
    expect(screen.getByRole("link", { name: /@/ })).toHaveAttribute(
      "href",
      expect.stringMatching(/^mailto:/),
    );
  });
});
