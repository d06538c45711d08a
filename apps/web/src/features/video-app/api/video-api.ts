// The video app's calls: generated videos and made-to-order videos (decisions 0800, 0801),
// through the shared request (api/request.ts).
import type {
  Video,
  VideoList,
  VideoOrder,
  VideoOrderPrice,
  VideoOrderRequest,
  VideoRequest,
} from "@studio/contracts";
import { request } from "../../../api/request.ts";

export const videoApi = {
  submit: (req: VideoRequest) => request<Video>("POST", "/api/videos", { body: req }),
  list: () => request<VideoList>("GET", "/api/videos"),
  remove: (id: string) =>
    request<{ success: boolean; refunded: number }>("DELETE", `/api/videos/${id}`),
  price: () => request<VideoOrderPrice>("GET", "/api/video-orders/price"),
  order: (req: VideoOrderRequest) =>
    request<VideoOrder>("POST", "/api/video-orders", { body: req }),
  orders: () => request<{ items: VideoOrder[] }>("GET", "/api/video-orders"),
  adminOrders: () => request<{ items: VideoOrder[] }>("GET", "/api/admin/video-orders"),
  startProduction: (id: string) =>
    request<VideoOrder>("POST", `/api/admin/video-orders/${id}/status`, {
      body: { status: "in-production" },
    }),
  /** the studio's delivered file (multipart, field `file`) */
  deliver(id: string, file: File): Promise<VideoOrder> {
    const form = new FormData();
    form.append("file", file, file.name);
    return request<VideoOrder>("POST", `/api/admin/video-orders/${id}/delivery`, { file: form });
  },
};
