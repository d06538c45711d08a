import { fireEvent, screen } from "@testing-library/react";
import { afterEach, describe, expect, it, vi } from "vitest";
import { api } from "../../api/api-client.ts";
import { openModalSignedIn } from "../../test/open-modal.tsx";
import { parseInvites } from "./referral.ts";

afterEach(() => vi.restoreAllMocks());

describe("referral emails", () => {
  it("needs a non-empty comma-separated list of emails", () => {
    expect(parseInvites(" , ")).toEqual({ ok: false, reason: "empty" });
    expect(parseInvites("a@b.co, nope")).toEqual({ ok: false, reason: "invalid", bad: "nope" });
    expect(parseInvites("a@b.co, C@d.org ,a@b.co")).toEqual({
      ok: true,
      emails: ["a@b.co", "c@d.org"],
    });
    const eleven = Array.from({ length: 11 }, (_, i) => `f${i}@x.io`).join(",");
    expect(parseInvites(eleven)).toEqual({ ok: false, reason: "tooMany" });
  });

  it("the modal sends the list with the user's name and email", async () => {
    const send = vi.spyOn(api, "sendReferralEmail").mockResolvedValue({});
    await openModalSignedIn("referral", {});
    fireEvent.click(screen.getByRole("button", { name: "Send invitations" }));
    expect(await screen.findByRole("alert")).toHaveTextContent("Please enter at least one email.");
    expect(send).not.toHaveBeenCalled();
    fireEvent.change(screen.getByLabelText(/Friends' emails/), {
      target: { value: "li@example.com, bo@example.com" },
    });
    fireEvent.click(screen.getByRole("button", { name: "Send invitations" }));
    expect(await screen.findByRole("status")).toHaveTextContent("Invitations sent: 2.");
    expect(send).toHaveBeenCalledWith("ana", "ana@example.com", "li@example.com,bo@example.com");
  });
});
