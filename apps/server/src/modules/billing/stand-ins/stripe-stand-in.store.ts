// The Stripe stand-in's state and operations: customers, coupons, Checkout Sessions,
// subscriptions, invoices, charges and refunds, shaped like Stripe's objects (API version
// 2026: a subscription's period lives on its items). Each change emits the events Stripe
// would send, signed with the endpoint secret and delivered to the app. Kept in a JSON file
// under DATA_DIR so `make start` survives a restart.
import { randomBytes } from "node:crypto";
import { existsSync, readFileSync, writeFileSync } from "node:fs";
import { type FormValue, pick } from "./form-decode.ts";
import { stripeSignatureHeader } from "./stand-in-signing.ts";

type Obj = Record<string, unknown> & { id: string };
export type Deliver = (payload: string, signature: string) => Promise<void>;

const DAY = 86_400;
export const TestCards = { ok: "4242424242424242", declined: "4000000000000002" } as const;

export class StandInError extends Error {
  constructor(
    readonly status: number,
    message: string,
    readonly code = "resource_missing",
  ) {
    super(message);
  }
}

interface State {
  objects: Record<string, Obj>;
}

export class StripeStandIn {
  private state: State = { objects: {} };
  private pending: Promise<unknown>[] = [];
  /** Tests set this to keep events instead of sending them, then deliver them in any order. */
  hold = false;
  readonly held: { payload: string; signature: string }[] = [];
  private idempotent = new Map<string, unknown>();

  constructor(
    readonly opts: {
      apiKey: string;
      webhookSecret: string;
      /** where the hosted checkout page is served, e.g. http://localhost:8080/sandbox/stripe */
      pagesBase: string;
      deliver: Deliver;
      now: () => number;
      file?: string;
    },
  ) {
    if (opts.file && existsSync(opts.file)) {
      this.state = JSON.parse(readFileSync(opts.file, "utf8")) as State;
    }
  }

  private save() {
    if (this.opts.file) writeFileSync(this.opts.file, JSON.stringify(this.state));
  }

  private nowSec() {
    return Math.floor(this.opts.now() / 1000);
  }

  private put<T extends Obj>(o: T): T {
    this.state.objects[o.id] = o;
    this.save();
    return o;
  }

  get(id: string, object?: string): Obj {
    const o = this.state.objects[id];
    if (!o || (object && o.object !== object)) {
      throw new StandInError(404, `No such ${object ?? "object"}: '${id}'`);
    }
    return o;
  }

  list(object: string): Obj[] {
    return Object.values(this.state.objects).filter((o) => o.object === object);
  }

  /** Same Idempotency-Key → the first answer, as Stripe does for 24 hours. */
  once<T>(key: string | undefined, run: () => T): T {
    if (!key) return run();
    if (this.idempotent.has(key)) return this.idempotent.get(key) as T;
    const out = run();
    this.idempotent.set(key, out);
    return out;
  }

  /** Resolves when every event sent so far has been delivered (tests wait on it). */
  async idle(): Promise<void> {
    while (this.pending.length) await Promise.allSettled(this.pending.splice(0));
  }

  /**
   * The stand-in's pages live on the app itself: a session's page is on the origin its success
   * link returns to (the seller's, chosen among the allowed ones), so the seller stays on the
   * address they opened the app at.
   */
  private pagesOn(successUrl: FormValue | undefined): string {
    if (typeof successUrl !== "string") return this.opts.pagesBase;
    try {
      return `${new URL(successUrl).origin}/sandbox/stripe`;
    } catch {
      return this.opts.pagesBase;
    }
  }

  private id(prefix: string) {
    return `${prefix}_test_${randomBytes(12).toString("hex")}`;
  }

  private emit(type: string, object: Obj) {
    const event = {
      id: this.id("evt"),
      object: "event",
      type,
      created: this.nowSec(),
      livemode: false,
      api_version: "2026-10-28.endive",
      data: { object: structuredClone(object) },
    };
    const payload = JSON.stringify(event);
    const signature = stripeSignatureHeader(payload, this.opts.webhookSecret, this.nowSec());
    if (this.hold) {
      this.held.push({ payload, signature });
      return;
    }
    // Stripe sends after answering; so does the stand-in.
    this.pending.push(
      new Promise((r) => setImmediate(r)).then(() => this.opts.deliver(payload, signature)),
    );
  }

  createCustomer(body: Record<string, FormValue>): Obj {
    return this.put({
      id: this.id("cus"),
      object: "customer",
      email: body.email ?? null,
      metadata: body.metadata ?? {},
    });
  }

