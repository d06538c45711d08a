// Webhooks on the account page: register an endpoint (URL and events; its signing secret to
// copy), remove it, and look at its deliveries — each attempt with the receiver's answer —
// with a button to send one again.
import {
  type WebhookDelivery,
  type WebhookEndpoint,
  type WebhookEventType,
  WebhookEventTypes,
} from "@studio/contracts";
import { type FormEvent, useCallback, useEffect, useState } from "react";
import { useTranslation } from "react-i18next";
import { Button } from "../../ui/Button.tsx";
import { CopyButton } from "./CopyButton.tsx";
import { developerApi } from "./developer-api.ts";
import { useDateTime } from "./use-date-time.ts";

const EVENTS: readonly WebhookEventType[] = WebhookEventTypes;
const input = "w-full rounded-xl border border-slate-300 px-3 py-2 text-sm";
const badge: Record<WebhookDelivery["status"], string> = {
  delivered: "bg-emerald-50 text-emerald-800 ring-emerald-200",
  pending: "bg-amber-50 text-amber-800 ring-amber-200",
  failed: "bg-rose-50 text-rose-800 ring-rose-200",
};

function Deliveries({
  endpoint,
  onError,
}: {
  endpoint: WebhookEndpoint;
  onError: (e: unknown) => void;
}) {
  const { t } = useTranslation("account");
  const when = useDateTime();
  const [list, setList] = useState<WebhookDelivery[] | null>(null);
  const load = useCallback(
    () => developerApi.deliveries(endpoint.id).then((r) => setList(r.deliveries), onError),
    [endpoint.id, onError],
  );
  useEffect(() => {
    load();
  }, [load]);
  if (!list) return <p className="py-2 text-sm text-slate-500">{t("loading")}</p>;
  if (list.length === 0)
    return <p className="py-2 text-sm text-slate-500">{t("hooks.noDeliveries")}</p>;
  return (
    <ul className="mt-2 space-y-2" data-testid="delivery-list">
      {list.map((d) => {
        const last = d.tries.at(-1);
        return (
          <li key={d.id} className="rounded-xl bg-slate-50 p-3 text-sm ring-1 ring-slate-200">
            <div className="flex flex-wrap items-center gap-2">
              <span className="font-mono text-xs">{d.type}</span>
              <span
                className={`rounded-full px-2 py-0.5 text-xs font-medium ring-1 ${badge[d.status]}`}
              >
                {t(`hooks.status.${d.status}`)}
              </span>
              <span className="text-xs text-slate-500">{when(d.createdAt)}</span>
              <Button
                variant="secondary"
                className="ml-auto px-3 py-1"
                disabled={d.status === "pending"}
                onClick={() => developerApi.resend(d.id).then(load, onError)}
              >
                {t("hooks.resend")}
              </Button>
            </div>
            <p className="mt-1 text-xs text-slate-600">
              {t("hooks.attempts", { count: d.attempts })}
              {d.nextAttemptAt && d.status === "pending"
                ? ` · ${t("hooks.next", { when: when(d.nextAttemptAt) })}`
                : ""}
            </p>
            {last && (
              <details className="mt-1">
                <summary className="cursor-pointer text-xs text-slate-700">
                  {last.responseStatus !== null
                    ? t("hooks.answered", { status: last.responseStatus, ms: last.durationMs })
                    : t("hooks.noAnswer", { error: last.error ?? "" })}
                </summary>
                <ol className="mt-1 space-y-1">
                  {d.tries.map((a) => (
                    <li key={a.n} className="text-xs text-slate-600">
                      #{a.n} {when(a.at)} — {a.responseStatus ?? a.error}
                      {a.responseBody ? (
                        <pre className="mt-0.5 max-h-24 overflow-auto whitespace-pre-wrap break-all rounded bg-white p-1.5 font-mono text-[11px] ring-1 ring-slate-200">
                          {a.responseBody}
                        </pre>
                      ) : null}
                    </li>
                  ))}
                </ol>
              </details>
            )}
          </li>
        );
      })}
    </ul>
  );
}

