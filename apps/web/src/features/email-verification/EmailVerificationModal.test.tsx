import { Messages } from "@studio/contracts";
import { fireEvent, screen } from "@testing-library/react";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { ApiError, api } from "../../api/api-client.ts";
import { checkTokenResponse, storeToken } from "../../test/fixtures.ts";
import { handles, openModal, renderShell, signedIn } from "../../test/open-modal.tsx";

let check: ReturnType<typeof vi.spyOn>;
beforeEach(async () => {
  storeToken();
  check = vi.spyOn(api, "checkToken").mockResolvedValue(checkTokenResponse({}, { credits: 20 }));
  renderShell();
  await signedIn();
  await openModal("email-verification", {}, { rendered: true });
});
afterEach(() => vi.restoreAllMocks());

describe("email verification modal", () => {
  it("'I've Verified' fails with the spec's text when the server does not report success", async () => {
    vi.spyOn(api, "getEmailVerified").mockResolvedValue({ success: false, credits: 20 });
    fireEvent.click(screen.getByTestId("verify-check"));
    expect(await screen.findByTestId("verify-status")).toHaveTextContent(Messages.notVerified);
  });

  it("'I've Verified' also fails on an error answer", async () => {
    vi.spyOn(api, "getEmailVerified").mockRejectedValue(new ApiError(500, "boom"));
    fireEvent.click(screen.getByTestId("verify-check"));
    expect(await screen.findByTestId("verify-status")).toHaveTextContent(Messages.notVerified);
  });

  it("success shows the reward text and the new coins", async () => {
    const verified = vi
      .spyOn(api, "getEmailVerified")
      .mockResolvedValue({ success: true, credits: 60 });
    // what the server says afterwards
    check.mockResolvedValue(checkTokenResponse({}, { credits: 60, emailVerified: true }));
    fireEvent.click(screen.getByTestId("verify-check"));
    expect(await screen.findByTestId("verify-status")).toHaveTextContent(
      Messages.verificationSuccess,
    );
    expect(verified).toHaveBeenCalledWith("u-1");
    expect(handles.session?.session.credits).toBe(60);
    expect(handles.session?.session.emailVerified).toBe(true);
  });

  it("send: the success text, or the failure text with the server's error", async () => {
    const send = vi.spyOn(api, "sendEmailVerification").mockResolvedValueOnce({ success: true });
    fireEvent.click(screen.getByTestId("verify-send"));
    expect(await screen.findByTestId("verify-status")).toHaveTextContent(Messages.verificationSent);
    expect(send).toHaveBeenCalledWith("ana@example.com", "tok-1");
    send.mockRejectedValueOnce(new ApiError(429, "Too many emails"));
    fireEvent.click(screen.getByTestId("verify-send"));
    expect(
      await screen.findByText(Messages.emailSendFailure.replace("{error}", "Too many emails")),
    ).toBeInTheDocument();
  });
});
