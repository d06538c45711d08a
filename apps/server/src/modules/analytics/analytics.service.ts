// Stores client analytics events and the server's own (signup rule failures). The table is
// bounded: every `pruneEvery` inserts, events older than the newest `maxEvents` are deleted.
import type { Clock } from "../../clock.ts";
import type { Db } from "../../db/database.ts";
import { insertEvent, pruneEvents } from "./analytics.repository.ts";

export interface AnalyticsService {
  record(e: {
    key: string;
    value?: unknown;
    sessionId?: string | null;
    accountId?: string | null;
  }): Promise<void>;
}

export function createAnalyticsService(
  db: Db,
  clock: Clock,
  limits: { maxEvents: number; pruneEvery: number },
): AnalyticsService {
  let sincePrune = 0;
  return {
    async record(e) {
      const id = await insertEvent(db, {
        key: e.key,
        value: e.value,
        sessionId: e.sessionId ?? null,
        accountId: e.accountId ?? null,
        createdAt: clock(),
      });
      sincePrune += 1;
      if (sincePrune >= limits.pruneEvery) {
        sincePrune = 0;
        await pruneEvents(db, id, limits.maxEvents);
      }
    },
  };
}