  createCoupon(body: Record<string, FormValue>): Obj {
    const id = typeof body.id === "string" ? body.id : this.id("coupon");
    if (this.state.objects[id])
      throw new StandInError(400, `Coupon ${id} already exists`, "resource_already_exists");
    return this.put({
      id,
      object: "coupon",
      percent_off: Number(body.percent_off ?? 0),
      duration: body.duration ?? "once",
      name: body.name ?? null,
    });
  }

  createSession(body: Record<string, FormValue>): Obj {
    const mode = body.mode;
    if (mode !== "payment" && mode !== "subscription") {
      throw new StandInError(400, "mode must be payment or subscription", "parameter_invalid");
    }
    const item = pick(body, "line_items.0") as Record<string, FormValue> | undefined;
    const unit = Number(pick(item, "price_data.unit_amount"));
    const quantity = Number(item?.quantity ?? 1);
    if (!Number.isInteger(unit) || unit < 0) {
      throw new StandInError(
        400,
        "line_items[0][price_data][unit_amount] is required",
        "parameter_missing",
      );
    }
    const couponId = pick(body, "discounts.0.coupon") as string | undefined;
    const percent = couponId ? Number(this.get(couponId, "coupon").percent_off) : 0;
    const subtotal = unit * quantity;
    const discount = Math.round((subtotal * percent) / 100);
    const id = this.id("cs");
    return this.put({
      id,
      object: "checkout.session",
      mode,
      status: "open",
      payment_status: "unpaid",
      url: `${this.pagesOn(body.success_url)}/checkout/${id}`,
      client_reference_id: body.client_reference_id ?? null,
      customer: body.customer ?? null,
      metadata: body.metadata ?? {},
      currency: pick(item, "price_data.currency") ?? "usd",
      amount_subtotal: subtotal,
      amount_total: subtotal - discount,
      line_item: item ?? {},
      discounts: couponId ? [{ coupon: couponId }] : [],
      subscription_data: body.subscription_data ?? {},
      success_url: body.success_url ?? null,
      cancel_url: body.cancel_url ?? null,
      subscription: null,
      invoice: null,
      payment_intent: null,
      expires_at: this.nowSec() + DAY,
    });
  }

  /** The hosted page's Pay button. Answers where to send the browser, or throws on a decline. */
  paySession(id: string, cardNumber: string): string {
    const s = this.get(id, "checkout.session");
    if (s.status !== "open")
      throw new StandInError(400, "This checkout session is no longer open.", "session_closed");
    const card = cardNumber.replace(/\s+/g, "");
    if (card === TestCards.declined)
      throw new StandInError(402, "Your card was declined.", "card_declined");
    if (card !== TestCards.ok) {
      throw new StandInError(
        402,
        "Use a test card: 4242 4242 4242 4242 (or 4000 0000 0000 0002 to decline).",
        "incorrect_number",
      );
    }
    const amount = Number(s.amount_total);
    if (s.mode === "subscription") {
      const interval = String(
        pick(s.line_item as FormValue, "price_data.recurring.interval") ?? "month",
      );
      const start = this.nowSec();
      const sub = this.put({
        id: this.id("sub"),
        object: "subscription",
        status: "active",
        customer: s.customer,
        metadata: (s.subscription_data as Record<string, unknown>).metadata ?? {},
        cancel_at_period_end: false,
        canceled_at: null,
        ended_at: null,
        interval,
        amount,
        currency: s.currency,
        items: { object: "list", data: [this.item(start, interval)] },
        latest_invoice: null,
      });
      const invoice = this.invoice(sub, amount);
      Object.assign(s, { subscription: sub.id, invoice: invoice.id });
    } else {
      const charge = this.charge(amount, String(s.currency), s.customer);
      s.payment_intent = charge.payment_intent;
    }
    Object.assign(s, { status: "complete", payment_status: "paid" });
    this.put(s);
    this.emit("checkout.session.completed", s);
    if (s.subscription) {
      const sub = this.get(String(s.subscription));
      this.emit("customer.subscription.created", sub);
      this.emit("invoice.paid", this.get(String(sub.latest_invoice)));
    }
    return String(s.success_url ?? "/").replace("{CHECKOUT_SESSION_ID}", id);
  }

  private item(start: number, interval: string) {
    const length = interval === "year" ? 365 * DAY : 30 * DAY;
    return {
      id: this.id("si"),
      object: "subscription_item",
      current_period_start: start,
      current_period_end: start + length,
    };
  }

