// What a person sees of the WeChat Pay stand-in, under /sandbox/wechat: the "scanned with the
// phone" page that pays an order's code_url, and a list of orders with a Refund button.
import type { FastifyInstance } from "fastify";
import { acceptFormPosts, escapeHtml as e, sandboxPage } from "./sandbox-page.ts";
import type { WechatStandIn } from "./wechat-stand-in.ts";

const yuan = (fen: number) => `¥${Math.trunc(fen / 100)}.${String(fen % 100).padStart(2, "0")}`;

export async function wechatStandInPages(app: FastifyInstance, opts: { standIn: WechatStandIn }) {
  const { standIn } = opts;
  acceptFormPosts(app);

  app.get<{ Querystring: { code?: string } }>("/sandbox/wechat/pay", async (request, reply) => {
    const order = standIn.byCode(String(request.query.code ?? ""));
    if (!order) {
      return reply
        .code(404)
        .type("text/html")
        .send(sandboxPage("WeChat Pay", "<p>No such order.</p>"));
    }
    const paid = order.trade_state !== "NOTPAY";
    return reply.type("text/html").send(
      sandboxPage(
        "WeChat Pay (test mode)",
        `<div class="card"><h1>微信支付 WeChat Pay</h1><p>${e(order.description)}</p>
<p><strong>${yuan(order.amount.total)}</strong></p>
${paid ? `<p role="status">Order state: ${e(order.trade_state)}. You can close this tab.</p>` : `<form method="post"><input type="hidden" name="code" value="${e(order.code)}"><button type="submit">确认支付 Pay ${yuan(order.amount.total)}</button></form>`}
<p class="muted">This page stands in for scanning the QR code with WeChat.</p></div>`,
      ),
    );
  });

  app.post<{ Body: { code?: string } }>("/sandbox/wechat/pay", async (request, reply) => {
    const code = String(request.body?.code ?? "");
    if (!standIn.byCode(code)) return reply.code(404).send({ error: "No such order" });
    standIn.pay(code);
    await standIn.idle();
    return reply.redirect(`/sandbox/wechat/pay?code=${encodeURIComponent(code)}`, 303);
  });

  app.get("/sandbox/wechat", async (_request, reply) => {
    const rows = [...standIn.orders.values()]
      .reverse()
      .map(
        (
          o,
        ) => `<tr><td>${e(o.out_trade_no)}<br><span class="muted">${e(o.description)}</span></td><td>${yuan(o.amount.total)}<br>${e(o.trade_state)}</td>
<td>${o.trade_state === "SUCCESS" ? `<form method="post" action="/sandbox/wechat/orders/${e(o.out_trade_no)}/refund"><button class="secondary">Refund</button></form>` : ""}</td></tr>`,
      )
      .join("");
    return reply
      .type("text/html")
      .send(
        sandboxPage(
          "WeChat Pay stand-in",
          `<h1>WeChat Pay stand-in</h1><div class="card"><table><tbody>${rows || "<tr><td>No orders yet.</td></tr>"}</tbody></table></div>`,
        ),
      );
  });

  app.post<{ Params: { no: string } }>(
    "/sandbox/wechat/orders/:no/refund",
    async (request, reply) => {
      try {
        standIn.refund(request.params.no);
      } catch (err) {
        return reply.code(400).send({ error: (err as Error).message });
      }
      await standIn.idle();
      return reply.redirect("/sandbox/wechat", 303);
    },
  );
}
