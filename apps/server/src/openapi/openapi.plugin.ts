// OpenAPI 3 document of the whole API at GET /api/docs (JSON), built by @fastify/swagger from
// the TypeBox schemas every route declares. Registered before any route so it sees them all.
import swagger from "@fastify/swagger";
import type { FastifyInstance } from "fastify";

export async function registerOpenApi(app: FastifyInstance): Promise<void> {
  await app.register(swagger, {
    openapi: {
      openapi: "3.0.3",
      info: {
        title: "Photoshoot Studio API",
        version: "0.1.0",
        description:
          "Bearer token from /api/login or /api/signup in `Authorization: Bearer <token>`. Media URLs (images, cut-outs, event streams) carry their own short-lived `?token=`. The public API under /v1 takes an API key (`Authorization: Bearer psk_…`, created in the account page) and answers errors as `{ error: { code, message }, requestId }`.",
      },
      components: {
        securitySchemes: {
          bearer: { type: "http", scheme: "bearer", bearerFormat: "JWT" },
          // the public API under /v1: an API key from the account page
          apiKey: { type: "http", scheme: "bearer", bearerFormat: "psk_… API key" },
        },
      },
      security: [{ bearer: [] }],
    },
  });
  app.get("/api/docs", { schema: { hide: true } }, async () => app.swagger());
}
