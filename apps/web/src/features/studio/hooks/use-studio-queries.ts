// Server state of the studios through TanStack Query: templates, the maintenance notice
// and the history pages; a finished or deleted generation invalidates the history.
import { keepPreviousData, useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { studioApi } from "../api/studio-api.ts";

export const queryKeys = {
  templates: ["templates"] as const,
  maintenance: ["maintenance"] as const,
  gpu: ["gpu"] as const,
  history: (userId: string, page: number, app: "product" | "clothing" = "product") =>
    ["generations", userId, app, page] as const,
  historyAll: ["generations"] as const,
};

export const HISTORY_PAGE_SIZE = 6;

export function useTemplates() {
  return useQuery({
    queryKey: queryKeys.templates,
    queryFn: () => studioApi.templates().then((r) => r.templates),
    staleTime: Number.POSITIVE_INFINITY,
  });
}

export function useMaintenance() {
  return useQuery({
    queryKey: queryKeys.maintenance,
    queryFn: studioApi.maintenance,
    // an announced window can start while the page is open
    refetchInterval: 60_000,
  });
}

export function useHistory(userId: string, page: number, app: "product" | "clothing" = "product") {
  return useQuery({
    queryKey: queryKeys.history(userId, page, app),
    queryFn: () => studioApi.listGenerations(page, HISTORY_PAGE_SIZE, app),
    enabled: userId !== "",
    placeholderData: keepPreviousData,
  });
}

export function useDeleteGeneration() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => studioApi.deleteGeneration(id),
    onSettled: () => client.invalidateQueries({ queryKey: queryKeys.historyAll }),
  });
}

/** whether GPU servers answer, so the seller may choose generated scenes (decision 1100) */
export function useGpu() {
  return useQuery({
    queryKey: queryKeys.gpu,
    queryFn: studioApi.gpu,
    refetchInterval: 60_000,
    retry: false,
  });
}
