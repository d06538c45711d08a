// Reads of upload rows that other modules need: generations, batches and videos ask which of
// the ids a request names are the account's own, through here rather than the table.
import { eq, inArray } from "drizzle-orm";
import type { Db } from "../../db/database.ts";
import { type UploadRow, uploads } from "./uploads.tables.ts";

/** the upload row other modules read (through this repository, never the table itself) */
export type { UploadRow };

/** The upload's row, whoever owns it (the video job reads its stored cut-out). */
export async function findUploadById(db: Db, id: string): Promise<UploadRow | undefined> {
  return (await db.select().from(uploads).where(eq(uploads.id, id)))[0];
}

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
