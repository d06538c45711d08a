// The admin console's calls (/api/admin/*), through the shared request (api/request.ts): a
// refusal is its ApiError, 401/403 for someone who is not an administrator.
import type { AdminUser, DailyPoint, QueueSnapshot } from "@studio/contracts";
import { request } from "../../api/request.ts";

export type { AdminUser, DailyPoint };
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

export interface MaintenanceSchedule {
  at: string | null;
  minutes: number;
  setBy: string | null;
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
  claim: (token: string) =>
    request<{ admin: true }>("POST", "/api/admin-claim", { body: { token } }),
  outbox: () => request<{ smtp: boolean; messages: OutboxMessage[] }>("GET", "/api/admin/outbox"),
  users: (q: string) =>
    request<{ users: AdminUser[] }>("GET", "/api/admin/users", { query: { q } }),
  user: (id: string) => request<UserDetail>("GET", `/api/admin/users/${encodeURIComponent(id)}`),
  adjust: (id: string, delta: number, reason: string) =>
    request<{ balance: number }>("POST", `/api/admin/users/${encodeURIComponent(id)}/coins`, {
      body: { delta, reason },
    }),
  block: (id: string, reason: string) =>
    request("POST", `/api/admin/users/${encodeURIComponent(id)}/block`, { body: { reason } }),
  unblock: (id: string) => request("DELETE", `/api/admin/users/${encodeURIComponent(id)}/block`),
  stats: (days: number) => request<Stats>("GET", "/api/admin/stats", { query: { days } }),
  maintenance: () => request<MaintenanceSchedule>("GET", "/api/admin/maintenance"),
  setMaintenance: (at: string | null, minutes: number) =>
    request<MaintenanceSchedule>("PUT", "/api/admin/maintenance", { body: { at, minutes } }),
  actions: () => request<{ actions: AdminAction[] }>("GET", "/api/admin/actions"),
  queue: () => request<QueueSnapshot>("GET", "/api/admin/queue"),
  retry: (id: string, reason: string) =>
    request<{ status: string }>("POST", `/api/admin/generations/${encodeURIComponent(id)}/retry`, {
      body: { reason },
    }),
  refund: (id: string, reason: string) =>
    request<{ refunded: number; balance: number }>(
      "POST",
      `/api/admin/generations/${encodeURIComponent(id)}/refund`,
      { body: { reason } },
    ),
};
