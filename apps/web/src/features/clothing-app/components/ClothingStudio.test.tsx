// The Clothing app as a seller meets it: the pickers, the plain word when no try-on backend is
// configured, a clothing generation submitted and followed to its photos, the Fashion plan's
// refusal opening the clothing pricing table, the history of this app only, both languages.
import {
  type ClothingEntitlement,
  ClothingMessages,
  ErrorCodes,
  Messages,
} from "@studio/contracts";
import { fireEvent, screen, waitFor, within } from "@testing-library/react";
import { afterEach, describe, expect, it, vi } from "vitest";
import { ApiError } from "../../../api/request.ts";
import { renderApp } from "../../../test/render.tsx";
import {
  generation,
  listOf,
  signIn,
  stubStudio,
  submitted,
  testClient,
  uploaded,
} from "../../studio/test/studio-fixtures.ts";
import { clothingApi } from "../api/clothing-api.ts";
import ClothingStudio from "./ClothingStudio.tsx";

afterEach(() => vi.restoreAllMocks());

const NO_BACKEND =
  "Photos on human models need a try-on backend, and none is configured here. The four styles above work without one.";

function stubClothing(
  tryOn: boolean,
  entitlement: ClothingEntitlement = {
    clothAppValid: false,
    trial: false,
    trialDownloadsLeft: null,
    clothAppExpiration: 0,
  },
) {
  vi.spyOn(clothingApi, "config").mockResolvedValue({
    styles: tryOn
      ? ["flatlay", "hanger", "ghost", "dress-form", "model"]
      : ["flatlay", "hanger", "ghost", "dress-form"],
    kinds: ["top", "bottom", "dress", "outerwear", "set", "shoes", "bag", "accessory"],
    tryOn: tryOn ? { available: true } : { available: false, message: "none" },
  });
  vi.spyOn(clothingApi, "entitlement").mockResolvedValue(entitlement);
  vi.spyOn(clothingApi, "models").mockResolvedValue({ models: [] });
}

const renderStudio = (lang: "en-US" | "zh-CN" = "en-US") =>
  renderApp(<ClothingStudio client={testClient()} />, { route: "/clothing-app", lang });

const garment = () =>
  new File([new Uint8Array([0xff, 0xd8, 0xff, 0xe0, 0, 0x10])], "tee.jpg", { type: "image/jpeg" });

async function uploadGarment(s: ReturnType<typeof stubStudio>) {
  s.upload.mockResolvedValue(uploaded());
  s.getUpload.mockResolvedValue(uploaded({ cutoutStatus: "ready" }));
  fireEvent.drop(screen.getByTestId("dropzone"), {
    dataTransfer: { items: [], files: [garment()] },
  });
  await screen.findByTestId("cutout-ready", undefined, { timeout: 3000 });
}

