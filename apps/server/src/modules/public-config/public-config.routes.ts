// GET /api/public-config: the run-time settings the web app needs and that are not secret, so
// one built web app works with any server configuration (Google sign-in appears when the
// server has GOOGLE_CLIENT_ID, whatever the build had). Maintenance stays at /api/maintenance.
import { Type as T } from "@sinclair/typebox";
import type { FastifyInstance } from "fastify";
import type { Config } from "../../config.ts";

export const PublicConfigResponse = T.Object(
  {
    /** OAuth client id for Google sign-in (public by design); null when the server has none */
    googleClientId: T.Union([T.String(), T.Null()]),
    /** Browser error reporting: the DSN and the same-origin tunnel; null when not configured */
    sentry: T.Union([
      T.Object({ dsn: T.String(), tunnel: T.String(), environment: T.String() }),
      T.Null(),
    ]),
  },
  { additionalProperties: false },
);

export async function publicConfigRoutes(app: FastifyInstance, opts: { config: Config }) {
  const dsn = opts.config.monitoring.sentryWebDsn;
  const sentry = dsn
    ? {
        dsn: dsn.dsn,
        tunnel: `/monitoring?${new URLSearchParams({
          ...(dsn.orgId ? { o: dsn.orgId } : {}),
          p: dsn.projectId,
          ...(dsn.region ? { r: dsn.region } : {}),
        })}`,
        environment: opts.config.monitoring.sentryEnvironment,
      }
    : null;
  const body = { googleClientId: opts.config.googleClientId ?? null, sentry };
  app.get(
    "/api/public-config",
    {
      schema: {
        summary: "Public run-time settings of the web app (Google sign-in client id)",
        response: { 200: PublicConfigResponse },
      },
    },
    async (_request, reply) => {
      // short cache: a redeploy with a new client id shows within minutes
      reply.header("cache-control", "public, max-age=300");
      return body;
    },
  );
}
