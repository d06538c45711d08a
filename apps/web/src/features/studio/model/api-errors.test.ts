import { ErrorCodes, Messages } from "@studio/contracts";
import { describe, expect, it } from "vitest";
import { ApiError } from "../../../api/request.ts";
import { createTestI18n } from "../../../i18n/i18n.ts";
import { resources } from "../../../test/render.tsx";
import { refusalOf } from "./api-errors.ts";
import { GenerationMessages } from "./server-constants.ts";

const t = createTestI18n(resources, "en-US").t;
const zh = createTestI18n(resources, "zh-CN").t;

describe("the server's refusals", () => {
  it("open the spec's dialogs", () => {
    expect(refusalOf(new ApiError(401, Messages.pleaseLogin), t)).toEqual({ kind: "login" });
    expect(refusalOf(new ApiError(402, Messages.notEnoughCredits), t)).toEqual({
      kind: "payment-required",
    });
    const coded = (code: string, text = "worded any way") =>
      new ApiError(400, text, undefined, code);
    expect(refusalOf(coded(ErrorCodes.noImageOrText), t)).toEqual({
      kind: "no-image-or-text",
    });
    expect(refusalOf(coded(ErrorCodes.tooManyReferenceImages), t)).toEqual({
      kind: "reference-limit",
      text: Messages.tooManyReferenceImages,
    });
  });

  it("become messages in the user's language", () => {
    expect(refusalOf(new ApiError(503, GenerationMessages.maintenanceNow), zh)).toEqual({
      kind: "maintenance",
      text: "服务器正在维护，请稍后再试。",
    });
    expect(refusalOf(new ApiError(429, "Too Many Requests"), t)).toMatchObject({
      text: "You are going a little fast. Please wait a minute and try again.",
    });
    expect(
      refusalOf(
        new ApiError(400, GenerationMessages.blockedPrompt, undefined, "prompt_blocked"),
        zh,
      ),
    ).toEqual({ kind: "message", text: zh("product-app:errors.blockedPrompt") });
    // the text alone, without the code, is not recognised: it is shown as the server wrote it
    expect(refusalOf(new ApiError(400, Messages.noImageOrText), t)).toEqual({
      kind: "message",
      text: `Something went wrong: ${Messages.noImageOrText}`,
    });
    expect(refusalOf(new ApiError(400, "Unknown template"), t)).toEqual({
      kind: "message",
      text: "Something went wrong: Unknown template",
    });
    expect(refusalOf(new TypeError("Failed to fetch"), t)).toMatchObject({
      text: "We could not reach the server. Check your connection and try again.",
    });
  });
});
