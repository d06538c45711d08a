// The Stripe stand-in's REST API: the subset of https://api.stripe.com/v1 the app calls,
// form-encoded in, JSON out, Bearer key checked, Idempotency-Key honoured. The `stripe`
// package talks to it through its host/port/protocol options, exactly as it talks to Stripe.
import Fastify, { type FastifyInstance, type FastifyReply } from "fastify";
import { decodeForm, type FormValue } from "./form-decode.ts";
import { StandInError, type StripeStandIn } from "./stripe-stand-in.store.ts";

type Body = Record<string, FormValue>;

export async function startStripeStandInApi(
  standIn: StripeStandIn,
): Promise<{ server: FastifyInstance; port: number }> {
  const server = Fastify({ logger: false, bodyLimit: 256 * 1024 });
  server.addContentTypeParser(
    "application/x-www-form-urlencoded",
    { parseAs: "string" },
    (_req, body, done) => done(null, decodeForm(String(body))),
  );
  server.addHook("onRequest", async (request, reply) => {
    if (request.headers.authorization !== `Bearer ${standIn.opts.apiKey}`) {
      return reply.code(401).send({
        error: { type: "invalid_request_error", message: "Invalid API Key provided" },
      });
    }
  });
  server.setErrorHandler((err, _request, reply: FastifyReply) => {
    const e = err instanceof StandInError ? err : new StandInError(500, String(err), "api_error");
    return reply.code(e.status).send({
      error: {
        type: e.status === 402 ? "card_error" : "invalid_request_error",
        code: e.code,
        message: e.message,
      },
    });
  });

  const body = (b: unknown) => (b ?? {}) as Body;
  const key = (h: unknown) => (typeof h === "string" ? h : undefined);
  type P = { Params: { id: string } };

  server.post("/v1/customers", async (r) =>
    standIn.once(key(r.headers["idempotency-key"]), () => standIn.createCustomer(body(r.body))),
  );
  server.post("/v1/coupons", async (r) =>
    standIn.once(key(r.headers["idempotency-key"]), () => standIn.createCoupon(body(r.body))),
  );
  server.get<P>("/v1/coupons/:id", async (r) => standIn.get(r.params.id, "coupon"));
  server.post("/v1/checkout/sessions", async (r) =>
    standIn.once(key(r.headers["idempotency-key"]), () => standIn.createSession(body(r.body))),
  );
  server.get<P>("/v1/checkout/sessions/:id", async (r) =>
    standIn.get(r.params.id, "checkout.session"),
  );
  server.get<P>("/v1/subscriptions/:id", async (r) => standIn.get(r.params.id, "subscription"));
  server.post<P>("/v1/subscriptions/:id", async (r) =>
    standIn.updateSubscription(r.params.id, body(r.body)),
  );
  server.delete<P>("/v1/subscriptions/:id", async (r) => standIn.cancelSubscription(r.params.id));
  server.get<P>("/v1/invoices/:id", async (r) => standIn.get(r.params.id, "invoice"));
  server.get<P>("/v1/charges/:id", async (r) => standIn.get(r.params.id, "charge"));
  server.get<P>("/v1/payment_intents/:id", async (r) => standIn.get(r.params.id, "payment_intent"));
  server.post("/v1/refunds", async (r) =>
    standIn.once(key(r.headers["idempotency-key"]), () => standIn.refund(body(r.body))),
  );

  await server.listen({ host: "127.0.0.1", port: 0 });
  const address = server.server.address();
  const port = typeof address === "object" && address ? address.port : 0;
  return { server, port };
}
