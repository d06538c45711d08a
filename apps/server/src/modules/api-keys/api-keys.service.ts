// API keys: created (the key answered once), listed (prefix, last use, requests this month),
// revoked, and checked on every /v1 request. No cache anywhere: a revoked key, or the key of a
// blocked account, is refused by the very next request, on every API process (decision 1000).
import { randomUUID } from "node:crypto";
import {
  ApiKeyLimits,
  type ApiKeyScope,
  ApiKeyScopes,
  type ApiKeySummary,
  type CreateApiKeyRequest,
  type CreatedApiKey,
} from "@studio/contracts";
import { and, count, desc, eq, isNull, sql } from "drizzle-orm";
import type { Clock } from "../../clock.ts";
import type { Db } from "../../db/database.ts";
import { conflict, notFound } from "../../http/http-error.ts";
import { hashApiKey, looksLikeApiKey, newApiKey } from "./api-key-format.ts";
import { type ApiKeyRow, apiKeys, apiKeyUsage } from "./api-keys.tables.ts";

export interface ApiCaller {
  keyId: string;
  accountId: string;
  scopes: ApiKeyScope[];
}

export type KeyRefusal = "malformed" | "unknown" | "revoked" | "blocked";

const monthOf = (ms: number) => new Date(ms).toISOString().slice(0, 7);

export function createApiKeysService(deps: { db: Db; clock: Clock }) {
  const { db, clock } = deps;

  function summary(row: ApiKeyRow, requests: number): ApiKeySummary {
    return {
      id: row.id,
      name: row.name,
      prefix: row.prefix,
      scopes: row.scopes as ApiKeyScope[],
      createdAt: row.createdAt.toISOString(),
      lastUsedAt: row.lastUsedAt ? row.lastUsedAt.toISOString() : null,
      requestsThisMonth: requests,
    };
  }

  return {
    async create(accountId: string, body: CreateApiKeyRequest): Promise<CreatedApiKey> {
      const live = and(eq(apiKeys.accountId, accountId), isNull(apiKeys.revokedAt));
      const [n] = await db.select({ n: count() }).from(apiKeys).where(live);
      if (Number(n?.n ?? 0) >= ApiKeyLimits.maxKeysPerAccount) {
        throw conflict(
          `An account can have ${ApiKeyLimits.maxKeysPerAccount} API keys; revoke one first.`,
        );
      }
      const { key, prefix, hash } = newApiKey();
      const [row] = await db
        .insert(apiKeys)
        .values({
          id: randomUUID(),
          accountId,
          name: body.name.trim() || "API key",
          prefix,
          keyHash: hash,
          scopes: [...new Set(body.scopes ?? ApiKeyScopes)].sort(),
          createdAt: new Date(clock()),
        })
        .returning();
      if (!row) throw new Error("api key insert returned nothing");
      return { ...summary(row, 0), key };
    },

    /** live keys, newest first, with this month's request count */
    async list(accountId: string): Promise<ApiKeySummary[]> {
      const rows = await db
        .select({ key: apiKeys, requests: apiKeyUsage.requests })
        .from(apiKeys)
        .leftJoin(
          apiKeyUsage,
          and(eq(apiKeyUsage.keyId, apiKeys.id), eq(apiKeyUsage.month, monthOf(clock()))),
        )
        .where(and(eq(apiKeys.accountId, accountId), isNull(apiKeys.revokedAt)))
        .orderBy(desc(apiKeys.createdAt), desc(apiKeys.id));
      return rows.map((r) => summary(r.key, r.requests ?? 0));
    },

    async revoke(accountId: string, id: string): Promise<void> {
      const rows = await db
        .update(apiKeys)
        .set({ revokedAt: new Date(clock()) })
        .where(and(eq(apiKeys.id, id), eq(apiKeys.accountId, accountId), isNull(apiKeys.revokedAt)))
        .returning({ id: apiKeys.id });
      if (rows.length === 0) throw notFound("API key not found");
    },

    /**
     * The caller behind a raw key, and one request counted on it; a refusal says why (the
     * answer to the client stays the same for all of them but `blocked`).
     */
    async authenticate(raw: string): Promise<ApiCaller | KeyRefusal> {
      if (!looksLikeApiKey(raw)) return "malformed";
      const now = clock();
      const r = await db.execute(sql`
        select k.id, k.account_id, k.scopes, k.revoked_at,
          exists (select 1 from account_blocks b where b.account_id = k.account_id) as blocked
        from api_keys k where k.key_hash = ${hashApiKey(raw)}`);
      const row = (
        r as unknown as {
          rows: {
            id: string;
            account_id: string;
            scopes: string[];
            revoked_at: unknown;
            blocked: boolean;
          }[];
        }
      ).rows[0];
      if (!row) return "unknown";
      if (row.revoked_at) return "revoked";
      if (row.blocked) return "blocked";
      await db.execute(sql`
        with used as (
          update api_keys set last_used_at = ${new Date(now).toISOString()}::timestamptz
          where id = ${row.id} returning id)
        insert into api_key_usage (key_id, month, requests)
        select id, ${monthOf(now)}, 1 from used
        on conflict (key_id, month) do update set requests = api_key_usage.requests + 1`);
      return { keyId: row.id, accountId: row.account_id, scopes: row.scopes as ApiKeyScope[] };
    },
  };
}

export type ApiKeysService = ReturnType<typeof createApiKeysService>;
