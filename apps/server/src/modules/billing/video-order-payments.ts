// Billing's view of the made-to-order videos: the price fixed in the seller's own
// order, and the hook that marks it paid once (decision 0801).
import type { Db } from "../../db/database.ts";
import { orderPriceOf } from "../video-orders/video-orders.repository.ts";
import { markVideoOrderPaid } from "../video-orders/video-orders.service.ts";
import type { VideoOrderPayments } from "./stripe/stripe-billing.ts";

export function videoOrderPayments(db: Db): VideoOrderPayments {
  return {
    async priceOf(accountId, orderId) {
      const o = await orderPriceOf(db, accountId, orderId);
      return o ? { priceCents: o.priceCents, paid: o.paymentStatus === "paid" } : undefined;
    },
    markPaid: (orderId, paymentRef) => markVideoOrderPaid(db, orderId, paymentRef),
  };
}
