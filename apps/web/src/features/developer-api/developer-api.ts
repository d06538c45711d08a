// The account page's calls: API keys (/api/keys) and webhooks (/api/webhooks), with the
// session token. Types only from @studio/contracts (decision 0302).
import type {
  ApiKeyList,
  ApiKeyScope,
  CreatedApiKey,
  WebhookDeliveryList,
  WebhookEndpoint,
  WebhookEndpointList,
  WebhookEventType,
} from "@studio/contracts";

export class DeveloperApiError extends Error {
  constructor(
    readonly status: number,
    message: string,
  ) {
    super(message);
  }
}

async function call<T>(
  method: "GET" | "POST" | "DELETE",
  path: string,
  body?: unknown,
): Promise<T> {
  const token = localStorage.getItem("token");
  const res = await fetch(path, {
    method,
    headers: {
      Accept: "application/json",
      ...(body === undefined ? {} : { "Content-Type": "application/json" }),
      ...(token ? { Authorization: `Bearer ${token}` } : {}),
    },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const json = (await res.json().catch(() => ({}))) as { error?: string; message?: string };
  if (!res.ok) throw new DeveloperApiError(res.status, json.error ?? `HTTP ${res.status}`);
  return json as T;
}

export const developerApi = {
  keys: () => call<ApiKeyList>("GET", "/api/keys"),
  createKey: (name: string, scopes: ApiKeyScope[]) =>
    call<CreatedApiKey>("POST", "/api/keys", { name, scopes }),
  revokeKey: (id: string) => call("DELETE", `/api/keys/${encodeURIComponent(id)}`),
  webhooks: () => call<WebhookEndpointList>("GET", "/api/webhooks"),
  createWebhook: (url: string, events: WebhookEventType[]) =>
    call<WebhookEndpoint>("POST", "/api/webhooks", { url, events }),
  deleteWebhook: (id: string) => call("DELETE", `/api/webhooks/${encodeURIComponent(id)}`),
  deliveries: (endpointId: string) =>
    call<WebhookDeliveryList>("GET", `/api/webhooks/${encodeURIComponent(endpointId)}/deliveries`),
  resend: (deliveryId: string) =>
    call("POST", `/api/webhooks/deliveries/${encodeURIComponent(deliveryId)}/resend`),
};
