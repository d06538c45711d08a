// Idempotency-Key on /v1 POSTs (decision 1002), per account: the first request with a key
// takes a row before acting; a retry with the same key and the same request gets the first
// answer again (`Idempotent-Replayed: true`), a retry while the first still runs gets 409, the
// same key on a different request 422. Only successful answers are kept (24 h): a failure
// committed nothing (every write is one transaction), so retrying it simply tries again.
import { createHash } from "node:crypto";
import type { FastifyReply, FastifyRequest } from "fastify";
import type { Clock } from "../../clock.ts";
import type { Database } from "../../db/database.ts";
import { ApiError } from "./v1-errors.ts";

const KEEP_MS = 24 * 3600 * 1000;
const PRUNE_EVERY = 500;

export interface Answer {
  status: number;
  body: unknown;
}

export function createIdempotency(database: Database, clock: Clock) {
  let taken = 0;
  return {
    /**
     * Runs `act` once per (account, Idempotency-Key); `parts` say what the request was (the
     * parsed body, an uploaded file's hash) so a reused key on another request is caught.
     */
    async run(
      request: FastifyRequest,
      reply: FastifyReply,
      accountId: string,
      parts: unknown,
      act: () => Promise<Answer>,
    ) {
      const key = request.headers["idempotency-key"];
      if (typeof key !== "string") {
        const a = await act();
        return reply.status(a.status).send(a.body);
      }
      const fingerprint = createHash("sha256")
        .update(`${request.method} ${request.routeOptions.url ?? request.url}\n`)
        .update(JSON.stringify(parts ?? null))
        .digest("hex");
      const now = clock();
      if (++taken % PRUNE_EVERY === 0) {
        database
          .executeSql("delete from api_idempotency where created_at < $1", [now - KEEP_MS])
          .catch(() => undefined);
      }
      // an expired row is replaced: the key is free again after 24 h
      const claimed = await database.executeSql(
        `insert into api_idempotency (account_id, key, fingerprint, created_at)
         values ($1, $2, $3, $4)
         on conflict (account_id, key) do update
           set fingerprint = excluded.fingerprint, created_at = excluded.created_at,
               status_code = null, response = null
           where api_idempotency.created_at < $5
         returning key`,
        [accountId, key, fingerprint, now, now - KEEP_MS],
      );
      if (claimed.rows.length === 0) {
        const r = await database.executeSql<{
          fingerprint: string;
          status_code: number | null;
          response: unknown;
        }>(
          "select fingerprint, status_code, response from api_idempotency where account_id = $1 and key = $2",
          [accountId, key],
        );
        const row = r.rows[0];
        if (row && row.fingerprint !== fingerprint) {
          throw new ApiError(
            422,
            "idempotency_key_reused",
            "This Idempotency-Key was used for a different request.",
          );
        }
        if (!row || row.status_code === null) {
          throw new ApiError(
            409,
            "idempotency_request_in_progress",
            "A request with this Idempotency-Key is still running; retry in a moment.",
          );
        }
        const body = typeof row.response === "string" ? JSON.parse(row.response) : row.response;
        return reply.status(row.status_code).header("Idempotent-Replayed", "true").send(body);
      }
      let answer: Answer;
      try {
        answer = await act();
      } catch (err) {
        await database
          .executeSql("delete from api_idempotency where account_id = $1 and key = $2", [
            accountId,
            key,
          ])
          .catch(() => undefined);
        throw err;
      }
      await database.executeSql(
        "update api_idempotency set status_code = $3, response = $4::jsonb where account_id = $1 and key = $2",
        [accountId, key, answer.status, JSON.stringify(answer.body)],
      );
      return reply.status(answer.status).send(answer.body);
    },
  };
}

export type Idempotency = ReturnType<typeof createIdempotency>;
