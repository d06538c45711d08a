// What a person sees of the Stripe stand-in, under /sandbox/stripe on the app's own origin:
// the hosted checkout page (test cards) and a dashboard to renew, fail, cancel or refund, so
// every path of a purchase can be clicked through on a laptop. Not registered in production.
import type { FastifyInstance } from "fastify";
import { acceptFormPosts, escapeHtml as e, sandboxPage } from "./sandbox-page.ts";
import { StandInError, type StripeStandIn } from "./stripe-stand-in.store.ts";

function money(minor: unknown, currency: unknown) {
  const n = Number(minor);
  return `${String(currency).toUpperCase()} ${Math.trunc(n / 100)}.${String(n % 100).padStart(2, "0")}`;
}

function checkoutPage(s: Record<string, unknown>, error?: string) {
  const name = (s.metadata as Record<string, string>)?.planType ?? "Plan";
  return sandboxPage(
    "Checkout (test mode)",
    `<div class="card"><h1>Pay ${e(name)}</h1>
<p><strong>${e(money(s.amount_total, s.currency))}</strong>${s.mode === "subscription" ? " per period, renews until cancelled" : ""}</p>
${Number(s.amount_subtotal) !== Number(s.amount_total) ? `<p class="muted">Discount applied (was ${e(money(s.amount_subtotal, s.currency))})</p>` : ""}
${error ? `<p class="error" role="alert">${e(error)}</p>` : ""}
<form method="post"><label for="card">Card number</label>
<input id="card" name="card" inputmode="numeric" autocomplete="off" value="4242 4242 4242 4242">
<p class="muted">Test cards: 4242 4242 4242 4242 pays; 4000 0000 0000 0002 is declined.</p>
<button type="submit">Pay ${e(money(s.amount_total, s.currency))}</button></form>
${s.cancel_url ? `<p><a href="${e(s.cancel_url)}">Cancel and return</a></p>` : ""}</div>`,
  );
}

function dashboard(standIn: StripeStandIn) {
  const subs = standIn.list("subscription").reverse();
  const charges = standIn.list("charge").reverse();
  const action = (path: string, label: string, cls = "") =>
    `<form method="post" action="/sandbox/stripe/${path}" style="display:inline"><button class="${cls}">${label}</button></form>`;
  const subRows = subs
    .map((s) => {
      const end = (s.items as { data: { current_period_end: number }[] }).data[0]
        ?.current_period_end;
      const live = s.status !== "canceled";
      return `<tr><td>${e(s.id)}<br><span class="muted">${e((s.metadata as Record<string, string>)?.planType)}</span></td>
<td>${e(s.status)}${s.cancel_at_period_end ? " (cancels at period end)" : ""}<br><span class="muted">until ${e(new Date((end ?? 0) * 1000).toISOString().slice(0, 10))}</span></td>
<td>${live ? action(`subscriptions/${s.id}/renew`, "Renew") + action(`subscriptions/${s.id}/fail`, "Fail payment", "secondary") + action(`subscriptions/${s.id}/cancel`, "End now", "secondary") : ""}</td></tr>`;
    })
    .join("");
  const chargeRows = charges
    .map(
      (
        c,
      ) => `<tr><td>${e(c.id)}</td><td>${e(money(c.amount, c.currency))}${c.refunded ? " (refunded)" : ""}</td>
<td>${c.refunded ? "" : action(`charges/${c.id}/refund`, "Refund", "secondary")}</td></tr>`,
    )
    .join("");
  return sandboxPage(
    "Stripe stand-in",
    `<h1>Stripe stand-in</h1><p class="muted">Every button sends the signed webhook events Stripe would send.</p>
<div class="card"><h2>Subscriptions</h2><table><tbody>${subRows || "<tr><td>None yet.</td></tr>"}</tbody></table></div>
<div class="card"><h2>Payments</h2><table><tbody>${chargeRows || "<tr><td>None yet.</td></tr>"}</tbody></table></div>`,
  );
}

export async function stripeStandInPages(app: FastifyInstance, opts: { standIn: StripeStandIn }) {
  const { standIn } = opts;
  acceptFormPosts(app);
  const html = (s: string) => s;
  type P = { Params: { id: string } };

  app.get<P>("/sandbox/stripe/checkout/:id", async (request, reply) => {
    try {
      return reply
        .type("text/html")
        .send(html(checkoutPage(standIn.get(request.params.id, "checkout.session"))));
    } catch {
      return reply
        .code(404)
        .type("text/html")
        .send(sandboxPage("Not found", "<p>No such checkout session.</p>"));
    }
  });

  app.post<P & { Body: { card?: string } }>(
    "/sandbox/stripe/checkout/:id",
    async (request, reply) => {
      try {
        const next = standIn.paySession(request.params.id, request.body?.card ?? "");
        await standIn.idle(); // the webhook lands before the browser is back, as usual with Stripe
        return reply.redirect(next, 303);
      } catch (err) {
        if (!(err instanceof StandInError)) throw err;
        const session = standIn.get(request.params.id, "checkout.session");
        return reply.code(err.status).type("text/html").send(checkoutPage(session, err.message));
      }
    },
  );

  app.get("/sandbox/stripe", async (_request, reply) =>
    reply.type("text/html").send(dashboard(standIn)),
  );

  app.post<{ Params: { id: string; action: string } }>(
    "/sandbox/stripe/subscriptions/:id/:action",
    async (request, reply) => {
      const { id, action } = request.params;
      if (action === "renew") standIn.renew(id);
      else if (action === "fail") standIn.failPayment(id);
      else if (action === "cancel") standIn.cancelSubscription(id);
      else return reply.code(404).send({ error: "Unknown action" });
      await standIn.idle();
      return reply.redirect("/sandbox/stripe", 303);
    },
  );

  app.post<P>("/sandbox/stripe/charges/:id/refund", async (request, reply) => {
    standIn.refund({ charge: request.params.id });
    await standIn.idle();
    return reply.redirect("/sandbox/stripe", 303);
  });
}
