// Answers shaped as @studio/contracts says, and spies on the studios' client seam (studioApi).
import type { Generation, GenerationList, SubmitResponse, UploadResponse } from "@studio/contracts";
import { QueryClient } from "@tanstack/react-query";
import { vi } from "vitest";
import { api } from "../../../api/api-client.ts";
import { checkTokenResponse, storeToken } from "../../../test/fixtures.ts";
import { studioApi } from "../api/studio-api.ts";

export const GEN_ID = "7b7c1d1e-0000-4000-8000-000000000001";

export function generation(over: Partial<Generation> = {}): Generation {
  const base = `/api/generations/${over.id ?? GEN_ID}`;
  return {
    id: GEN_ID,
    status: "done",
    images: [0, 1, 2, 3].map((i) => ({
      id: `${GEN_ID}-${i}`,
      index: i,
      url: `${base}/images/${i}?token=m`,
      downloadUrl: `${base}/images/${i}?token=m&download=1`,
      width: 1024,
      height: 1024,
      contentType: "image/jpeg",
      // two painted on a GPU server, two from the CPU studio (decision 1100)
      madeBy: i < 2 ? ("generated" as const) : ("studio" as const),
    })),
    uploadId: null,
    referenceIds: [],
    prompt: "on marble",
    template: null,
    preset: "web",
    count: 4,
    cost: 4,
    refunded: 0,
    createdAt: "2026-11-22T09:00:00.000Z",
    finishedAt: "2026-11-22T09:00:10.000Z",
    eventsUrl: `${base}/events?token=m`,
    zipUrl: `${base}/zip?token=m`,
    ...over,
  };
}

export function uploaded(over: Partial<UploadResponse> = {}): UploadResponse {
  const id = "7b7c1d1e-0000-4000-8000-0000000000aa";
  return {
    id,
    width: 900,
    height: 900,
    purpose: "product",
    cutoutStatus: "pending",
    cutoutUrl: `/api/uploads/${id}/cutout?token=m`,
    originalUrl: `/api/uploads/${id}/original?token=m`,
    ...over,
  };
}

export function listOf(items: Generation[], total = items.length, page = 1): GenerationList {
  return { items, page, pageSize: 6, total };
}

export function submitted(over: Partial<SubmitResponse> = {}): SubmitResponse {
  return {
    id: GEN_ID,
    status: "waitlisted",
    position: 3,
    etaSeconds: 30,
    cost: 4,
    eventsUrl: `/api/generations/${GEN_ID}/events?token=m`,
    ...over,
  };
}

/** The server's quiet defaults: two templates, no maintenance, an empty history. */
export function stubStudio() {
  return {
    templates: vi.spyOn(studioApi, "templates").mockResolvedValue({
      templates: [
        {
          id: "marble-counter",
          name: { en: "Marble counter", zh: "大理石台面" },
          tags: [],
          thumbnailUrl: "/api/templates/marble-counter/thumbnail",
        },
        {
          id: "oak-table",
          name: { en: "Oak table", zh: "橡木桌" },
          tags: [],
          thumbnailUrl: "/api/templates/oak-table/thumbnail",
        },
      ],
    }),
    maintenance: vi
      .spyOn(studioApi, "maintenance")
      .mockResolvedValue({ notice: null, at: null, active: false }),
    list: vi.spyOn(studioApi, "listGenerations").mockResolvedValue(listOf([])),
    gpu: vi.spyOn(studioApi, "gpu").mockResolvedValue({ scenes: false }),
    submit: vi.spyOn(studioApi, "submit"),
    checkPosition: vi.spyOn(studioApi, "checkPosition"),
    getGeneration: vi.spyOn(studioApi, "getGeneration"),
    remove: vi.spyOn(studioApi, "deleteGeneration"),
    upload: vi.spyOn(studioApi, "upload"),
    getUpload: vi.spyOn(studioApi, "getUpload"),
  };
}

/** A signed-in user with these coins and plan (check-token answers). */
export function signIn(credits = 20, paymentType = "", valid = false) {
  storeToken();
  return vi
    .spyOn(api, "checkToken")
    .mockResolvedValue(checkTokenResponse({ paymentType, valid }, { credits }));
}

export const testClient = () =>
  new QueryClient({ defaultOptions: { queries: { retry: false }, mutations: { retry: false } } });
