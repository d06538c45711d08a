// Which running generations the heartbeat takes back: those whose worker has no row, no
// worker at all, or a worker silent for three heartbeats; never finished or waiting ones,
// never those of a worker still beating.
import { randomUUID } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Database } from "../../db/database.ts";
import { createTestDatabase, dbKinds, type TestDatabase } from "../../testing/test-harness.ts";
import { insertAccount } from "../accounts/accounts.repository.ts";
import { beat } from "../jobs/workers.repository.ts";
import { orphanedGenerationIds } from "./generation-job.ts";
import { insertGenerations } from "./generations.repository.ts";
import type { GenerationStatus } from "./generations.tables.ts";

const HEARTBEAT_SECONDS = 10;
const ACCOUNT = "orphan-test-account";

describe.each(dbKinds)("orphaned generations on %s", (kind) => {
  let t: TestDatabase;
  let database: Database;
  beforeAll(async () => {
    t = await createTestDatabase(kind);
    database = t.database;
    await insertAccount(database.db, {
      id: ACCOUNT,
      username: "orphan test",
      usernameKey: "orphan test",
      email: "orphan-test@example.test",
    });
  });
  afterAll(async () => t?.drop());

  async function generation(status: GenerationStatus, workerId: string | null) {
    const id = randomUUID();
    await insertGenerations(database.db, [
      {
        id,
        accountId: ACCOUNT,
        referenceIds: [],
        prompt: "a mug",
        preset: "studio",
        imageCount: 1,
        reserved: 1,
        priority: 0,
        seed: 1,
        status,
        delivered: 0,
        attempts: 1,
        workerId,
      },
    ]);
    return id;
  }

  it("answers running generations of missing, absent or silent workers only", async () => {
    await beat(database.db, "live-worker", "worker", null);
    await beat(database.db, "silent-worker", "worker", null);
    // tests may write any table in SQL text: make the silent worker's last beat an hour old
    await database.executeSql(
      "update job_workers set last_seen_at = now() - interval '1 hour' where id = $1",
      ["silent-worker"],
    );

    const withLiveWorker = await generation("processing", "live-worker");
    const withSilentWorker = await generation("generating", "silent-worker");
    const withGoneWorker = await generation("processing", "worker-never-seen");
    const withoutWorker = await generation("accepted", null);
    const finished = await generation("done", "silent-worker");
    const waiting = await generation("waitlisted", null);

    const orphans = await orphanedGenerationIds(database.db, HEARTBEAT_SECONDS);
    expect(orphans.sort()).toEqual([withSilentWorker, withGoneWorker, withoutWorker].sort());
    expect(orphans).not.toContain(withLiveWorker);
    expect(orphans).not.toContain(finished);
    expect(orphans).not.toContain(waiting);
  });
});