describe("Clothing app", () => {
  it("without a try-on backend: says so plainly and offers the four CPU styles", async () => {
    stubStudio();
    stubClothing(false);
    renderStudio();
    expect(await screen.findByTestId("tryon-unavailable")).toHaveTextContent(NO_BACKEND);
    const styles = within(screen.getByTestId("style-picker")).getAllByRole("radio");
    expect(styles.map((r) => (r as HTMLInputElement).value)).toEqual([
      "flatlay",
      "hanger",
      "ghost",
      "dress-form",
      "model",
    ]);
    expect(
      styles
        .filter((r) => (r as HTMLInputElement).disabled)
        .map((r) => (r as HTMLInputElement).value),
    ).toEqual(["model"]);
    expect(screen.getByTestId("generate")).toHaveTextContent("Signup to unlock");
  });

  it("submits the garment with its kind and style, follows it and shows this app's history", {
    timeout: 15_000,
  }, async () => {
    const s = stubStudio();
    stubClothing(false);
    signIn(20);
    const done = generation({
      clothing: { style: "flatlay", kind: "bottom", modelId: null },
      images: generation().images.map((i) => ({ ...i, width: 1024, height: 1280 })),
    });
    s.list.mockResolvedValue(listOf([done]));
    s.submit.mockResolvedValue(submitted());
    s.checkPosition.mockResolvedValue({ status: "done" });
    s.getGeneration.mockResolvedValue(done);
    renderStudio();
    await waitFor(() =>
      expect(screen.getByTestId("generate")).toHaveTextContent("Generate 4 photos"),
    );
    expect(screen.getByTestId("clothing-plan")).toHaveTextContent("each photo costs a coin");
    await uploadGarment(s);
    fireEvent.click(within(screen.getByTestId("kind-picker")).getByLabelText("Bottom"));
    fireEvent.click(within(screen.getByTestId("style-picker")).getByLabelText(/Flat lay/));
    fireEvent.click(screen.getByTestId("generate"));
    await waitFor(() =>
      expect(s.submit).toHaveBeenCalledWith({
        uploadId: uploaded().id,
        clothing: { style: "flatlay", kind: "bottom" },
      }),
    );
    await waitFor(() => expect(screen.getAllByTestId("result-image")).toHaveLength(4), {
      timeout: 8000,
    });
    expect(screen.getByTestId("download-zip")).toHaveAttribute("href", done.zipUrl);
    expect(s.list).toHaveBeenCalledWith(1, 6, "clothing");
    const item = (await screen.findAllByTestId("history-item"))[0]!;
    expect(item).toHaveTextContent("Flat lay");
    expect(item).toHaveTextContent("Bottom");
  });

  it("human models without the Fashion plan: the clothing pricing table opens", async () => {
    const s = stubStudio();
    stubClothing(true);
    signIn(20);
    s.submit.mockRejectedValue(
      new ApiError(
        402,
        ClothingMessages.clothingPlanRequired,
        undefined,
        ErrorCodes.clothingPlanRequired,
      ),
    );
    renderStudio();
    await uploadGarment(s);
    fireEvent.click(within(screen.getByTestId("style-picker")).getByLabelText(/On a model/));
    expect(await screen.findByTestId("model-picker")).toBeInTheDocument();
    fireEvent.change(screen.getByLabelText("Skin tone"), { target: { value: "deep" } });
    fireEvent.click(screen.getByTestId("generate"));
    await screen.findByTestId("pricing-table");
    expect(screen.getByTestId("pricing-tab-clothing")).toHaveAttribute("aria-pressed", "true");
    expect(s.submit.mock.calls[0]?.[0]).toMatchObject({
      clothing: { style: "model", model: { skinTone: "deep", gender: "woman" } },
    });
    expect(screen.getByTestId("generate-error")).toHaveTextContent(
      "Human models are part of the Fashion plan.",
    );
  });

  it("the trial's downloads used up (told by the server's code): the clothing pricing table, in Chinese", async () => {
    const s = stubStudio();
    stubClothing(false);
    signIn(20);
    // the text is what the server says in English; the page goes by the code alone
    s.submit.mockRejectedValue(
      new ApiError(402, "reworded by the server", undefined, ErrorCodes.trialDownloadsUsed),
    );
    renderStudio("zh-CN");
    await uploadGarment(s);
    fireEvent.click(screen.getByTestId("generate"));
    await screen.findByTestId("pricing-table");
    expect(screen.getByTestId("pricing-tab-clothing")).toHaveAttribute("aria-pressed", "true");
    expect(screen.getByTestId("generate-error")).toHaveTextContent(
      "时尚版试用的下载次数已用完。请选择时尚版套餐以继续。",
    );
  });

  it("signed in without a garment photo: the no-image-or-text dialog, a prompt alone is not enough", async () => {
    const s = stubStudio();
    stubClothing(false);
    signIn(20);
    renderStudio();
    fireEvent.change(await screen.findByTestId("prompt"), { target: { value: "on sand" } });
    fireEvent.click(screen.getByTestId("generate"));
    expect(await screen.findByText(Messages.noImageOrText)).toBeInTheDocument();
    expect(s.submit).not.toHaveBeenCalled();
  });

  it("on the Fashion trial: no coins, the downloads left, in Chinese", async () => {
    stubStudio();
    stubClothing(false, {
      clothAppValid: true,
      trial: true,
      trialDownloadsLeft: 146,
      clothAppExpiration: 2e9,
    });
    signIn(0);
    renderStudio("zh-CN");
    await waitFor(() =>
      expect(screen.getByTestId("clothing-plan")).toHaveTextContent("时尚版试用：剩余 146 次下载"),
    );
    expect(screen.getByRole("heading", { level: 1 })).toHaveTextContent("服装应用");
    expect(within(screen.getByTestId("style-picker")).getByLabelText(/隐形人台/)).toBeChecked();
  });
});