  private charge(amount: number, currency: string, customer: unknown): Obj {
    const pi = this.put({
      id: this.id("pi"),
      object: "payment_intent",
      amount,
      currency,
      status: "succeeded",
      customer,
    });
    return this.put({
      id: this.id("ch"),
      object: "charge",
      amount,
      currency,
      customer,
      payment_intent: pi.id,
      paid: true,
      refunded: false,
      amount_refunded: 0,
      created: this.nowSec(),
    });
  }

  private invoice(sub: Obj, amount: number): Obj {
    const charge = this.charge(amount, String(sub.currency), sub.customer);
    const item = (
      sub.items as { data: { current_period_end: number; current_period_start: number }[] }
    ).data[0];
    const invoice = this.put({
      id: this.id("in"),
      object: "invoice",
      status: "paid",
      customer: sub.customer,
      amount_paid: amount,
      currency: sub.currency,
      period_start: item?.current_period_start,
      period_end: item?.current_period_end,
      parent: {
        type: "subscription_details",
        subscription_details: { subscription: sub.id, metadata: sub.metadata },
      },
      charge: charge.id,
      payment_intent: charge.payment_intent,
      billing_reason: sub.latest_invoice ? "subscription_cycle" : "subscription_create",
    });
    sub.latest_invoice = invoice.id;
    this.put(sub);
    return invoice;
  }

  /** Sandbox control: the next period is paid (Stripe's renewal). */
  renew(subId: string): void {
    const sub = this.get(subId, "subscription");
    if (sub.status === "canceled")
      throw new StandInError(400, "A canceled subscription cannot renew.", "subscription_canceled");
    const items = sub.items as { data: { current_period_end: number }[] };
    const end = items.data[0]?.current_period_end ?? this.nowSec();
    items.data = [this.item(end, String(sub.interval))];
    sub.status = "active";
    this.emit("invoice.paid", this.invoice(sub, Number(sub.amount)));
    this.emit("customer.subscription.updated", this.put(sub));
  }

  /** Sandbox control: the renewal charge fails; Stripe marks the subscription past_due. */
  failPayment(subId: string): void {
    const sub = this.get(subId, "subscription");
    const failed = this.put({
      id: this.id("in"),
      object: "invoice",
      status: "open",
      customer: sub.customer,
      amount_paid: 0,
      amount_due: sub.amount,
      currency: sub.currency,
      parent: {
        type: "subscription_details",
        subscription_details: { subscription: sub.id, metadata: sub.metadata },
      },
      billing_reason: "subscription_cycle",
    });
    sub.status = "past_due";
    this.emit("invoice.payment_failed", failed);
    this.emit("customer.subscription.updated", this.put(sub));
  }

  updateSubscription(subId: string, body: Record<string, FormValue>): Obj {
    const sub = this.get(subId, "subscription");
    if (body.cancel_at_period_end !== undefined) {
      if (sub.status === "canceled")
        throw new StandInError(400, "This subscription is canceled.", "subscription_canceled");
      sub.cancel_at_period_end = body.cancel_at_period_end === "true";
    }
    if (body.metadata) sub.metadata = { ...(sub.metadata as object), ...(body.metadata as object) };
    this.emit("customer.subscription.updated", this.put(sub));
    return sub;
  }

  /** DELETE /v1/subscriptions/:id, or the end of a period that was set to cancel. */
  cancelSubscription(subId: string): Obj {
    const sub = this.get(subId, "subscription");
    if (sub.status === "canceled") return sub;
    Object.assign(sub, { status: "canceled", canceled_at: this.nowSec(), ended_at: this.nowSec() });
    this.emit("customer.subscription.deleted", this.put(sub));
    return sub;
  }

  refund(body: Record<string, FormValue>): Obj {
    const charge =
      typeof body.charge === "string"
        ? this.get(body.charge, "charge")
        : this.list("charge").find((c) => c.payment_intent === body.payment_intent);
    if (!charge) throw new StandInError(404, "No such charge");
    if (charge.refunded)
      throw new StandInError(
        400,
        `Charge ${charge.id} has already been refunded.`,
        "charge_already_refunded",
      );
    Object.assign(charge, { refunded: true, amount_refunded: charge.amount });
    this.put(charge);
    const refund = this.put({
      id: this.id("re"),
      object: "refund",
      charge: charge.id,
      payment_intent: charge.payment_intent,
      amount: charge.amount,
      status: "succeeded",
    });
    this.emit("charge.refunded", charge);
    return refund;
  }
}
