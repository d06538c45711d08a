// Reads and writes of accounts and their side tables. The balance column is not written here
// (coins repository only).
import { and, desc, eq, inArray, isNull, sql } from "drizzle-orm";
import type { Db } from "../../db/database.ts";
import {
  type AccountRow,
  accounts,
  emailSubscriptions,
  emailVerifications,
  referrals,
} from "./accounts.tables.ts";

export type NewAccount = typeof accounts.$inferInsert;
/** the account row other modules read (through this repository, never the table itself) */
export type { AccountRow };

// The hottest read (every credits and check-token call): prepared once per database handle,
// which skips Drizzle's query building and lets PostgreSQL reuse the plan.
const preparedById = new WeakMap<Db, ReturnType<typeof prepareById>>();
function prepareById(db: Db) {
  return db
    .select()
    .from(accounts)
    .where(eq(accounts.id, sql.placeholder("id")))
    .prepare("accounts_by_id");
}

export async function findById(db: Db, id: string): Promise<AccountRow | undefined> {
  let q = preparedById.get(db);
  if (!q) {
    q = prepareById(db);
    preparedById.set(db, q);
  }
  return (await q.execute({ id }))[0];
}

/** Emails of these accounts, for lists that show whose each row is (admin pages). */
export async function emailsOf(db: Db, ids: string[]): Promise<Map<string, string>> {
  if (ids.length === 0) return new Map();
  const rows = await db
    .select({ id: accounts.id, email: accounts.email })
    .from(accounts)
    .where(inArray(accounts.id, [...new Set(ids)]));
  return new Map(rows.map((r) => [r.id, r.email]));
}

/** Locks the row until the transaction ends (serialises daily redeems of one account). */
export async function findByIdForUpdate(db: Db, id: string): Promise<AccountRow | undefined> {
  return (await db.select().from(accounts).where(eq(accounts.id, id)).for("update"))[0];
}

export async function findByEmail(db: Db, email: string): Promise<AccountRow | undefined> {
  return (await db.select().from(accounts).where(eq(accounts.email, email.toLowerCase())))[0];
}

/**
 * Id, email and language of the account with exactly this email (callers pass the normalised
 * login key): the login notice mail and the block list's login check read it.
 */
export async function contactByEmail(
  db: Db,
  email: string,
): Promise<{ id: string; email: string; language: string } | undefined> {
  const rows = await db
    .select({ id: accounts.id, email: accounts.email, language: accounts.language })
    .from(accounts)
    .where(eq(accounts.email, email));
  return rows[0];
}

/** One line of the admin console's user list. */
export interface AccountSummary {
  id: string;
  username: string;
  email: string;
  balance: number;
  diamond: number;
  createdAt: Date;
}

/**
 * The admin console's user search, newest first: every account for an empty query, else those
 * whose email or username contains it (case-insensitive, `%` and `_` taken literally) or whose
 * id is exactly it.
 */
