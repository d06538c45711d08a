import { fireEvent, screen } from "@testing-library/react";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { api } from "../../api/api-client.ts";
import { checkTokenResponse, storeToken } from "../../test/fixtures.ts";
import { openModal, renderShell, signedIn } from "../../test/open-modal.tsx";

beforeEach(async () => {
  storeToken();
  vi.spyOn(api, "checkToken").mockResolvedValue(checkTokenResponse());
  vi.spyOn(api, "notificationReceived").mockResolvedValue({});
  renderShell();
  await signedIn();
});
afterEach(() => vi.restoreAllMocks());

describe("French welcome survey", () => {
  it("needs an answer, then sends both", async () => {
    const send = vi.spyOn(api, "sendUserFeedback").mockResolvedValue({});
    await openModal("french-welcome", {}, { rendered: true });
    fireEvent.click(screen.getByRole("button", { name: "Send" }));
    expect(await screen.findByRole("alert")).toHaveTextContent(
      "Please choose at least one answer.",
    );
    expect(send).not.toHaveBeenCalled();
    fireEvent.change(screen.getByLabelText("How did you find us?"), {
      target: { value: "friend" },
    });
    fireEvent.click(screen.getByRole("button", { name: "Send" }));
    await screen.findByRole("status");
    expect(send).toHaveBeenCalledWith("ana", "French welcome survey:\nsource: friend\nsells: -");
  });
});

describe("testimonial invite", () => {
  it("sends the testimonial text", async () => {
    const send = vi.spyOn(api, "sendUserFeedback").mockResolvedValue({});
    await openModal("testimonial-invite", {}, { rendered: true });
    fireEvent.change(screen.getByLabelText("Your testimonial"), {
      target: { value: "Saved us a day a week" },
    });
    fireEvent.click(screen.getByRole("button", { name: "Send" }));
    await screen.findByRole("status");
    expect(send).toHaveBeenCalledWith("ana", "Testimonial:\nSaved us a day a week");
  });
});

describe("free credit", () => {
  it("its button marks it received and opens the daily coin dialog", async () => {
    await openModal("free-credit", {}, { rendered: true });
    fireEvent.click(screen.getByRole("button", { name: "Claim today's coins" }));
    expect(await screen.findByTestId("daily-coin-dialog")).toBeInTheDocument();
    expect(api.notificationReceived).toHaveBeenCalledWith("u-1", "free-credit");
  });
});
