// Made-to-order videos: the seller's order (price fixed when ordered: $300, or $8 for accounts
// that took the meeting invite), the studio's progress and delivered file, and the payment hook
// billing calls once its checkout exists (markVideoOrderPaid, decision 0801).
import { randomUUID } from "node:crypto";
import {
  Messages,
  VIDEO_ORDER_INVITE_PRICE_CENTS,
  VIDEO_ORDER_MIN_DAYS,
  VIDEO_ORDER_PRICE_CENTS,
  type VideoOrder,
  VideoOrderMessages,
  type VideoOrderPrice,
  type VideoOrderRequest,
} from "@studio/contracts";
import { and, desc, eq, sql } from "drizzle-orm";
import type { Clock } from "../../clock.ts";
import type { Config } from "../../config.ts";
import type { Db } from "../../db/database.ts";
import { badRequest, forbidden, HttpError, notFound } from "../../http/http-error.ts";
import { emailsOf, findById } from "../accounts/accounts.repository.ts";
import type { Mailer } from "../mail/mailer.ts";
import type { MediaTokens } from "../storage/media-token.ts";
import type { ObjectStorage } from "../storage/storage.types.ts";
import type { UploadsService } from "../uploads/uploads.service.ts";
import { confirmationMail, deliveredMail, studioMail } from "./video-order-mail.ts";
import { type OrderStatus, type VideoOrderRow, videoOrders } from "./video-orders.tables.ts";

/** The plan type billing's checkout will be given for an order (with the order id). */
export const VIDEO_ORDER_CHECKOUT_TYPE = "video-order";

export function orderPrice(meetingInviteReceived: boolean): VideoOrderPrice {
  return {
    priceCents: meetingInviteReceived ? VIDEO_ORDER_INVITE_PRICE_CENTS : VIDEO_ORDER_PRICE_CENTS,
    listPriceCents: VIDEO_ORDER_PRICE_CENTS,
    currency: "usd",
    discount: meetingInviteReceived ? "meeting-invite" : null,
  };
}

/**
 * Billing's hook: mark an order paid once its checkout succeeded. Idempotent (a replayed
 * webhook changes nothing); answers whether this call paid it.
 */
export async function markVideoOrderPaid(db: Db, orderId: string, paymentRef: string) {
  const rows = await db
    .update(videoOrders)
    .set({ paymentStatus: "paid", paymentRef, updatedAt: sql`now()` })
    .where(and(eq(videoOrders.id, orderId), eq(videoOrders.paymentStatus, "unpaid")))
    .returning({ id: videoOrders.id });
  return rows.length === 1;
}