export async function searchAccounts(
  db: Db,
  query: string,
  limit: number,
): Promise<AccountSummary[]> {
  const like = `%${query.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
  return db
    .select({
      id: accounts.id,
      username: accounts.username,
      email: accounts.email,
      balance: accounts.balance,
      diamond: accounts.diamond,
      createdAt: accounts.createdAt,
    })
    .from(accounts)
    .where(
      sql`${query} = '' or ${accounts.email} ilike ${like} or ${accounts.username} ilike ${like} or ${accounts.id} = ${query}`,
    )
    .orderBy(desc(accounts.createdAt))
    .limit(limit);
}

export async function findByUsernameKey(db: Db, key: string): Promise<AccountRow | undefined> {
  return (await db.select().from(accounts).where(eq(accounts.usernameKey, key)))[0];
}

export async function findByGoogleSub(db: Db, sub: string): Promise<AccountRow | undefined> {
  return (await db.select().from(accounts).where(eq(accounts.googleSub, sub)))[0];
}

/** Inserts unless the email or username is taken; answers which one clashed. */
export async function insertAccount(
  db: Db,
  account: NewAccount,
): Promise<{ ok: true; row: AccountRow } | { ok: false; clash: "email" | "username" }> {
  const rows = await db.insert(accounts).values(account).onConflictDoNothing().returning();
  if (rows[0]) return { ok: true, row: rows[0] };
  if (await findByEmail(db, account.email)) return { ok: false, clash: "email" };
  return { ok: false, clash: "username" };
}

export async function updateAccount(
  db: Db,
  id: string,
  patch: Partial<Omit<NewAccount, "id" | "balance">>,
): Promise<AccountRow | undefined> {
  return (await db.update(accounts).set(patch).where(eq(accounts.id, id)).returning())[0];
}

/** For the generations module: count delivered images (credits' `imageGenerated`). */
export async function addImagesGenerated(db: Db, id: string, count: number): Promise<void> {
  await db
    .update(accounts)
    .set({ imageGenerated: sql`${accounts.imageGenerated} + ${count}` })
    .where(eq(accounts.id, id));
}

/**
 * Locks the account's row until the caller's transaction ends: billing takes it before it
 * reads the grants that decide the plan state, so two payments for one account apply in turn.
 */
export async function lockAccountRow(tx: Db, id: string): Promise<void> {
  await tx.execute(sql`select id from accounts where id = ${id} for update`);
}

/** The account's plan state, as billing's entitlements.repository.ts computes it from grants. */
export interface PlanState {
  expiration: number;
  clothAppExpiration: number;
  paymentType: string;
}

/**
 * Writes the plan columns; only billing's `recompute` calls this, under the row lock of
 * `lockAccountRow` in its transaction (docs in entitlements.repository.ts).
 */
export async function writePlanState(tx: Db, id: string, plan: PlanState): Promise<void> {
  await tx.update(accounts).set(plan).where(eq(accounts.id, id));
}

/** Until when (unix seconds) the account's clothing plan runs; undefined for no account. */
export async function clothingPlanUntil(db: Db, id: string): Promise<number | undefined> {
  const [a] = await db
    .select({ until: accounts.clothAppExpiration })
    .from(accounts)
    .where(eq(accounts.id, id));
  return a?.until;
}

export async function addDiamonds(db: Db, id: string, count: number): Promise<void> {
  await db
    .update(accounts)
    .set({ diamond: sql`${accounts.diamond} + ${count}` })
    .where(eq(accounts.id, id));
}

export async function insertVerification(
  db: Db,
  v: { tokenHash: string; accountId: string; email: string; expiresAt: number },
): Promise<void> {
  await db.insert(emailVerifications).values(v);
}

/** Marks a link used, once: answers the row only to the first caller, and only before expiry. */
export async function consumeVerification(db: Db, tokenHash: string, now: number) {
  const rows = await db
    .update(emailVerifications)
    .set({ usedAt: now })
    .where(
      and(
        eq(emailVerifications.tokenHash, tokenHash),
        isNull(emailVerifications.usedAt),
        sql`${emailVerifications.expiresAt} > ${now}`,
      ),
    )
    .returning();
  return rows[0];
}

export async function findVerification(db: Db, tokenHash: string) {
  return (
    await db.select().from(emailVerifications).where(eq(emailVerifications.tokenHash, tokenHash))
  )[0];
}

export async function subscribeEmail(db: Db, email: string): Promise<void> {
  await db.insert(emailSubscriptions).values({ email }).onConflictDoNothing();
}

/** Who referred this account, if anyone (billing pays the referrer a cashback). */
export async function referrerOf(db: Db, refereeId: string): Promise<string | undefined> {
  return (await db.select().from(referrals).where(eq(referrals.refereeId, refereeId)))[0]
    ?.referrerId;
}

/** False when this referee already has a referral. */
export async function insertReferral(
  db: Db,
  refereeId: string,
  referrerId: string,
): Promise<boolean> {
  const rows = await db
    .insert(referrals)
    .values({ refereeId, referrerId })
    .onConflictDoNothing()
    .returning();
  return rows.length === 1;
}
