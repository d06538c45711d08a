// The admin console's calls (GET/POST/DELETE /api/admin/*), with the stored session token.
import type { QueueSnapshot } from "@studio/contracts";

export interface AdminUser {
  id: string;
  username: string;
  email: string;
  balance: number;
  diamond: number;
  createdAt: string;
  blocked: boolean;
}
export interface LedgerEntry {
  id: number;
  delta: number;
  kind: string;
  reason: string;
  balanceAfter: number;
  createdAt: string;
}
export interface Payment {
  id: string;
  provider: string;
  plan_type: string;
  amount: number;
  currency: string;
  status: string;
  created_at: string;
}
export interface UserDetail {
  user: AdminUser;
  ledger: LedgerEntry[];
  payments: Payment[] | null;
  plan: { payment_type: string; expiration: string | number } | null;
}
export interface DailyPoint {
  day: string;
  signups: number;
  generations: number;
  images: number;
  coinsSpent: number;
  p50Seconds: number | null;
  p95Seconds: number | null;
}
export interface Stats {
  funnel: { step: string; count: number }[];
  points: DailyPoint[];
  revenue: { day: string; currency: string; amount: number }[] | null;
}
export interface AdminAction {
  id: number;
  admin: string;
  action: string;
  target: string | null;
  detail: Record<string, unknown>;
  at: string;
}

export class AdminApiError extends Error {
  constructor(
    readonly status: number,
    message: string,
  ) {
    super(message);
  }
}

export interface MaintenanceSchedule {
  at: string | null;
  minutes: number;
  setBy: string | null;
}

async function call<T>(
  method: "GET" | "POST" | "PUT" | "DELETE",
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
  const json = (await res.json().catch(() => ({}))) as { error?: string };
  if (!res.ok) throw new AdminApiError(res.status, json.error ?? `HTTP ${res.status}`);
  return json as T;
}

export interface OutboxMessage {
  id: number;
  to: string;
  subject: string;
  text: string;
  createdAt: string;
}

export const adminApi = {
  /** the one-time link printed at start-up while nobody is an administrator (decision 0910) */
  claim: (token: string) => call<{ admin: true }>("POST", "/api/admin-claim", { token }),
  outbox: () => call<{ smtp: boolean; messages: OutboxMessage[] }>("GET", "/api/admin/outbox"),
  users: (q: string) =>
    call<{ users: AdminUser[] }>("GET", `/api/admin/users?q=${encodeURIComponent(q)}`),
  user: (id: string) => call<UserDetail>("GET", `/api/admin/users/${encodeURIComponent(id)}`),
  adjust: (id: string, delta: number, reason: string) =>
    call<{ balance: number }>("POST", `/api/admin/users/${encodeURIComponent(id)}/coins`, {
      delta,
      reason,
    }),
  block: (id: string, reason: string) =>
    call("POST", `/api/admin/users/${encodeURIComponent(id)}/block`, { reason }),
  unblock: (id: string) => call("DELETE", `/api/admin/users/${encodeURIComponent(id)}/block`),
  stats: (days: number) => call<Stats>("GET", `/api/admin/stats?days=${days}`),
  maintenance: () => call<MaintenanceSchedule>("GET", "/api/admin/maintenance"),
  setMaintenance: (at: string | null, minutes: number) =>
    call<MaintenanceSchedule>("PUT", "/api/admin/maintenance", { at, minutes }),
  actions: () => call<{ actions: AdminAction[] }>("GET", "/api/admin/actions"),
  queue: () => call<QueueSnapshot>("GET", "/api/admin/queue"),
  retry: (id: string, reason: string) =>
    call<{ status: string }>("POST", `/api/admin/generations/${encodeURIComponent(id)}/retry`, {
      reason,
    }),
  refund: (id: string, reason: string) =>
    call<{ refunded: number; balance: number }>(
      "POST",
      `/api/admin/generations/${encodeURIComponent(id)}/refund`,
      { reason },
    ),
};
