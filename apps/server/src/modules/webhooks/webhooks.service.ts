// Webhooks: endpoints per account; an event becomes one delivery per subscribed endpoint,
// recorded in the transaction that made the event (a generation's or batch's final state), and
// a `webhook.deliver` job per attempt. Failed attempts are retried on WEBHOOK_RETRY_SECONDS
// (≈ a day in all), then the delivery is failed; any delivery can be re-sent from the account
// page. Each attempt's answer is kept (decision 1003).
import { createHash, randomUUID } from "node:crypto";
import {
  type CreateWebhookRequest,
  type WebhookDelivery,
  type WebhookEndpoint,
  type WebhookEvent,
  type WebhookEventType,
  WebhookLimits,
} from "@studio/contracts";
import { and, desc, eq, inArray, sql } from "drizzle-orm";
import type { Clock } from "../../clock.ts";
import type { PublicApiConfig } from "../../config.ts";
import type { Db } from "../../db/database.ts";
import { badRequest, conflict, notFound } from "../../http/http-error.ts";
import type { JobQueue } from "../jobs/job-queue.ts";
import { isPrivateAddress, postSigned } from "./webhook-sender.ts";
import { newWebhookSecret, SIGNATURE_HEADER, signatureHeader } from "./webhook-signing.ts";
import { webhookAttempts, webhookDeliveries, webhookEndpoints } from "./webhooks.tables.ts";

/** a UUID made from a text: the same event or attempt always gets the same id */
export function uuidFrom(text: string): string {
  const h = createHash("sha256").update(text).digest("hex");
  return `${h.slice(0, 8)}-${h.slice(8, 12)}-5${h.slice(13, 16)}-a${h.slice(17, 20)}-${h.slice(20, 32)}`;
}

const attemptJobId = (deliveryId: string, attempt: number) =>
  uuidFrom(`webhook:${deliveryId}:${attempt}`);

