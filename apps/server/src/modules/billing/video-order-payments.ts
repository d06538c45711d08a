// Billing's view of the made-to-order videos (issue 11): the price fixed in the seller's own
// order, and the hook that marks it paid once (decision 0801).
import { and, eq } from "drizzle-orm";
import type { Db } from "../../db/database.ts";
import { markVideoOrderPaid } from "../video-orders/video-orders.service.ts";
import { videoOrders } from "../video-orders/video-orders.tables.ts";
import type { VideoOrderPayments } from "./stripe/stripe-billing.ts";

export function videoOrderPayments(db: Db): VideoOrderPayments {
  return {
    async priceOf(accountId, orderId) {
      const [o] = await db
        .select({ priceCents: videoOrders.priceCents, paymentStatus: videoOrders.paymentStatus })
        .from(videoOrders)
        .where(and(eq(videoOrders.id, orderId), eq(videoOrders.accountId, accountId)));
      return o ? { priceCents: o.priceCents, paid: o.paymentStatus === "paid" } : undefined;
    },
    markPaid: (orderId, paymentRef) => markVideoOrderPaid(db, orderId, paymentRef),
  };
}
