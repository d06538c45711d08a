// /admin: the admin console (decision 0904). Admins are configured on the server (ADMIN_EMAILS);
// anyone else sees the server's refusal. Users (search, ledger, coin adjustment, block),
// the funnel and daily charts, and the log of admin actions.
import { type FormEvent, useCallback, useEffect, useState } from "react";
import { useTranslation } from "react-i18next";
import { AdminActionLog } from "../../features/admin/AdminActionLog.tsx";
import { AdminErrorScreen } from "../../features/admin/AdminErrorScreen.tsx";
import { AdminNav } from "../../features/admin/AdminNav.tsx";
import { AdminOutbox } from "../../features/admin/AdminOutbox.tsx";
import {
  type AdminAction,
  type AdminUser,
  adminApi,
  type Stats,
  type UserDetail,
} from "../../features/admin/admin-api.ts";
import { GenerationTimeCharts } from "../../features/admin/GenerationTimeCharts.tsx";
import { MaintenancePanel } from "../../features/admin/MaintenancePanel.tsx";
import { DailyBars, FunnelChart } from "../../features/admin/SvgCharts.tsx";
import { useAdminError } from "../../features/admin/use-admin-error.ts";
import { Button } from "../../ui/Button.tsx";
import { useDocumentTitle } from "../../ui/use-document-title.ts";

const input = "w-full rounded-xl border border-slate-300 px-3 py-2 text-sm";

export default function AdminPage() {
  const { t } = useTranslation("admin");
  useDocumentTitle("admin:title");
  const { error, fail } = useAdminError();
  const [stats, setStats] = useState<Stats | null>(null);
  const [query, setQuery] = useState("");
  const [users, setUsers] = useState<AdminUser[]>([]);
  const [selected, setSelected] = useState<UserDetail | null>(null);
  const [actions, setActions] = useState<AdminAction[]>([]);

  const refreshActions = useCallback(
    () => adminApi.actions().then((r) => setActions(r.actions), fail),
    [fail],
  );
  const search = useCallback(
    (q: string) => adminApi.users(q).then((r) => setUsers(r.users), fail),
    [fail],
  );
  useEffect(() => {
    adminApi.stats(30).then(setStats, fail);
    search("");
    refreshActions();
  }, [fail, search, refreshActions]);

  const open = (id: string) => adminApi.user(id).then(setSelected, fail);

  if (error) return <AdminErrorScreen title={t("title")} error={error} />;
  const days = stats?.points.map((p) => p.day) ?? [];
  const series = (k: "signups" | "generations" | "images" | "coinsSpent") =>
    stats?.points.map((p) => p[k]) ?? [];
  return (
    <div className="mx-auto max-w-6xl px-4 py-8 sm:px-6">
      <h1 className="text-2xl font-bold tracking-tight">{t("title")}</h1>
      <AdminNav />

      <section aria-labelledby="admin-growth" className="mt-6">
        <h2 id="admin-growth" className="text-lg font-semibold">
          {t("growth")}
        </h2>
        {stats && (
          <div className="mt-3 grid gap-3 lg:grid-cols-3">
            <div className="rounded-2xl bg-white p-3 ring-1 ring-slate-200">
              <p className="text-xs text-slate-600">{t("funnel.title")}</p>
              <FunnelChart
                steps={stats.funnel}
                label={(s) => t(`funnel.${s}`)}
                title={t("funnel.title")}
              />
            </div>
            <DailyBars title={t("charts.signups")} days={days} values={series("signups")} />
            <DailyBars
              title={t("charts.generations")}
              days={days}
              values={series("generations")}
              color="#8b5cf6"
            />
            <DailyBars
              title={t("charts.images")}
              days={days}
              values={series("images")}
              color="#14b8a6"
            />
            <DailyBars
              title={t("charts.coinsSpent")}
              days={days}
              values={series("coinsSpent")}
              color="#f59e0b"
            />
            <GenerationTimeCharts stats={stats} days={days} />
            {stats.revenue === null ? (
              <p className="rounded-2xl bg-white p-3 text-sm text-slate-600 ring-1 ring-slate-200">
                {t("charts.noBilling")}
              </p>
            ) : (
              <DailyBars
                title={t("charts.revenue")}
                days={days}
                values={days.map((d) =>
                  (stats.revenue ?? [])
                    .filter((r) => r.day === d)
                    .reduce((a, r) => a + r.amount, 0),
                )}
                format={(v) => (v / 100).toFixed(2)}
                color="#16a34a"
              />
            )}
          </div>
        )}
      </section>

      <section aria-labelledby="admin-users" className="mt-8 grid gap-4 lg:grid-cols-2">
        <div className="min-w-0">
          <h2 id="admin-users" className="text-lg font-semibold">
            {t("users.title")}
          </h2>
          <form
            className="mt-3 flex gap-2"
            onSubmit={(e) => {
              e.preventDefault();
              search(query.trim());
            }}
          >
            <label className="sr-only" htmlFor="admin-search">
              {t("users.search")}
            </label>
            <input
              id="admin-search"
              className={input}
              value={query}
              placeholder={t("users.search")}
              onChange={(e) => setQuery(e.target.value)}
            />
            <Button type="submit" className="shrink-0 whitespace-nowrap">
              {t("users.find")}
            </Button>
          </form>
          <ul className="mt-3 divide-y divide-slate-200 rounded-2xl bg-white ring-1 ring-slate-200">
            {users.map((u) => (
              <li key={u.id}>
                <button
                  type="button"
                  className="flex w-full items-center justify-between gap-2 px-3 py-2 text-left text-sm hover:bg-slate-50"
                  onClick={() => open(u.id)}
                >
                  <span className="min-w-0 truncate">
                    <span className="font-medium">{u.username}</span>{" "}
                    <span className="text-slate-500">{u.email}</span>
                  </span>
                  <span className="shrink-0 text-slate-700">
                    {t("users.coinCount", { count: u.balance })}
                    {u.blocked && (
                      <span className="ml-2 rounded bg-rose-100 px-1.5 text-rose-800">
                        {t("users.blocked")}
                      </span>
                    )}
                  </span>
                </button>
              </li>
            ))}
            {users.length === 0 && (
              <li className="px-3 py-2 text-sm text-slate-500">{t("users.none")}</li>
            )}
          </ul>
        </div>
        {selected && (
          <UserPanel
            detail={selected}
            onChanged={() => {
              open(selected.user.id);
              search(query.trim());
              refreshActions();
            }}
            onError={fail}
          />
        )}
      </section>

      <MaintenancePanel onChanged={refreshActions} onError={fail} />

      <AdminOutbox fail={fail} />

      <section aria-labelledby="admin-log" className="mt-8">
        <h2 id="admin-log" className="text-lg font-semibold">
          {t("log.title")}
        </h2>
        <AdminActionLog
          actions={actions}
          className="mt-3 divide-y divide-slate-200 rounded-2xl bg-white text-sm ring-1 ring-slate-200"
        />
      </section>
    </div>
  );
}

