// The product app's rules as a user meets them: the Generate button's label and cost by plan,
// the spec's dialogs (login, no image or text, payment required, reference limit), the
// maintenance notice, a submit followed to the end, history pages and delete.
import { ErrorCodes, Messages } from "@studio/contracts";
import { act, fireEvent, screen, waitFor, within } from "@testing-library/react";
import { afterEach, describe, expect, it, vi } from "vitest";
import { ApiError } from "../../../api/api-client.ts";
import { renderApp } from "../../../test/render.tsx";
import {
  generation,
  listOf,
  signIn,
  stubStudio,
  submitted,
  testClient,
} from "../../studio/test/studio-fixtures.ts";
import ProductStudio from "./ProductStudio.tsx";

afterEach(() => vi.restoreAllMocks());

const renderStudio = (lang: "en-US" | "zh-CN" = "en-US") =>
  renderApp(<ProductStudio client={testClient()} />, { route: "/app", lang });
const button = () => screen.getByTestId("generate");
const typePrompt = (text: string) =>
  fireEvent.change(screen.getByTestId("prompt"), { target: { value: text } });

describe("Generate button", () => {
  it("asks an anonymous visitor to sign up, and opens signup", async () => {
    stubStudio();
    renderStudio();
    expect(button()).toHaveTextContent(Messages.signupToUnlock);
    expect(screen.getByTestId("login-hint")).toHaveTextContent(Messages.pleaseLogin);
    typePrompt("on marble");
    fireEvent.click(button());
    expect(await screen.findByRole("dialog")).toBeInTheDocument();
    expect(screen.getByRole("dialog").querySelector('input[name="userEmail"]')).not.toBeNull();
  });

  it.each([
    { plan: "free", paymentType: "", valid: false, label: "Generate 4 photos", cost: "4 coins" },
    {
      plan: "Basic",
      paymentType: "PRODUCT_APP_BASIC",
      valid: true,
      label: "Generate 2 photos",
      cost: "500 photos a month",
    },
    {
      plan: "Pro",
      paymentType: "PRODUCT_APP_PRO",
      valid: true,
      label: "Generate 4 photos",
      cost: "Unlimited",
    },
  ])("on the $plan plan reads '$label' and costs '$cost'", async (c) => {
    stubStudio();
    signIn(20, c.paymentType, c.valid);
    renderStudio();
    await waitFor(() => expect(button()).toHaveTextContent(c.label));
    expect(screen.getByTestId("generate-cost")).toHaveTextContent(c.cost);
  });

  it("costs one coin for the Amazon main image", async () => {
    stubStudio();
    signIn();
    renderStudio();
    await waitFor(() => expect(button()).toHaveTextContent("Generate 4 photos"));
    fireEvent.click(screen.getByRole("radio", { name: /Amazon/ }));
    expect(button()).toHaveTextContent("Generate 1 photo");
    expect(screen.getByTestId("generate-cost")).toHaveTextContent("1 coin");
  });

  it("in Chinese", async () => {
    stubStudio();
    signIn();
    renderStudio("zh-CN");
    await waitFor(() => expect(button()).toHaveTextContent("生成 4 张照片"));
    expect(screen.getByTestId("generate-cost")).toHaveTextContent("4 金币");
  });
});

