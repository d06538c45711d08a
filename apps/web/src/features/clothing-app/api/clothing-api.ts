// The Clothing app's own calls; generations, uploads and history are the Product app's
// (features/product-app/api), with `clothing` options and `app=clothing`.
import type {
  ClothingConfigResponse,
  ClothingEntitlement,
  ClothingModel,
  ClothingModelList,
  ClothingModelRequest,
} from "@studio/contracts";
import { request } from "../../../api/api-client.ts";

async function call<T>(method: "GET" | "POST", path: string, body?: unknown): Promise<T> {
  return request<T>(method, path, { body });
}

export const clothingApi = {
  config: () => call<ClothingConfigResponse>("GET", "/api/clothing/config"),
  entitlement: () => call<ClothingEntitlement>("GET", "/api/clothing/entitlement"),
  models: () => call<ClothingModelList>("GET", "/api/clothing/models"),
  createModel: (req: ClothingModelRequest) =>
    call<ClothingModel>("POST", "/api/clothing/models", req),
};