export function createWebhooksService(deps: {
  db: Db;
  queue: JobQueue;
  clock: Clock;
  config: PublicApiConfig;
}) {
  const { db, queue, clock, config } = deps;

  function checkUrl(raw: string): string {
    let url: URL;
    try {
      url = new URL(raw);
    } catch {
      throw badRequest("The webhook URL is not a valid URL.");
    }
    if (url.protocol !== "https:" && url.protocol !== "http:") {
      throw badRequest("The webhook URL must start with https:// (or http://).");
    }
    if (url.username || url.password)
      throw badRequest("The webhook URL must not carry a password.");
    const host = url.hostname.replace(/^\[|\]$/g, "");
    if (!config.webhookAllowPrivate && (host === "localhost" || isPrivateAddress(host))) {
      throw badRequest("The webhook URL must be reachable on the internet, not a private address.");
    }
    return url.toString();
  }

  const present = (row: typeof webhookEndpoints.$inferSelect): WebhookEndpoint => ({
    id: row.id,
    url: row.url,
    events: row.events as WebhookEventType[],
    secret: row.secret,
    createdAt: row.createdAt.toISOString(),
  });

  async function send(deliveryId: string, attempt: number, afterSeconds = 0, manual = false) {
    await queue.send(
      "webhook.deliver",
      { deliveryId, attempt, ...(manual ? { manual } : {}) },
      { id: attemptJobId(deliveryId, attempt), startAfterSeconds: afterSeconds },
    );
  }

  return {
    async create(accountId: string, body: CreateWebhookRequest): Promise<WebhookEndpoint> {
      const url = checkUrl(body.url);
      const existing = await db
        .select({ id: webhookEndpoints.id })
        .from(webhookEndpoints)
        .where(eq(webhookEndpoints.accountId, accountId));
      if (existing.length >= WebhookLimits.maxEndpointsPerAccount) {
        throw conflict(
          `An account can have ${WebhookLimits.maxEndpointsPerAccount} webhook endpoints.`,
        );
      }
      const [row] = await db
        .insert(webhookEndpoints)
        .values({
          id: randomUUID(),
          accountId,
          url,
          secret: newWebhookSecret(),
          events: [...new Set(body.events)].sort(),
          createdAt: new Date(clock()),
        })
        .returning();
      if (!row) throw new Error("webhook insert returned nothing");
      return present(row);
    },

    async list(accountId: string): Promise<WebhookEndpoint[]> {
      const rows = await db
        .select()
        .from(webhookEndpoints)
        .where(eq(webhookEndpoints.accountId, accountId))
        .orderBy(desc(webhookEndpoints.createdAt));
      return rows.map(present);
    },

    async remove(accountId: string, id: string): Promise<void> {
      const gone = await db
        .delete(webhookEndpoints)
        .where(and(eq(webhookEndpoints.id, id), eq(webhookEndpoints.accountId, accountId)))
        .returning({ id: webhookEndpoints.id });
      if (gone.length === 0) throw notFound("Webhook endpoint not found");
    },

    /** the endpoint's last 50 deliveries, newest first, with every attempt */
    async deliveries(accountId: string, endpointId: string): Promise<WebhookDelivery[]> {
      const rows = await db
        .select()
        .from(webhookDeliveries)
        .where(
          and(
            eq(webhookDeliveries.endpointId, endpointId),
            eq(webhookDeliveries.accountId, accountId),
          ),
        )
        .orderBy(desc(webhookDeliveries.createdAt), desc(webhookDeliveries.id))
        .limit(50);
      const tries = rows.length
        ? await db
            .select()
            .from(webhookAttempts)
            .where(
              inArray(
                webhookAttempts.deliveryId,
                rows.map((r) => r.id),
              ),
            )
            .orderBy(webhookAttempts.n)
        : [];
      return rows.map((r) => ({
        id: r.id,
        eventId: r.eventId,
        type: r.eventType as WebhookEventType,
        status: r.status,
        attempts: r.attempts,
        createdAt: r.createdAt.toISOString(),
        nextAttemptAt: r.nextAttemptAt ? r.nextAttemptAt.toISOString() : null,
        payload: r.payload,
        tries: tries
          .filter((a) => a.deliveryId === r.id)
          .map((a) => ({
            n: a.n,
            at: a.at.toISOString(),
            responseStatus: a.responseStatus,
            responseBody: a.responseBody,
            error: a.error,
            durationMs: a.durationMs,
          })),
      }));
    },

    /** one more attempt now (no automatic retries after it) */
    async resend(accountId: string, deliveryId: string): Promise<void> {
      const [row] = await db
        .select()
        .from(webhookDeliveries)
        .where(
          and(eq(webhookDeliveries.id, deliveryId), eq(webhookDeliveries.accountId, accountId)),
        );
      if (!row) throw notFound("Webhook delivery not found");
      if (row.status === "pending") throw conflict("This delivery is still being attempted.");
      const [reopened] = await db
        .update(webhookDeliveries)
        .set({ status: "pending", nextAttemptAt: new Date(clock()) })
        .where(
          and(eq(webhookDeliveries.id, deliveryId), eq(webhookDeliveries.attempts, row.attempts)),
        )
        .returning();
      if (!reopened) throw conflict("This delivery is still being attempted.");
      await send(deliveryId, row.attempts + 1, 0, true);
    },

    /**
     * Records `type` for `key` (e.g. the generation id) in the caller's transaction: one
     * delivery per endpoint of the account that wants it; the same event twice is one
     * delivery. Returns what to run once the transaction has committed (queue the jobs).
     */
    async record(
      tx: Db,
      accountId: string,
      type: WebhookEventType,
      key: string,
      data: WebhookEvent["data"],
    ): Promise<() => Promise<void>> {
      const endpoints = await tx
        .select({ id: webhookEndpoints.id, events: webhookEndpoints.events })
        .from(webhookEndpoints)
        .where(eq(webhookEndpoints.accountId, accountId));
      const wanted = endpoints.filter((e) => e.events.includes(type));
      if (wanted.length === 0) return async () => {};
      const eventId = uuidFrom(`${type}:${key}`);
      const event: WebhookEvent = { id: eventId, type, created: Math.floor(clock() / 1000), data };
      const payload = JSON.stringify(event);
      const inserted = await tx
        .insert(webhookDeliveries)
        .values(
          wanted.map((e) => ({
            id: randomUUID(),
            endpointId: e.id,
            accountId,
            eventId,
            eventType: type,
            payload,
            status: "pending" as const,
            attempts: 0,
            nextAttemptAt: new Date(clock()),
            createdAt: new Date(clock()),
          })),
        )
        .onConflictDoNothing()
        .returning({ id: webhookDeliveries.id });
      return async () => {
        for (const d of inserted) await send(d.id, 1);
      };
    },

    /** handler of webhook.deliver: one attempt; schedules the next one on failure */
    async deliver(job: { deliveryId: string; attempt: number; manual?: boolean }): Promise<void> {
      const { deliveryId, attempt } = job;
      const [row] = await db
        .select({
          d: webhookDeliveries,
          url: webhookEndpoints.url,
          secret: webhookEndpoints.secret,
        })
        .from(webhookDeliveries)
        .innerJoin(webhookEndpoints, eq(webhookEndpoints.id, webhookDeliveries.endpointId))
        .where(eq(webhookDeliveries.id, deliveryId));
      // endpoint deleted, or this attempt is stale (already made, or delivered meanwhile)
      if (row?.d.status !== "pending" || row.d.attempts !== attempt - 1) return;
      const t = Math.floor(clock() / 1000);
      const result = await postSigned(
        row.url,
        row.d.payload,
        {
          "content-type": "application/json",
          "user-agent": "PhotoshootStudio-Webhooks/1",
          [SIGNATURE_HEADER]: signatureHeader(row.secret, t, row.d.payload),
          "Studio-Event-Id": row.d.eventId,
          "Studio-Delivery-Attempt": String(attempt),
        },
        { timeoutMs: config.webhookTimeoutMs, allowPrivate: config.webhookAllowPrivate },
      );
      const ok = result.status !== null && result.status >= 200 && result.status < 300;
      const retryIn = job.manual ? undefined : config.webhookRetrySeconds[attempt - 1];
      const status = ok ? "delivered" : retryIn === undefined ? "failed" : "pending";
      const next = status === "pending" ? sql`now() + make_interval(secs => ${retryIn})` : null;
      const moved = await db.transaction(async (tx) => {
        await tx
          .insert(webhookAttempts)
          .values({
            deliveryId,
            n: attempt,
            at: new Date(clock()),
            responseStatus: result.status,
            responseBody: result.body,
            error: result.error,
            durationMs: result.durationMs,
          })
          .onConflictDoNothing();
        return tx
          .update(webhookDeliveries)
          .set({
            attempts: attempt,
            status,
            lastAttemptAt: new Date(clock()),
            responseStatus: result.status,
            nextAttemptAt: next,
          })
          .where(
            and(eq(webhookDeliveries.id, deliveryId), eq(webhookDeliveries.attempts, attempt - 1)),
          )
          .returning({ id: webhookDeliveries.id });
      });
      if (moved.length && status === "pending") await send(deliveryId, attempt + 1, retryIn);
    },

    /**
     * Deliveries whose next attempt has no job (the process stopped between the commit and
     * the send): queue it again. Safe to run anywhere, any time: job ids are per attempt.
     */
    async sweep(): Promise<number> {
      const r = await db.execute(sql`
        select id, attempts from webhook_deliveries
        where status = 'pending' and next_attempt_at < now() - interval '1 minute'
        limit 500`);
      const rows = (r as unknown as { rows: { id: string; attempts: number }[] }).rows;
      for (const d of rows) await send(d.id, d.attempts + 1);
      return rows.length;
    },
  };
}

export type WebhooksService = ReturnType<typeof createWebhooksService>;
