// Liveness and a bare hello route (the benchmark's baseline for the framework's own cost).
import { Type as T } from "@sinclair/typebox";
import type { FastifyInstance } from "fastify";
import type { Database } from "../../db/database.ts";

export async function healthRoutes(app: FastifyInstance, opts: { database: Database }) {
  app.get(
    "/api/hello",
    { schema: { response: { 200: T.Object({ hello: T.String() }) } } },
    async () => ({ hello: "world" }),
  );
  app.get(
    "/api/health",
    { schema: { response: { 200: T.Object({ ok: T.Boolean(), database: T.String() }) } } },
    async () => {
      await opts.database.executeSql("select 1");
      return { ok: true, database: opts.database.kind };
    },
  );
}
