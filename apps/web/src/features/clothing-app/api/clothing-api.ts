// The Clothing app's own calls; generations, uploads and history are the Product app's
// (features/product-app/api), with `clothing` options and `app=clothing`.
import type {
  ClothingConfigResponse,
  ClothingEntitlement,
  ClothingModel,
  ClothingModelList,
  ClothingModelRequest,
} from "@studio/contracts";
import { ApiError } from "../../../api/api-client.ts";

async function call<T>(method: "GET" | "POST", path: string, body?: unknown): Promise<T> {
  const token = localStorage.getItem("token");
  const headers: Record<string, string> = { Accept: "application/json" };
  if (token) headers.Authorization = `Bearer ${token}`;
  if (body !== undefined) headers["Content-Type"] = "application/json";
  const res = await fetch(path, {
    method,
    headers,
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const text = await res.text();
  if (!res.ok) {
    let error = "";
    try {
      error = (JSON.parse(text) as { error?: string }).error ?? "";
    } catch {
      error = "";
    }
    throw new ApiError(res.status, error);
  }
  return JSON.parse(text) as T;
}

export const clothingApi = {
  config: () => call<ClothingConfigResponse>("GET", "/api/clothing/config"),
  entitlement: () => call<ClothingEntitlement>("GET", "/api/clothing/entitlement"),
  models: () => call<ClothingModelList>("GET", "/api/clothing/models"),
  createModel: (req: ClothingModelRequest) =>
    call<ClothingModel>("POST", "/api/clothing/models", req),
};
