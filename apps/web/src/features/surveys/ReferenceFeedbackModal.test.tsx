import { fireEvent, screen } from "@testing-library/react";
import { afterEach, describe, expect, it, vi } from "vitest";
import { api } from "../../api/api-client.ts";
import { openModal, openModalSignedIn } from "../../test/open-modal.tsx";

afterEach(() => vi.restoreAllMocks());

describe("reference-image feedback", () => {
  it("needs text", async () => {
    const send = vi.spyOn(api, "sendUserFeedback");
    await openModalSignedIn("reference-feedback", {});
    fireEvent.click(screen.getByRole("button", { name: "Send" }));
    expect(await screen.findByRole("alert")).toHaveTextContent("Please write a few words first.");
    expect(send).not.toHaveBeenCalled();
  });

  it("needs a login", async () => {
    const send = vi.spyOn(api, "sendUserFeedback");
    vi.spyOn(api, "analytics").mockResolvedValue({});
    await openModal("reference-feedback", {});
    fireEvent.change(screen.getByLabelText("Your feedback"), {
      target: { value: "Shadows too dark" },
    });
    fireEvent.click(screen.getByRole("button", { name: "Send" }));
    expect(await screen.findByRole("alert")).toHaveTextContent("Please login to continue.");
    expect(send).not.toHaveBeenCalled();
  });

  it("sends the text when logged in", async () => {
    const send = vi.spyOn(api, "sendUserFeedback").mockResolvedValue({});
    await openModalSignedIn("reference-feedback", {});
    fireEvent.change(screen.getByLabelText("Your feedback"), {
      target: { value: "Shadows too dark" },
    });
    fireEvent.click(screen.getByRole("button", { name: "Send" }));
    await screen.findByRole("status");
    expect(send).toHaveBeenCalledWith("ana", "Reference image feedback:\nShadows too dark");
  });
});
