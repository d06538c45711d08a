// A first administrator without editing the environment (decision 0910). While
// nobody is an administrator (ADMIN_EMAILS empty, nobody claimed), each start prints a link
// whose signed-in opener becomes one: one use, then gone. Claimed admins live in admin_grants
// and join ADMIN_EMAILS in the set every /api/admin route checks.
import { createHash, randomBytes } from "node:crypto";
import { Type as T } from "@sinclair/typebox";
import type { FastifyInstance } from "fastify";
import { currentUser, requireAuth } from "../../auth/auth.plugin.ts";
import type { Database } from "../../db/database.ts";
import { notFound } from "../../http/http-error.ts";

export const CLAIM_USED = "This administrator link was already used or is not valid.";

const hash = (token: string) => createHash("sha256").update(token).digest("hex");

export interface AdminDirectory {
  /** ADMIN_EMAILS plus the claimed admins; mutated in place as admins are loaded or claimed */
  readonly emails: Set<string>;
  /** re-reads the claimed admins (another process may have granted one) */
  refresh(): Promise<void>;
  /** A new claim link's token when nobody is an administrator, else undefined. */
  issueClaim(): Promise<string | undefined>;
  claim(token: string, email: string): Promise<void>;
}

export function createAdminDirectory(
  database: Database,
  configured: ReadonlySet<string>,
): AdminDirectory {
  const emails = new Set(configured);
  const refresh = async () => {
    const r = await database.executeSql<{ email: string }>("select email from admin_grants");
    for (const row of r.rows) emails.add(row.email);
  };
  return {
    emails,
    refresh,
    async issueClaim() {
      await refresh();
      if (emails.size > 0) return undefined;
      const token = randomBytes(24).toString("base64url");
      // one link in force: the one this start printed
      await database.executeSql("delete from admin_claim_tokens");
      await database.executeSql("insert into admin_claim_tokens (token_hash) values ($1)", [
        hash(token),
      ]);
      return token;
    },
    async claim(token, email) {
      const used = await database.executeSql(
        "delete from admin_claim_tokens where token_hash = $1 returning token_hash",
        [hash(token)],
      );
      if (used.rows.length === 0) throw notFound(CLAIM_USED);
      await database.executeSql(
        "insert into admin_grants (email) values ($1) on conflict do nothing",
        [email],
      );
      emails.add(email);
    },
  };
}

export async function adminClaimRoutes(
  fastify: FastifyInstance,
  opts: { directory: AdminDirectory },
) {
  fastify.post(
    "/api/admin-claim",
    {
      preHandler: requireAuth,
      schema: {
        body: T.Object(
          { token: T.String({ minLength: 16, maxLength: 100, pattern: "^[A-Za-z0-9_-]+$" }) },
          { additionalProperties: false },
        ),
      },
    },
    async (request) => {
      const email = currentUser(request).userEmail.toLowerCase();
      await opts.directory.claim((request.body as { token: string }).token, email);
      request.log.warn(
        { admin: email },
        "ADMIN: the claim link made this account an administrator",
      );
      return { admin: true };
    },
  );
}

/** Prints the claim link at start-up when nobody is an administrator. */
export async function announceAdminClaim(
  app: FastifyInstance,
  directory: AdminDirectory,
  publicUrl: string,
) {
  const token = await directory.issueClaim();
  if (!token) return;
  app.log.warn(
    { adminClaim: `${publicUrl}/admin/claim#${token}` },
    `!!! ADMIN: nobody can open /admin yet. Sign up, then open ${publicUrl}/admin/claim#${token} to become the administrator (one use; ADMIN_EMAILS works too) !!!`,
  );
}
