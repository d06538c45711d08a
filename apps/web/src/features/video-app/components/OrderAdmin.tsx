// For the studio's team (developer accounts): every order with its brief, moved into production
// and delivered by uploading the finished file; the seller then sees "Delivered" and a download.
import { useQuery, useQueryClient } from "@tanstack/react-query";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { ApiError } from "../../../api/api-client.ts";
import { videoApi } from "../api/video-api.ts";

const adminKey = ["video-orders-admin"] as const;

export function OrderAdmin() {
  const { t } = useTranslation("video-app");
  const client = useQueryClient();
  const orders = useQuery({ queryKey: adminKey, queryFn: videoApi.adminOrders });
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState<string | null>(null);
  const act = async (id: string, work: () => Promise<unknown>) => {
    setBusy(id);
    setError(null);
    try {
      await work();
      await client.invalidateQueries({ queryKey: adminKey });
      await client.invalidateQueries({ queryKey: ["video-orders"] });
    } catch (err) {
      setError(err instanceof ApiError && err.error ? err.error : t("errors.generic"));
    } finally {
      setBusy(null);
    }
  };
  const items = orders.data?.items ?? [];
  return (
    <section
      className="rounded-3xl bg-amber-50 p-4 ring-1 ring-amber-200 sm:p-6"
      data-testid="order-admin"
    >
      <h2 className="text-lg font-bold">{t("admin.title")}</h2>
      {error && (
        <p role="alert" className="mt-2 rounded-xl bg-rose-50 px-3 py-2 text-sm text-rose-800">
          {error}
        </p>
      )}
      {items.length === 0 ? (
        <p className="mt-2 text-sm text-slate-600">{t("admin.empty")}</p>
      ) : (
        <ul className="mt-3 space-y-3">
          {items.map((o) => (
            <li key={o.id} className="rounded-2xl bg-white p-3 text-sm ring-1 ring-amber-100">
              <div className="flex flex-wrap items-center gap-2">
                <strong>{t(`order.status.${o.status}`)}</strong>
                <span className="text-slate-600">
                  {o.customerEmail} · {t("order.due", { date: o.deadline })} ·{" "}
                  {o.formats.join(", ")} · {t(`order.styles.${o.style as "studio"}`)}
                </span>
              </div>
              <p className="mt-1 whitespace-pre-wrap text-slate-800">{o.brief}</p>
              <div className="mt-2 flex flex-wrap items-center gap-2">
                {o.status === "received" && (
                  <button
                    type="button"
                    disabled={busy === o.id}
                    onClick={() => act(o.id, () => videoApi.startProduction(o.id))}
                    className="rounded-lg bg-slate-900 px-3 py-1.5 font-semibold text-white disabled:opacity-50"
                  >
                    {t("admin.start")}
                  </button>
                )}
                <label className="cursor-pointer rounded-lg px-3 py-1.5 font-semibold ring-1 ring-slate-300 hover:bg-slate-50">
                  {o.status === "delivered" ? t("admin.replace") : t("admin.deliver")}
                  <input
                    type="file"
                    accept="video/mp4,video/quicktime,video/webm,.zip"
                    className="sr-only"
                    disabled={busy === o.id}
                    onChange={(e) => {
                      const file = e.target.files?.[0];
                      e.target.value = "";
                      if (file) void act(o.id, () => videoApi.deliver(o.id, file));
                    }}
                  />
                </label>
              </div>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
