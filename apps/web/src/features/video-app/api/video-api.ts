// The video app's calls (issue 11's API): generated videos and made-to-order videos. Same bearer
// token and ApiError as the rest of the app.
import type {
  Video,
  VideoList,
  VideoOrder,
  VideoOrderPrice,
  VideoOrderRequest,
  VideoRequest,
} from "@studio/contracts";
import { ApiError } from "../../../api/api-client.ts";

async function call<T>(
  method: "GET" | "POST" | "DELETE",
  path: string,
  body?: unknown,
): Promise<T> {
  const token = localStorage.getItem("token");
  const headers: Record<string, string> = { Accept: "application/json" };
  if (token) headers.Authorization = `Bearer ${token}`;
  if (body !== undefined) headers["Content-Type"] = "application/json";
  let res: Response;
  try {
    res = await fetch(path, {
      method,
      headers,
      body: body === undefined ? undefined : JSON.stringify(body),
    });
  } catch {
    throw new ApiError(0, "");
  }
  const text = await res.text();
  let json: { error?: unknown; message?: unknown } = {};
  try {
    json = text ? JSON.parse(text) : {};
  } catch {
    json = {};
  }
  if (!res.ok) {
    throw new ApiError(
      res.status,
      typeof json.error === "string" ? json.error : "",
      typeof json.message === "string" ? json.message : undefined,
    );
  }
  return json as T;
}

export const videoApi = {
  submit: (req: VideoRequest) => call<Video>("POST", "/api/videos", req),
  list: () => call<VideoList>("GET", "/api/videos"),
  remove: (id: string) =>
    call<{ success: boolean; refunded: number }>("DELETE", `/api/videos/${id}`),
  price: () => call<VideoOrderPrice>("GET", "/api/video-orders/price"),
  order: (req: VideoOrderRequest) => call<VideoOrder>("POST", "/api/video-orders", req),
  orders: () => call<{ items: VideoOrder[] }>("GET", "/api/video-orders"),
  adminOrders: () => call<{ items: VideoOrder[] }>("GET", "/api/admin/video-orders"),
  startProduction: (id: string) =>
    call<VideoOrder>("POST", `/api/admin/video-orders/${id}/status`, { status: "in-production" }),
  /** the studio's delivered file (multipart, field `file`) */
  async deliver(id: string, file: File): Promise<VideoOrder> {
    const form = new FormData();
    form.append("file", file, file.name);
    const token = localStorage.getItem("token");
    const res = await fetch(`/api/admin/video-orders/${id}/delivery`, {
      method: "POST",
      headers: token ? { Authorization: `Bearer ${token}` } : {},
      body: form,
    });
    const json = (await res.json().catch(() => ({}))) as { error?: string };
    if (!res.ok) throw new ApiError(res.status, json.error ?? "");
    return json as VideoOrder;
  },
};
