// Reads of upload rows that other modules need: generations, batches and videos ask which of
// the ids a request names are the account's own, through here rather than the table.
import { inArray } from "drizzle-orm";
import type { Db } from "../../db/database.ts";
import { uploads } from "./uploads.tables.ts";

export interface OwnedUpload {
  id: string;
  purpose: "product" | "reference";
}

/** Those of `ids` that belong to the account (others, and unknown ids, are left out). */
export async function ownedUploads(
  db: Db,
  accountId: string,
  ids: string[],
): Promise<OwnedUpload[]> {
  if (ids.length === 0) return [];
  const rows = await db
    .select({ id: uploads.id, accountId: uploads.accountId, purpose: uploads.purpose })
    .from(uploads)
    .where(inArray(uploads.id, ids));
  return rows.filter((r) => r.accountId === accountId).map(({ id, purpose }) => ({ id, purpose }));
}
