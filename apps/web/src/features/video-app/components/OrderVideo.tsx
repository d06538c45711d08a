// The made-to-order product video: the form (brief, the product photos chosen above, style,
// formats, deadline) with the seller's price, and the orders with their status and, once
// delivered, a download link. Paid through checkout once billing exists (decision 0801).
import {
  VIDEO_ORDER_MIN_DAYS,
  type VideoOrder,
  VideoOrderFormats,
  type VideoOrderPrice,
  VideoOrderStyles,
} from "@studio/contracts";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { RefusalNote } from "./RefusalNote.tsx";

const money = (cents: number, lng: string) =>
  new Intl.NumberFormat(lng, { style: "currency", currency: "USD" }).format(cents / 100);

function earliestDeadline(now = new Date()): string {
  const d = new Date(
    Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate() + VIDEO_ORDER_MIN_DAYS),
  );
  return d.toISOString().slice(0, 10);
}

export interface OrderInput {
  brief: string;
  style: (typeof VideoOrderStyles)[number];
  formats: (typeof VideoOrderFormats)[number][];
  deadline: string;
}

export function OrderVideo({
  price,
  photos,
  orders,
  busy,
  error,
  onOrder,
}: {
  price: VideoOrderPrice | undefined;
  photos: number;
  orders: VideoOrder[];
  busy: boolean;
  error: string | null;
  onOrder: (o: OrderInput) => Promise<boolean>;
}) {
  const { t, i18n } = useTranslation("video-app");
  const [brief, setBrief] = useState("");
  const [style, setStyle] = useState<OrderInput["style"]>("lifestyle");
  const [formats, setFormats] = useState<OrderInput["formats"]>(["9:16"]);
  const [deadline, setDeadline] = useState(earliestDeadline());
  const valid =
    brief.trim().length >= 10 && photos > 0 && formats.length > 0 && deadline >= earliestDeadline();
  return (
    <section
      className="rounded-3xl bg-white p-4 shadow-sm ring-1 ring-slate-200 sm:p-6"
      data-testid="order-section"
    >
      <div className="flex flex-wrap items-baseline justify-between gap-2">
        <h2 className="text-lg font-bold">{t("order.title")}</h2>
        {price && (
          <p className="text-sm" data-testid="order-price">
            {price.discount ? (
              <>
                <s className="text-slate-400">{money(price.listPriceCents, i18n.language)}</s>{" "}
                <strong className="text-emerald-700">
                  {money(price.priceCents, i18n.language)}
                </strong>{" "}
                <span className="text-emerald-700">{t("order.inviteDiscount")}</span>
              </>
            ) : (
              <strong>{money(price.priceCents, i18n.language)}</strong>
            )}
          </p>
        )}
      </div>
      <p className="mt-1 text-sm text-slate-600">{t("order.subtitle")}</p>
      <form
        className="mt-4 space-y-4"
        onSubmit={async (e) => {
          e.preventDefault();
          if (valid && (await onOrder({ brief: brief.trim(), style, formats, deadline })))
            setBrief("");
        }}
      >
        <label className="block">
          <span className="text-sm font-semibold text-slate-700">{t("order.brief")}</span>
          <textarea
            required
            minLength={10}
            maxLength={4000}
            rows={4}
            value={brief}
            onChange={(e) => setBrief(e.target.value)}
            placeholder={t("order.briefPlaceholder")}
            className="mt-2 w-full rounded-xl border-0 px-3 py-2 text-sm ring-1 ring-slate-300 focus:ring-2 focus:ring-indigo-500"
            data-testid="order-brief"
          />
        </label>
        <p className="text-sm text-slate-600">
          {photos > 0 ? t("order.photos", { count: photos }) : t("order.needPhoto")}
        </p>
        <div className="grid gap-4 sm:grid-cols-3">
          <label className="block">
            <span className="text-sm font-semibold text-slate-700">{t("order.style")}</span>
            <select
              value={style}
              onChange={(e) => setStyle(e.target.value as OrderInput["style"])}
              className="mt-2 w-full rounded-xl border-0 px-3 py-2 text-sm ring-1 ring-slate-300"
            >
              {VideoOrderStyles.map((s) => (
                <option key={s} value={s}>
                  {t(`order.styles.${s}`)}
                </option>
              ))}
            </select>
          </label>
          <fieldset>
            <legend className="text-sm font-semibold text-slate-700">{t("order.formats")}</legend>
            <div className="mt-2 flex flex-wrap gap-3 text-sm">
              {VideoOrderFormats.map((f) => (
                <label key={f} className="flex items-center gap-1.5">
                  <input
                    type="checkbox"
                    checked={formats.includes(f)}
                    onChange={(e) =>
                      setFormats(
                        e.target.checked ? [...formats, f] : formats.filter((x) => x !== f),
                      )
                    }
                  />
                  {f}
                </label>
              ))}
            </div>
          </fieldset>
          <label className="block">
            <span className="text-sm font-semibold text-slate-700">{t("order.deadline")}</span>
            <input
              type="date"
              min={earliestDeadline()}
              value={deadline}
              onChange={(e) => setDeadline(e.target.value)}
              className="mt-2 w-full rounded-xl border-0 px-3 py-2 text-sm ring-1 ring-slate-300"
              data-testid="order-deadline"
            />
          </label>
        </div>
        <RefusalNote error={error} />
        <button
          type="submit"
          disabled={!valid || busy}
          className="rounded-2xl bg-emerald-600 px-5 py-2.5 font-bold text-white hover:bg-emerald-500 disabled:cursor-not-allowed disabled:opacity-50"
          data-testid="order-submit"
        >
          {t("order.submit")}
        </button>
      </form>
      {orders.length > 0 && (
        <ul className="mt-6 divide-y divide-slate-100" data-testid="order-list">
          {orders.map((o) => (
            <li key={o.id} className="flex flex-wrap items-center gap-2 py-3 text-sm">
              <span className="font-semibold">{t(`order.status.${o.status}`)}</span>
              <span className="text-slate-500">
                {t("order.due", { date: o.deadline })} · {money(o.priceCents, i18n.language)} ·{" "}
                {o.paymentStatus === "paid" ? t("order.paid") : t("order.unpaid")}
              </span>
              {o.paymentStatus !== "paid" && (
                <button
                  type="button"
                  onClick={() =>
                    window.open(
                      `/stripe-checkout?type=VIDEO_ORDER&orderId=${encodeURIComponent(o.id)}`,
                      "_blank",
                      "noopener",
                    )
                  }
                  className="ms-auto rounded-lg bg-indigo-600 px-3 py-1.5 font-semibold text-white hover:bg-indigo-500"
                  data-testid="order-pay"
                >
                  {t("order.pay")}
                </button>
              )}
              {o.downloadUrl && (
                <a
                  href={o.downloadUrl}
                  className="ms-auto rounded-lg bg-slate-900 px-3 py-1.5 font-semibold text-white"
                >
                  {t("download")}
                </a>
              )}
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
