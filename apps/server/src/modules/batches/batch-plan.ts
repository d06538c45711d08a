// What a batch request asks for, checked item by item with the web app's rules before
// anything is written: the settings (prompt words, template, preset, images per photo on the
// account's plan) and the coins and pictures they take. A bad row refuses the whole batch
// with its line, so nothing is half-submitted.
import { GenerationMessages, PresetNames } from "@studio/contracts";
import { templates } from "@studio/engine";
import { HttpError } from "../../http/http-error.ts";
import { isPromptBlocked } from "../generations/blocked-words.ts";
import { coinCost, imageCount, type Tier } from "../generations/generation-rules.ts";

export interface ItemSettings {
  prompt?: string;
  template?: string;
  preset?: string;
  count?: number;
}

/** one photo of the batch: its bytes (ZIP) or an upload it names (JSON list) */
export interface RequestedItem extends ItemSettings {
  filename: string;
  bytes?: Buffer;
  uploadId?: string;
}

export interface PlannedItem {
  filename: string;
  bytes?: Buffer;
  uploadId?: string;
  prompt: string;
  template: string | null;
  preset: string;
  images: number;
  cost: number;
}

const templateIds = new Set(templates.map((t) => t.id));
const presets = new Set<string>(PresetNames);

export function planItems(tier: Tier, items: RequestedItem[], common: ItemSettings): PlannedItem[] {
  return items.map((item, i) => {
    const where = `item ${i + 1} (${item.filename})`;
    const prompt = (item.prompt || common.prompt || "").trim();
    const template = item.template || common.template || null;
    const preset = item.preset || common.preset || "web";
    const count = item.count ?? common.count;
    if (prompt.length > 1000)
      throw new HttpError(400, `${where}: the prompt is longer than 1000 characters.`);
    if (prompt && isPromptBlocked(prompt)) {
      throw new HttpError(400, GenerationMessages.blockedPrompt, where);
    }
    if (template && !templateIds.has(template)) {
      throw new HttpError(
        400,
        GenerationMessages.templateNotFound,
        `${where}: unknown template "${template}"`,
      );
    }
    if (!presets.has(preset)) {
      throw new HttpError(
        400,
        `${where}: unknown preset "${preset}" (use ${PresetNames.join(", ")}).`,
      );
    }
    if (count !== undefined && (!Number.isInteger(count) || count < 1 || count > 4)) {
      throw new HttpError(400, `${where}: count must be 1 to 4.`);
    }
    let images: number;
    try {
      images = imageCount(tier, preset, count);
    } catch (err) {
      if (err instanceof HttpError) throw new HttpError(err.statusCode, err.error, where);
      throw err;
    }
    return {
      filename: item.filename,
      ...(item.bytes ? { bytes: item.bytes } : {}),
      ...(item.uploadId ? { uploadId: item.uploadId } : {}),
      prompt,
      template,
      preset,
      images,
      cost: coinCost(tier, images),
    };
  });
}

export const totalCost = (items: PlannedItem[]) => items.reduce((s, i) => s + i.cost, 0);
