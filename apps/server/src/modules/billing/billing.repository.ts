// Payments, subscriptions and provider events: the billing tables' reads and writes.
import { and, desc, eq } from "drizzle-orm";
import type { Db } from "../../db/database.ts";
import { referrerOf } from "../accounts/accounts.repository.ts";
import {
  billingEvents,
  billingPayments,
  billingSubscriptions,
  type PaymentRow,
  referralCashbacks,
  type SubscriptionRow,
} from "./billing.tables.ts";

export async function paymentById(db: Db, id: string): Promise<PaymentRow | undefined> {
  return (await db.select().from(billingPayments).where(eq(billingPayments.id, id)))[0];
}

export async function paymentByRef(
  db: Db,
  provider: PaymentRow["provider"],
  ref: string,
): Promise<PaymentRow | undefined> {
  const rows = await db
    .select()
    .from(billingPayments)
    .where(and(eq(billingPayments.provider, provider), eq(billingPayments.providerRef, ref)));
  return rows[0];
}

export async function paymentByIntent(db: Db, intent: string): Promise<PaymentRow | undefined> {
  return (
    await db.select().from(billingPayments).where(eq(billingPayments.paymentIntent, intent))
  )[0];
}

/** The account's last 100 payments, newest first (the admin console's user detail). */
export async function latestPaymentsOf(db: Db, accountId: string) {
  return db
    .select({
      id: billingPayments.id,
      provider: billingPayments.provider,
      planType: billingPayments.planType,
      amount: billingPayments.amount,
      currency: billingPayments.currency,
      status: billingPayments.status,
      createdAt: billingPayments.createdAt,
    })
    .from(billingPayments)
    .where(eq(billingPayments.accountId, accountId))
    .orderBy(desc(billingPayments.createdAt))
    .limit(100);
}

export async function insertPayment(db: Db, row: typeof billingPayments.$inferInsert) {
  await db.insert(billingPayments).values(row).onConflictDoNothing();
}

export async function updatePayment(db: Db, id: string, set: Partial<PaymentRow>) {
  await db.update(billingPayments).set(set).where(eq(billingPayments.id, id));
}

/** Moves a payment from `from` to `to` once; answers false when another caller did it. */
export async function transitionPayment(
  db: Db,
  id: string,
  from: PaymentRow["status"],
  to: PaymentRow["status"],
  set: Partial<PaymentRow> = {},
): Promise<boolean> {
  const rows = await db
    .update(billingPayments)
    .set({ ...set, status: to })
    .where(and(eq(billingPayments.id, id), eq(billingPayments.status, from)))
    .returning({ id: billingPayments.id });
  return rows.length > 0;
}

export async function upsertSubscription(db: Db, row: typeof billingSubscriptions.$inferInsert) {
  await db
    .insert(billingSubscriptions)
    .values(row)
    .onConflictDoUpdate({
      target: billingSubscriptions.id,
      set: {
        status: row.status,
        currentPeriodEnd: row.currentPeriodEnd,
        trial: row.trial ?? false,
        updatedAt: new Date(),
      },
    });
}

export async function subscriptionById(db: Db, id: string): Promise<SubscriptionRow | undefined> {
  return (await db.select().from(billingSubscriptions).where(eq(billingSubscriptions.id, id)))[0];
}

/** The newest subscription of each kind, for get-subscriptions. */
export async function latestSubscriptions(db: Db, accountId: string) {
  const rows = await db
    .select()
    .from(billingSubscriptions)
    .where(eq(billingSubscriptions.accountId, accountId))
    .orderBy(desc(billingSubscriptions.updatedAt));
  // A live one wins over a newer cancelled one (the half-off replacement case).
  const pick = (kind: SubscriptionRow["kind"]) => {
    const mine = rows.filter((r) => r.kind === kind);
    return mine.find((r) => r.status !== "CANCELLED") ?? mine[0];
  };
  return { product: pick("PRODUCT_APP"), clothing: pick("CLOTHING_APP") };
}

export async function eventSeen(db: Db, provider: string, eventId: string): Promise<boolean> {
  const rows = await db
    .select({ id: billingEvents.eventId })
    .from(billingEvents)
    .where(and(eq(billingEvents.provider, provider), eq(billingEvents.eventId, eventId)));
  return rows.length > 0;
}

export async function recordEvent(db: Db, provider: string, eventId: string, type: string) {
  await db.insert(billingEvents).values({ provider, eventId, type }).onConflictDoNothing();
}

/** The referrer's 30% cashback for a paid amount, once per payment key. */
export async function recordCashback(
  db: Db,
  refereeId: string,
  paymentKey: string,
  amount: number,
  currency: string,
  percent: number,
): Promise<void> {
  const referrerId = await referrerOf(db, refereeId);
  if (!referrerId || amount <= 0) return;
  await db
    .insert(referralCashbacks)
    .values({
      paymentKey,
      referrerId,
      refereeId,
      amount: Math.floor((amount * percent) / 100),
      currency,
    })
    .onConflictDoNothing();
}

export async function isReferred(db: Db, accountId: string): Promise<boolean> {
  return (await referrerOf(db, accountId)) !== undefined;
}

export async function hasPaidBefore(db: Db, accountId: string): Promise<boolean> {
  const rows = await db
    .select({ id: billingPayments.id })
    .from(billingPayments)
    .where(and(eq(billingPayments.accountId, accountId), eq(billingPayments.status, "paid")))
    .limit(1);
  return rows.length > 0;
}