describe("the spec's dialogs", () => {
  it("no image and no text: the no-image-or-text dialog, nothing sent", async () => {
    const s = stubStudio();
    signIn();
    renderStudio();
    await waitFor(() => expect(button()).toHaveTextContent("Generate 4 photos"));
    typePrompt("   ");
    fireEvent.click(button());
    expect(await screen.findByText(Messages.noImageOrText)).toBeInTheDocument();
    expect(s.submit).not.toHaveBeenCalled();
  });

  it("fewer coins than the cost: 'Not enough credits' and Payment Required, nothing sent", async () => {
    const s = stubStudio();
    signIn(3);
    renderStudio();
    await waitFor(() => expect(button()).toHaveTextContent("Generate 4 photos"));
    typePrompt("on marble");
    fireEvent.click(button());
    expect(await screen.findByText(Messages.paymentRequired)).toBeInTheDocument();
    expect(screen.getByTestId("generate-error")).toHaveTextContent(Messages.notEnoughCredits);
    expect(s.submit).not.toHaveBeenCalled();
  });

  it("the server's 402 opens Payment Required too", async () => {
    const s = stubStudio();
    signIn(20);
    s.submit.mockRejectedValue(new ApiError(402, Messages.notEnoughCredits));
    renderStudio();
    await waitFor(() => expect(button()).toHaveTextContent("Generate 4 photos"));
    typePrompt("on marble");
    fireEvent.click(button());
    expect(await screen.findByText(Messages.paymentRequired)).toBeInTheDocument();
  });

  it("a refused prompt is explained in the user's language", async () => {
    const s = stubStudio();
    signIn(20);
    s.submit.mockRejectedValue(
      new ApiError(
        400,
        "Your prompt contains words that are not allowed. Please describe your product scene without them.",
        undefined,
        ErrorCodes.promptBlocked,
      ),
    );
    renderStudio("zh-CN");
    await waitFor(() => expect(button()).toHaveTextContent("生成 4 张照片"));
    typePrompt("bad words");
    fireEvent.click(button());
    expect(await screen.findByTestId("generate-error")).toHaveTextContent(
      "提示词包含不允许使用的词语",
    );
  });

  it("a second reference image on the free plan: the message and the reference-limit modal", async () => {
    const s = stubStudio();
    signIn();
    renderStudio();
    await waitFor(() => expect(button()).toHaveTextContent("Generate 4 photos"));
    const files = [
      new File(["a"], "a.png", { type: "image/png" }),
      new File(["b"], "b.png", { type: "image/png" }),
    ];
    fireEvent.change(screen.getByTestId("reference-input"), { target: { files } });
    expect(await screen.findByTestId("reference-error")).toHaveTextContent(
      Messages.tooManyReferenceImages,
    );
    expect(await screen.findByTestId("reference-limit")).toBeInTheDocument();
    expect(s.upload).not.toHaveBeenCalled();
  });

  it("shows the maintenance notice, and under maintenance Generate is disabled", async () => {
    const s = stubStudio();
    s.maintenance.mockResolvedValue({
      notice: "Our server will be down for maintenance at: 2026-12-01T02:00:00.000Z",
      at: "2026-12-01T02:00:00.000Z",
      active: true,
    });
    signIn();
    renderStudio();
    const notice = await screen.findByTestId("maintenance-notice");
    expect(notice).toHaveTextContent(/^Our server will be down for maintenance at: .*2026/);
    await waitFor(() => expect(button()).toBeDisabled());
  });
});

describe("a generation followed to the end", () => {
  it("shows the waitlist position and skeletons, then the photos and the ZIP link", {
    timeout: 15_000,
  }, async () => {
    const s = stubStudio();
    signIn(20);
    s.submit.mockResolvedValue(submitted());
    s.checkPosition
      .mockResolvedValueOnce({ status: "generating", etaSeconds: 4 })
      .mockResolvedValue({ status: "done" });
    s.getGeneration.mockResolvedValue(generation());
    renderStudio();
    await waitFor(() => expect(button()).toHaveTextContent("Generate 4 photos"));
    typePrompt("on marble");
    fireEvent.click(button());
    expect(await screen.findByTestId("status-text")).toHaveTextContent("Waitlisted at position 3");
    expect(screen.getByTestId("status-announcer")).toHaveTextContent("Waitlisted at position 3");
    expect(screen.getByTestId("status-eta")).toHaveTextContent("Estimated time: 30 s");
    expect(within(screen.getByTestId("skeletons")).getAllByRole("listitem")).toHaveLength(4);
    expect(s.submit).toHaveBeenCalledWith({ prompt: "on marble", preset: "web" });
    expect(button()).toBeDisabled();
    // the page polls every 1.5 s (jsdom has no EventSource)
    await waitFor(() => expect(screen.getByTestId("status-text")).toHaveTextContent("Generating"), {
      timeout: 3000,
    });
    await waitFor(() => expect(screen.getAllByTestId("result-image")).toHaveLength(4), {
      timeout: 8000,
    });
    expect(screen.getByTestId("download-zip")).toHaveAttribute("href", generation().zipUrl);
    // each photo says which path made it
    expect(screen.getAllByTestId("made-by").map((b) => b.textContent)).toEqual([
      "Generated",
      "Generated",
      "CPU studio",
      "CPU studio",
    ]);
    expect(screen.getByTestId("status-announcer")).toHaveTextContent("Your photos are ready.");
    expect(screen.getAllByTestId("download-one")[0]).toHaveAttribute("download");
    expect(button()).toBeEnabled();

    // logged out in another tab: nothing of the account stays on screen
    act(() => {
      localStorage.removeItem("token");
      window.dispatchEvent(new StorageEvent("storage", { key: "token" }));
    });
    expect(await screen.findByTestId("results-empty")).toBeInTheDocument();
    expect(screen.queryByTestId("result-image")).toBeNull();
  });

  it("stops following a generation the server no longer knows", async () => {
    const s = stubStudio();
    signIn(20);
    s.submit.mockResolvedValue(submitted());
    s.checkPosition.mockRejectedValue(new ApiError(404, "Generation not found"));
    renderStudio();
    await waitFor(() => expect(button()).toHaveTextContent("Generate 4 photos"));
    typePrompt("on marble");
    fireEvent.click(button());
    expect(await screen.findByTestId("status-text")).toBeInTheDocument();
    expect(
      await screen.findByTestId("results-empty", undefined, { timeout: 4000 }),
    ).toBeInTheDocument();
    const calls = s.checkPosition.mock.calls.length;
    await new Promise((r) => setTimeout(r, 1800));
    expect(s.checkPosition.mock.calls.length).toBe(calls);
  });
});

