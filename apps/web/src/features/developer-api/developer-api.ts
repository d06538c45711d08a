// The account page's calls: API keys (/api/keys) and webhooks (/api/webhooks), through the
// shared request (api/request.ts). Types only from @studio/contracts (decision 0302).
import type {
  ApiKeyList,
  ApiKeyScope,
  CreatedApiKey,
  WebhookDeliveryList,
  WebhookEndpoint,
  WebhookEndpointList,
  WebhookEventType,
} from "@studio/contracts";
import { request } from "../../api/request.ts";

export const developerApi = {
  keys: () => request<ApiKeyList>("GET", "/api/keys"),
  createKey: (name: string, scopes: ApiKeyScope[]) =>
    request<CreatedApiKey>("POST", "/api/keys", { body: { name, scopes } }),
  revokeKey: (id: string) => request("DELETE", `/api/keys/${encodeURIComponent(id)}`),
  webhooks: () => request<WebhookEndpointList>("GET", "/api/webhooks"),
  createWebhook: (url: string, events: WebhookEventType[]) =>
    request<WebhookEndpoint>("POST", "/api/webhooks", { body: { url, events } }),
  deleteWebhook: (id: string) => request("DELETE", `/api/webhooks/${encodeURIComponent(id)}`),
  deliveries: (endpointId: string) =>
    request<WebhookDeliveryList>(
      "GET",
      `/api/webhooks/${encodeURIComponent(endpointId)}/deliveries`,
    ),
  resend: (deliveryId: string) =>
    request("POST", `/api/webhooks/deliveries/${encodeURIComponent(deliveryId)}/resend`),
};
