// Reads of video order rows that other modules need: billing asks an order's price before it
// opens a checkout, through here rather than the table (module-boundaries.test.ts).
import { and, eq } from "drizzle-orm";
import type { Db } from "../../db/database.ts";
import { type VideoOrderRow, videoOrders } from "./video-orders.tables.ts";

/** The price fixed in the account's own order and whether it is paid; undefined if not theirs. */
export async function orderPriceOf(
  db: Db,
  accountId: string,
  orderId: string,
): Promise<Pick<VideoOrderRow, "priceCents" | "paymentStatus"> | undefined> {
  const [o] = await db
    .select({ priceCents: videoOrders.priceCents, paymentStatus: videoOrders.paymentStatus })
    .from(videoOrders)
    .where(and(eq(videoOrders.id, orderId), eq(videoOrders.accountId, accountId)));
  return o;
}
