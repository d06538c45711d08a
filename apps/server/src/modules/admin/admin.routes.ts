// /api/admin/*: the admin console's API. Admins are configured (ADMIN_EMAILS), like
// developers; everyone else gets 403. Every change is logged in admin_actions (who, when).
import type { TypeBoxTypeProvider } from "@fastify/type-provider-typebox";
import { Type as T } from "@sinclair/typebox";
import type { QueueSnapshot } from "@studio/contracts";
import type { FastifyInstance, FastifyRequest } from "fastify";
import { currentUser } from "../../auth/auth.plugin.ts";
import type { Database } from "../../db/database.ts";
import { badRequest, forbidden, notFound } from "../../http/http-error.ts";
import type { AdminService } from "./admin.service.ts";
import { finishedGenerations, liveQueue, workersAlive } from "./admin-queue.ts";
import { daily, funnel } from "./admin-stats.ts";
import type { GenerationActions } from "./generation-actions.ts";

export const NOT_ADMIN = "Only administrators can open the admin console.";

export function requireAdmin(request: FastifyRequest, admins: ReadonlySet<string>): string {
  const user = currentUser(request);
  const email = user.userEmail.toLowerCase();
  if (!admins.has(email)) throw forbidden(NOT_ADMIN);
  return email;
}

const Id = T.Object({ id: T.String({ minLength: 1, maxLength: 64 }) });
const Reason = T.String({ minLength: 3, maxLength: 500 });
const GenerationId = T.Object({
  id: T.String({ pattern: "^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$" }),
});
const ReasonBody = T.Object({ reason: Reason }, { additionalProperties: false });

export async function adminRoutes(
  fastify: FastifyInstance,
  opts: {
    admin: AdminService;
    admins: ReadonlySet<string>;
    /** re-reads the claimed admins: one may have been granted by another process */
    refreshAdmins?: () => Promise<void>;
    database: Database;
    generationActions: GenerationActions;
    heartbeatSeconds: number;
  },
) {
  const app = fastify.withTypeProvider<TypeBoxTypeProvider>();
  const { admin, admins } = opts;
  app.addHook("preHandler", async (request) => {
    if (!admins.has(currentUser(request).userEmail.toLowerCase())) await opts.refreshAdmins?.();
    requireAdmin(request, admins);
  });

  app.get(
    "/api/admin/users",
    { schema: { querystring: T.Object({ q: T.Optional(T.String({ maxLength: 200 })) }) } },
    async (request) => ({ users: await admin.searchUsers((request.query.q ?? "").trim()) }),
  );

  app.get("/api/admin/users/:id", { schema: { params: Id } }, async (request) => {
    const detail = await admin.userDetail(request.params.id);
    if (!detail) throw notFound("User not found");
    return detail;
  });

  app.post(
    "/api/admin/users/:id/coins",
    {
      schema: {
        params: Id,
        body: T.Object(
          {
            // (`not: { const: 0 }`, not T.Literal(0): a literal says type "number", which Ajv's strict
            // mode warns of inside an integer at every start)
            delta: T.Integer({ minimum: -1_000_000, maximum: 1_000_000, not: { const: 0 } }),
            reason: Reason,
          },
          { additionalProperties: false },
        ),
      },
    },
    async (request) => {
      const by = requireAdmin(request, admins);
      if (!(await admin.userDetail(request.params.id))) throw notFound("User not found");
      const m = await admin.adjustCoins(
        by,
        request.params.id,
        request.body.delta,
        request.body.reason,
      );
      return { balance: m.balance, entry: m.entry };
    },
  );

  app.post(
    "/api/admin/users/:id/block",
    { schema: { params: Id, body: T.Object({ reason: Reason }, { additionalProperties: false }) } },
    async (request) => {
      const by = requireAdmin(request, admins);
      if (!(await admin.userDetail(request.params.id))) throw notFound("User not found");
      await admin.block(by, request.params.id, request.body.reason);
      return { blocked: true };
    },
  );

  app.delete("/api/admin/users/:id/block", { schema: { params: Id } }, async (request) => {
    const by = requireAdmin(request, admins);
    await admin.unblock(by, request.params.id);
    return { blocked: false };
  });

  const schedule = async () => {
    const s = await admin.maintenance();
    return {
      at: s.at === null ? null : new Date(s.at).toISOString(),
      minutes: s.minutes,
      setBy: s.setBy,
    };
  };
  app.get("/api/admin/maintenance", async () => schedule());
  app.put(
    "/api/admin/maintenance",
    {
      schema: {
        body: T.Object(
          {
            at: T.Union([T.String({ format: "date-time" }), T.Null()]),
            minutes: T.Integer({ minimum: 1, maximum: 7 * 24 * 60 }),
          },
          { additionalProperties: false },
        ),
      },
    },
    async (request) => {
      const by = requireAdmin(request, admins);
      const at = request.body.at === null ? null : Date.parse(request.body.at);
      if (at !== null && Number.isNaN(at)) throw badRequest("at must be an ISO date-time");
      await admin.setMaintenance(by, at, request.body.minutes);
      return schedule();
    },
  );

  app.get("/api/admin/queue", async (): Promise<QueueSnapshot> => {
    const [queue, workers, failed, done] = await Promise.all([
      liveQueue(opts.database),
      workersAlive(opts.database, opts.heartbeatSeconds),
      finishedGenerations(opts.database, "failed", 50),
      finishedGenerations(opts.database, "done", 20),
    ]);
    return { queue, workers, failed, done, heartbeatSeconds: opts.heartbeatSeconds };
  });
  app.post(
    "/api/admin/generations/:id/retry",
    { schema: { params: GenerationId, body: ReasonBody } },
    async (request) => {
      const by = requireAdmin(request, admins);
      return opts.generationActions.retry(by, request.params.id, request.body.reason, request.id);
    },
  );
  app.post(
    "/api/admin/generations/:id/refund",
    { schema: { params: GenerationId, body: ReasonBody } },
    async (request) => {
      const by = requireAdmin(request, admins);
      return opts.generationActions.refund(by, request.params.id, request.body.reason);
    },
  );
  app.get("/api/admin/actions", async () => ({ actions: await admin.actions() }));

  app.get(
    "/api/admin/stats",
    {
      schema: {
        querystring: T.Object({ days: T.Optional(T.Integer({ minimum: 1, maximum: 366 })) }),
      },
    },
    async (request) => {
      const days = request.query.days ?? 30;
      return { funnel: await funnel(opts.database, days), ...(await daily(opts.database, days)) };
    },
  );
}
