import { useQuery } from "@tanstack/react-query";
import { clothingApi } from "../api/clothing-api.ts";

export const clothingKeys = {
  config: ["clothing", "config"] as const,
  entitlement: (userId: string) => ["clothing", "entitlement", userId] as const,
  models: (userId: string) => ["clothing", "models", userId] as const,
};

export function useClothingConfig() {
  return useQuery({
    queryKey: clothingKeys.config,
    queryFn: clothingApi.config,
    staleTime: 5 * 60_000,
  });
}

export function useClothingEntitlement(userId: string) {
  return useQuery({
    queryKey: clothingKeys.entitlement(userId),
    queryFn: clothingApi.entitlement,
    enabled: userId !== "",
  });
}

export function useSavedModels(userId: string) {
  return useQuery({
    queryKey: clothingKeys.models(userId),
    queryFn: () => clothingApi.models().then((r) => r.models),
    enabled: userId !== "",
  });
}