export function createVideoOrdersService(deps: {
  db: Db;
  config: Config;
  clock: Clock;
  mailer: Mailer;
  uploads: UploadsService;
  storage: ObjectStorage;
  tokens: MediaTokens;
  log: { error(obj: object, msg: string): void };
}) {
  const { db, config, clock, mailer, uploads, storage, tokens } = deps;

  async function account(userId: string) {
    const a = await findById(db, userId);
    if (!a) throw new HttpError(401, Messages.pleaseLogin, Messages.signupToUnlock);
    return a;
  }

  async function requireDeveloper(userId: string) {
    const a = await account(userId);
    if (!config.developerEmails.has(a.email.toLowerCase())) {
      throw forbidden(VideoOrderMessages.developersOnly);
    }
    return a;
  }

  async function present(o: VideoOrderRow, customerEmail?: string): Promise<VideoOrder> {
    const delivered = o.status === "delivered" && o.deliveryKey !== null;
    const token = delivered ? await tokens.sign(o.accountId, `order:${o.id}`) : "";
    return {
      id: o.id,
      brief: o.brief,
      style: o.style,
      formats: o.formats,
      deadline: o.deadline,
      uploadIds: o.uploadIds,
      priceCents: o.priceCents,
      currency: o.currency,
      discount: o.discount,
      paymentStatus: o.paymentStatus,
      checkoutType: VIDEO_ORDER_CHECKOUT_TYPE,
      status: o.status,
      downloadUrl: delivered ? `/api/video-orders/${o.id}/delivery?token=${token}` : null,
      deliveryName: o.deliveryName,
      createdAt: o.createdAt.toISOString(),
      deliveredAt: o.deliveredAt ? o.deliveredAt.toISOString() : null,
      ...(customerEmail ? { customerEmail } : {}),
    };
  }

  /** mail is best effort: the order is stored whatever the mail server says */
  async function mail(message: Parameters<Mailer["send"]>[0]) {
    await mailer
      .send(message)
      .catch((err: unknown) => deps.log.error({ err }, "order mail failed"));
  }

  async function byId(id: string) {
    const [o] = await db.select().from(videoOrders).where(eq(videoOrders.id, id));
    if (!o) throw notFound(VideoOrderMessages.orderNotFound);
    return o;
  }

  return {
    async price(userId: string) {
      return orderPrice((await account(userId)).meetingInviteReceived);
    },

    async create(userId: string, body: VideoOrderRequest) {
      const a = await account(userId);
      const brief = body.brief.trim();
      if (brief.length < 10) throw badRequest("Tell us a little more in the brief.");
      const today = new Date(clock());
      const earliest = Date.UTC(
        today.getUTCFullYear(),
        today.getUTCMonth(),
        today.getUTCDate() + VIDEO_ORDER_MIN_DAYS,
      );
      const deadline = Date.parse(`${body.deadline}T00:00:00Z`);
      if (!Number.isFinite(deadline) || deadline < earliest)
        throw badRequest(VideoOrderMessages.deadlineTooSoon);
      if (deadline > earliest + 365 * 86_400_000)
        throw badRequest("The deadline must be within a year.");
      for (const id of body.uploadIds) await uploads.get(userId, id); // 404 when not the seller's
      const p = orderPrice(a.meetingInviteReceived);
      const [o] = await db
        .insert(videoOrders)
        .values({
          id: randomUUID(),
          accountId: userId,
          brief,
          style: body.style,
          formats: body.formats,
          deadline: body.deadline,
          uploadIds: body.uploadIds,
          priceCents: p.priceCents,
          currency: p.currency,
          discount: p.discount,
          paymentStatus: "unpaid",
          status: "received",
        })
        .returning();
      await mail(studioMail(o!, config.videoOrders.studioEmail, a.email, config.publicUrl));
      await mail(confirmationMail(o!, a.email, config.publicUrl));
      return present(o!);
    },

    async list(userId: string) {
      const rows = await db
        .select()
        .from(videoOrders)
        .where(eq(videoOrders.accountId, userId))
        .orderBy(desc(videoOrders.createdAt));
      return { items: await Promise.all(rows.map((o) => present(o))) };
    },

    async get(userId: string, id: string) {
      const o = await byId(id);
      if (o.accountId !== userId) throw notFound(VideoOrderMessages.orderNotFound);
      return present(o);
    },

    async delivery(userId: string, id: string) {
      const o = await byId(id);
      if (o.accountId !== userId) throw notFound(VideoOrderMessages.orderNotFound);
      const bytes = o.deliveryKey ? await storage.get(o.deliveryKey) : null;
      if (!bytes) throw notFound(VideoOrderMessages.noDelivery);
      return { bytes, name: o.deliveryName ?? `product-video-${id.slice(0, 8)}.mp4` };
    },

    async adminList(userId: string) {
      await requireDeveloper(userId);
      const orders = await db
        .select()
        .from(videoOrders)
        .orderBy(desc(videoOrders.createdAt))
        .limit(200);
      const emails = await emailsOf(
        db,
        orders.map((o) => o.accountId),
      );
      const items = orders.flatMap((o) => {
        const email = emails.get(o.accountId);
        return email === undefined ? [] : [present(o, email)];
      });
      return { items: await Promise.all(items) };
    },

    async adminSetStatus(userId: string, id: string, status: Exclude<OrderStatus, "delivered">) {
      await requireDeveloper(userId);
      await byId(id);
      const [o] = await db
        .update(videoOrders)
        .set({ status, updatedAt: sql`now()` })
        .where(eq(videoOrders.id, id))
        .returning();
      return present(o!);
    },

    async adminDeliver(
      userId: string,
      id: string,
      file: { bytes: Buffer; name: string; type: string },
    ) {
      await requireDeveloper(userId);
      const before = await byId(id);
      const ext = /\.(mp4|mov|webm|zip)$/i.exec(file.name)?.[1]?.toLowerCase() ?? "mp4";
      const key = `orders/${id}/delivery.${ext}`;
      await storage.put(key, file.bytes, file.type || "application/octet-stream");
      const [o] = await db
        .update(videoOrders)
        .set({
          status: "delivered",
          deliveryKey: key,
          deliveryName: file.name.replace(/[^\w.-]/g, "_").slice(0, 120) || `product-video.${ext}`,
          deliveryBytes: file.bytes.length,
          deliveredAt: sql`now()`,
          updatedAt: sql`now()`,
        })
        .where(eq(videoOrders.id, id))
        .returning();
      const owner = await findById(db, before.accountId);
      if (owner) await mail(deliveredMail(o!, owner.email, config.publicUrl));
      return present(o!);
    },
  };
}

export type VideoOrdersService = ReturnType<typeof createVideoOrdersService>;