describe("history", () => {
  it("pages through past generations", async () => {
    const s = stubStudio();
    signIn();
    s.list.mockImplementation(async (page) =>
      listOf([generation({ id: `7b7c1d1e-0000-4000-8000-00000000000${page}` })], 13, page),
    );
    renderStudio();
    expect(await screen.findByTestId("history-page")).toHaveTextContent("Page 1 of 3");
    expect(screen.getByTestId("history-prev")).toBeDisabled();
    fireEvent.click(screen.getByTestId("history-next"));
    await waitFor(() =>
      expect(screen.getByTestId("history-page")).toHaveTextContent("Page 2 of 3"),
    );
    expect(s.list).toHaveBeenLastCalledWith(2, 6, "product");
  });

  it("deletes only after the confirmation", async () => {
    const s = stubStudio();
    signIn();
    s.list.mockResolvedValue(listOf([generation()]));
    s.remove.mockResolvedValue({ success: true, refunded: 0 });
    renderStudio();
    fireEvent.click(await screen.findByTestId("delete"));
    const dialog = await screen.findByTestId("delete-confirm");
    expect(s.remove).not.toHaveBeenCalled();
    fireEvent.click(within(dialog).getByTestId("confirm-delete"));
    await waitFor(() => expect(s.remove).toHaveBeenCalledWith(generation().id));
  });

  it("regenerates with the same inputs", async () => {
    const s = stubStudio();
    signIn();
    const old = generation({
      uploadId: "7b7c1d1e-0000-4000-8000-0000000000aa",
      template: "oak-table",
      preset: "instagram",
      prompt: "",
    });
    s.list.mockResolvedValue(listOf([old]));
    s.submit.mockResolvedValue(submitted());
    s.checkPosition.mockResolvedValue({ status: "waitlisted", position: 1, etaSeconds: 5 });
    renderStudio();
    fireEvent.click(await screen.findByTestId("regenerate"));
    await waitFor(() =>
      expect(s.submit).toHaveBeenCalledWith({
        uploadId: old.uploadId,
        template: "oak-table",
        preset: "instagram",
      }),
    );
  });
});

describe("generated or CPU studio scenes", () => {
  it("offers the choice only while GPU servers answer, and sends it", async () => {
    const s = stubStudio();
    s.gpu.mockResolvedValue({ scenes: true });
    signIn(20);
    s.submit.mockResolvedValue(submitted());
    s.checkPosition.mockResolvedValue({ status: "done" });
    s.getGeneration.mockResolvedValue(generation());
    renderStudio();
    const picker = await screen.findByTestId("scene-path");
    expect(within(picker).getByLabelText("Generated on a GPU")).toBeChecked();
    fireEvent.click(within(picker).getByLabelText("CPU studio"));
    await waitFor(() => expect(button()).toHaveTextContent("Generate 4 photos"));
    typePrompt("on marble");
    fireEvent.click(button());
    await waitFor(() =>
      expect(s.submit).toHaveBeenCalledWith({
        prompt: "on marble",
        preset: "web",
        scenePath: "studio",
      }),
    );
  });
});
