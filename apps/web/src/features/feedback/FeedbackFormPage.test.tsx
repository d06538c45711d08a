import { fireEvent, screen, waitFor } from "@testing-library/react";
import { afterEach, describe, expect, it, vi } from "vitest";
import { api } from "../../api/api-client.ts";
import { checkTokenResponse, storeToken } from "../../test/fixtures.ts";
import { renderApp } from "../../test/render.tsx";
import FeedbackFormPage from "./FeedbackFormPage.tsx";
import { combineFeedback, hasAnswer } from "./feedback-form.ts";

afterEach(() => vi.restoreAllMocks());

describe("feedback form rules", () => {
  it("needs at least one answer; combines questions and answers in one text", () => {
    expect(hasAnswer({})).toBe(false);
    expect(hasAnswer({ channel: "friend" })).toBe(true);
    expect(combineFeedback({ role: "owner", feature: "video" })).toBe(
      "role: owner\nfeature: video",
    );
  });
});

describe("/form", () => {
  it("does not send without an answer", async () => {
    const send = vi.spyOn(api, "sendUserFeedback");
    renderApp(<FeedbackFormPage />, { route: "/form" });
    fireEvent.click(screen.getByTestId("form-submit"));
    expect(await screen.findByRole("alert")).toHaveTextContent(
      "Please choose at least one answer.",
    );
    expect(send).not.toHaveBeenCalled();
  });

  it("does not send without a login, and offers it", async () => {
    const send = vi.spyOn(api, "sendUserFeedback");
    vi.spyOn(api, "analytics").mockResolvedValue({});
    renderApp(<FeedbackFormPage />, { route: "/form" });
    fireEvent.click(screen.getByLabelText("Shop owner"));
    fireEvent.click(screen.getByTestId("form-submit"));
    expect(await screen.findByRole("alert")).toHaveTextContent("Please login to continue.");
    expect(send).not.toHaveBeenCalled();
    expect(await screen.findByTestId("login-modal")).toBeInTheDocument();
  });

  it("sends one combined text when answered and logged in", async () => {
    storeToken();
    vi.spyOn(api, "checkToken").mockResolvedValue(checkTokenResponse());
    const send = vi.spyOn(api, "sendUserFeedback").mockResolvedValue({});
    renderApp(<FeedbackFormPage />, { route: "/form" });
    await waitFor(() => expect(api.checkToken).toHaveBeenCalled());
    await new Promise((r) => setTimeout(r, 0));
    fireEvent.click(screen.getByLabelText("Shop owner"));
    fireEvent.click(screen.getByLabelText("Ads"));
    fireEvent.click(screen.getByTestId("form-submit"));
    await screen.findByText("Thank you!");
    expect(send).toHaveBeenCalledWith("ana", "role: owner\nusage: ads");
  });
});