export function WebhooksPanel({ onError }: { onError: (err: unknown) => void }) {
  const { t } = useTranslation("account");
  const [endpoints, setEndpoints] = useState<WebhookEndpoint[] | null>(null);
  const [url, setUrl] = useState("");
  const [events, setEvents] = useState<WebhookEventType[]>([...EVENTS]);
  const [open, setOpen] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  const load = useCallback(
    () => developerApi.webhooks().then((r) => setEndpoints(r.endpoints), onError),
    [onError],
  );
  useEffect(() => {
    load();
  }, [load]);

  const add = async (e: FormEvent) => {
    e.preventDefault();
    setBusy(true);
    try {
      const made = await developerApi.createWebhook(url.trim(), events);
      setUrl("");
      setOpen(made.id);
      await load();
    } catch (err) {
      onError(err);
    } finally {
      setBusy(false);
    }
  };

  return (
    <section
      aria-labelledby="webhooks-title"
      className="rounded-2xl bg-white p-4 ring-1 ring-slate-200 sm:p-6"
    >
      <h2 id="webhooks-title" className="text-lg font-semibold">
        {t("hooks.title")}
      </h2>
      <p className="mt-1 text-sm text-slate-600">{t("hooks.intro")}</p>

      <form onSubmit={add} className="mt-4 space-y-3">
        <label className="block text-sm font-medium text-slate-700">
          {t("hooks.url")}
          <input
            className={`${input} mt-1`}
            type="url"
            required
            value={url}
            placeholder={t("hooks.urlPlaceholder")}
            onChange={(e) => setUrl(e.target.value)}
            data-testid="hook-url"
          />
        </label>
        <fieldset className="flex flex-wrap gap-x-4 gap-y-1 text-sm">
          <legend className="sr-only">{t("hooks.events")}</legend>
          {EVENTS.map((ev) => (
            <label key={ev} className="flex items-center gap-1.5 py-1">
              <input
                type="checkbox"
                checked={events.includes(ev)}
                onChange={(e) =>
                  setEvents((now) =>
                    e.target.checked ? [...now, ev] : now.filter((x) => x !== ev),
                  )
                }
              />
              <span className="font-mono text-xs">{ev}</span>
            </label>
          ))}
        </fieldset>
        <Button
          type="submit"
          disabled={busy || !url.trim() || events.length === 0}
          data-testid="add-hook"
        >
          {t("hooks.add")}
        </Button>
      </form>

      <ul className="mt-4 space-y-3" data-testid="hook-list">
        {endpoints?.length === 0 && <li className="text-sm text-slate-500">{t("hooks.none")}</li>}
        {endpoints?.map((h) => (
          <li key={h.id} className="rounded-xl p-3 ring-1 ring-slate-200">
            <p className="break-all font-mono text-xs text-slate-900">{h.url}</p>
            <p className="mt-1 text-xs text-slate-600">{h.events.join(", ")}</p>
            <div className="mt-2 flex items-center gap-2">
              <span className="text-xs text-slate-600">{t("hooks.secret")}</span>
              <code className="min-w-0 flex-1 truncate rounded bg-slate-50 px-2 py-1 font-mono text-xs">
                {h.secret}
              </code>
              <CopyButton text={h.secret} label={t("hooks.copySecret")} />
            </div>
            <div className="mt-2 flex flex-wrap gap-2">
              <Button
                variant="secondary"
                className="px-3 py-1.5"
                aria-expanded={open === h.id}
                onClick={() => setOpen(open === h.id ? null : h.id)}
              >
                {open === h.id ? t("hooks.hideDeliveries") : t("hooks.showDeliveries")}
              </Button>
              <Button
                variant="ghost"
                className="px-3 py-1.5 text-rose-700"
                onClick={async () => {
                  if (!window.confirm(t("hooks.removeConfirm"))) return;
                  await developerApi.deleteWebhook(h.id).then(load, onError);
                }}
              >
                {t("hooks.remove")}
              </Button>
            </div>
            {open === h.id && <Deliveries endpoint={h} onError={onError} />}
          </li>
        ))}
      </ul>
    </section>
  );
}
