// The server's texts (contracts' messages.ts) reach English users verbatim.
import { Messages } from "@studio/contracts";
import { describe, expect, it } from "vitest";
import en from "../../../i18n/locales/en-US/product-app.json";
import { GenerationMessages } from "../../studio/model/server-constants.ts";

describe("product app strings", () => {
  it("carry the spec's messages verbatim in English", () => {
    expect(en.generate.notEnough).toBe(Messages.notEnoughCredits);
    expect(en.references.tooMany).toBe(Messages.tooManyReferenceImages);
    expect(en.maintenance.notice).toBe(Messages.maintenance.replace("{time}", "{{time}}"));
    expect(en.maintenance.active).toBe(GenerationMessages.maintenanceNow);
    expect(en.errors.blockedPrompt).toBe(GenerationMessages.blockedPrompt);
  });
});