function UserPanel({
  detail,
  onChanged,
  onError,
}: {
  detail: UserDetail;
  onChanged: () => void;
  onError: (e: unknown) => void;
}) {
  const { t } = useTranslation("admin");
  const [delta, setDelta] = useState("");
  const [reason, setReason] = useState("");
  const { user } = detail;
  const adjust = (e: FormEvent) => {
    e.preventDefault();
    const n = Number(delta);
    if (!Number.isInteger(n) || n === 0 || reason.trim().length < 3) return;
    adminApi.adjust(user.id, n, reason.trim()).then(() => {
      setDelta("");
      setReason("");
      onChanged();
    }, onError);
  };
  return (
    <section
      className="rounded-2xl bg-white p-4 ring-1 ring-slate-200"
      aria-label={t("users.detail")}
    >
      <h3 className="font-semibold break-all">{user.email}</h3>
      <p className="text-sm text-slate-600">
        {t("users.balances", { coins: user.balance, diamonds: user.diamond })} ·{" "}
        {t("users.plan", { plan: detail.plan?.payment_type || t("users.noPlan") })}
      </p>
      <form className="mt-3 grid gap-2 sm:grid-cols-[6rem_1fr_auto]" onSubmit={adjust}>
        <input
          aria-label={t("users.delta")}
          className={input}
          inputMode="numeric"
          value={delta}
          placeholder={t("users.deltaPlaceholder")}
          onChange={(e) => setDelta(e.target.value)}
        />
        <input
          aria-label={t("users.reason")}
          className={input}
          value={reason}
          placeholder={t("users.reason")}
          onChange={(e) => setReason(e.target.value)}
        />
        <Button type="submit">{t("users.adjust")}</Button>
      </form>
      <div className="mt-3">
        {user.blocked ? (
          <Button
            variant="secondary"
            onClick={() => adminApi.unblock(user.id).then(onChanged, onError)}
          >
            {t("users.unblock")}
          </Button>
        ) : (
          <Button
            variant="secondary"
            onClick={() => {
              const why = reason.trim().length >= 3 ? reason.trim() : t("users.defaultBlockReason");
              adminApi.block(user.id, why).then(onChanged, onError);
            }}
          >
            {t("users.block")}
          </Button>
        )}
      </div>
      <h4 className="mt-4 text-sm font-semibold">{t("users.ledger")}</h4>
      <ul className="mt-1 max-h-64 overflow-auto text-sm">
        {detail.ledger.map((e) => (
          <li key={e.id} className="flex justify-between gap-2 border-b border-slate-100 py-1">
            <span className="min-w-0 break-words text-slate-700">{e.reason}</span>
            <span className={e.delta > 0 ? "text-emerald-700" : "text-rose-700"}>
              {e.delta > 0 ? `+${e.delta}` : e.delta} → {e.balanceAfter}
            </span>
          </li>
        ))}
      </ul>
      <h4 className="mt-4 text-sm font-semibold">{t("users.payments")}</h4>
      {detail.payments === null ? (
        <p className="text-sm text-slate-500">{t("users.noBilling")}</p>
      ) : detail.payments.length === 0 ? (
        <p className="text-sm text-slate-500">{t("users.noPayments")}</p>
      ) : (
        <ul className="text-sm">
          {detail.payments.map((p) => (
            <li key={p.id}>
              {p.plan_type} · {(p.amount / 100).toFixed(2)} {p.currency.toUpperCase()} · {p.status}
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
