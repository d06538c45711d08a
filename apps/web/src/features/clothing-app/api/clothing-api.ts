// The Clothing app's own calls; generations, uploads and history are the studios' shared ones
// (features/studio/api/studio-api.ts), with `clothing` options and `app=clothing`.
import type {
  ClothingConfigResponse,
  ClothingEntitlement,
  ClothingModel,
  ClothingModelList,
  ClothingModelRequest,
} from "@studio/contracts";
import { request } from "../../../api/request.ts";

export const clothingApi = {
  config: () => request<ClothingConfigResponse>("GET", "/api/clothing/config"),
  entitlement: () => request<ClothingEntitlement>("GET", "/api/clothing/entitlement"),
  models: () => request<ClothingModelList>("GET", "/api/clothing/models"),
  createModel: (req: ClothingModelRequest) =>
    request<ClothingModel>("POST", "/api/clothing/models", { body: req }),
};
