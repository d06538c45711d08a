// The product photo step: dropped or picked, checked, uploaded with progress, cut out by the
// server's job and shown as soon as it is ready; anonymous visitors are asked to log in.
import { act, fireEvent, screen, waitFor } from "@testing-library/react";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { renderApp } from "../../../test/render.tsx";
import { signIn, stubStudio, testClient, uploaded } from "../../studio/test/studio-fixtures.ts";
import ProductStudio from "./ProductStudio.tsx";

beforeEach(() => {
  URL.createObjectURL = vi.fn(() => "blob:photo");
  URL.revokeObjectURL = vi.fn();
});
afterEach(() => vi.restoreAllMocks());

const photo = () =>
  new File([new Uint8Array([137, 80, 78, 71])], "bottle.png", { type: "image/png" });
const renderStudio = () => renderApp(<ProductStudio client={testClient()} />, { route: "/app" });

describe("product photo", () => {
  it("drop → progress bar → 'cutting out' → the cut-out on its checkerboard", async () => {
    const s = stubStudio();
    signIn();
    let progress: (f: number) => void = () => {};
    let finish: (u: ReturnType<typeof uploaded>) => void = () => {};
    s.upload.mockImplementation((_file, _purpose, onProgress) => {
      progress = onProgress;
      return new Promise((resolve) => {
        finish = resolve;
      });
    });
    s.getUpload.mockResolvedValue(uploaded({ cutoutStatus: "ready" }));
    renderStudio();
    await screen.findByText("Generate 4 photos");
    fireEvent.drop(screen.getByTestId("dropzone"), {
      dataTransfer: { items: [], files: [photo()] },
    });
    await waitFor(() => expect(s.upload).toHaveBeenCalled());
    expect(s.upload.mock.calls[0]?.[1]).toBe("product");
    act(() => progress(0.4));
    expect(screen.getByTestId("upload-progress")).toHaveAttribute("aria-valuenow", "40");
    // Generate waits for the upload
    expect(screen.getByTestId("generate")).toBeDisabled();
    act(() => finish(uploaded()));
    expect(await screen.findByText("Cutting out your product…")).toBeInTheDocument();
    const cutout = await screen.findByTestId("cutout", undefined, { timeout: 3000 });
    expect(cutout).toHaveAttribute("src", uploaded().cutoutUrl);
    expect(screen.getByTestId("cutout-ready")).toHaveTextContent("900 × 900 px");
    expect(screen.getByTestId("generate")).toBeEnabled();
  });

  it("refuses a file that is not an image, without sending it", async () => {
    const s = stubStudio();
    signIn();
    renderStudio();
    await screen.findByText("Generate 4 photos");
    fireEvent.change(screen.getByTestId("photo-input"), {
      target: { files: [new File(["hi"], "notes.txt", { type: "text/plain" })] },
    });
    expect(await screen.findByTestId("upload-error")).toHaveTextContent(/not an image we can read/);
    expect(s.upload).not.toHaveBeenCalled();
  });

  it("keeps an anonymous visitor's photo and asks them to log in", async () => {
    const s = stubStudio();
    renderStudio();
    fireEvent.change(screen.getByTestId("photo-input"), { target: { files: [photo()] } });
    expect(await screen.findByRole("dialog")).toBeInTheDocument();
    expect(screen.getByText(/Log in to upload/)).toBeInTheDocument();
    expect(s.upload).not.toHaveBeenCalled();
  });

  it("shows the server's refusal in the user's words", async () => {
    const s = stubStudio();
    signIn();
    const { ApiError } = await import("../../../api/api-client.ts");
    s.upload.mockRejectedValue(new ApiError(413, "The file is larger than 20 MB."));
    renderStudio();
    await screen.findByText("Generate 4 photos");
    fireEvent.change(screen.getByTestId("photo-input"), { target: { files: [photo()] } });
    expect(await screen.findByTestId("upload-error")).toHaveTextContent("larger than 20 MB");
  });
});
