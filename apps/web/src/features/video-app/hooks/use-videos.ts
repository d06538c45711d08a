// The seller's videos and orders, kept fresh: while a video is being made the list is asked
// again every second (its status, position, ETA and frames move), otherwise on demand.
import { useQuery } from "@tanstack/react-query";
import { videoApi } from "../api/video-api.ts";

const active = (s: string) => s !== "done" && s !== "failed";

export const videoKeys = {
  videos: ["videos"] as const,
  orders: ["video-orders"] as const,
  price: ["video-price"] as const,
};

export function useVideos(loggedIn: boolean) {
  return useQuery({
    queryKey: videoKeys.videos,
    queryFn: videoApi.list,
    enabled: loggedIn,
    refetchInterval: (q) => (q.state.data?.items.some((v) => active(v.status)) ? 1000 : false),
  });
}

export function useOrders(loggedIn: boolean) {
  return useQuery({ queryKey: videoKeys.orders, queryFn: videoApi.orders, enabled: loggedIn });
}

export function usePrice(loggedIn: boolean) {
  return useQuery({ queryKey: videoKeys.price, queryFn: videoApi.price, enabled: loggedIn });
}
