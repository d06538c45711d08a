// One failed or finished generation with what an admin can do about it: Retry (failed ones:
// back through the queue) and Refund (what is left of its coins, as a ledger entry). Both ask
// for a reason first, which the server writes into the admin log with who and when.
import type { FinishedGeneration } from "@studio/contracts";
import { type FormEvent, useState } from "react";
import { useTranslation } from "react-i18next";
import { Button } from "../../ui/Button.tsx";
import { adminApi } from "./admin-api.ts";

type Action = "retry" | "refund";

export function FinishedGenerationCard({
  generation: g,
  onDone,
  onError,
}: {
  generation: FinishedGeneration;
  onDone: (message: string) => void;
  onError: (err: unknown) => void;
}) {
  const { t } = useTranslation("admin");
  const [asking, setAsking] = useState<Action | null>(null);
  const [reason, setReason] = useState("");
  const [busy, setBusy] = useState(false);
  const submit = (e: FormEvent) => {
    e.preventDefault();
    const why = reason.trim();
    if (!asking || why.length < 3 || busy) return;
    setBusy(true);
    const done =
      asking === "retry"
        ? adminApi.retry(g.id, why).then(() => t("queue.retried"))
        : adminApi.refund(g.id, why).then((r) => t("queue.refundDone", { count: r.refunded }));
    done
      .then((message) => {
        setAsking(null);
        setReason("");
        onDone(message);
      }, onError)
      .finally(() => setBusy(false));
  };
  const when = g.finishedAt ? new Date(g.finishedAt).toLocaleString() : "";
  return (
    <li className="px-3 py-3 text-sm" data-generation={g.id}>
      <div className="flex flex-wrap items-baseline justify-between gap-x-3 gap-y-1">
        <span className="min-w-0 break-all font-medium">{g.email}</span>
        <span className="text-xs text-slate-500">{when}</span>
      </div>
      <p className="mt-0.5 break-words text-slate-700">{g.prompt || "—"}</p>
      <p className="mt-0.5 text-xs text-slate-500">
        {t("queue.delivered", { delivered: g.delivered, count: g.imageCount })} ·{" "}
        {t("queue.attempts", { count: g.attempts })} ·{" "}
        {g.refundable > 0 ? t("queue.refundable", { count: g.refundable }) : t("queue.refunded")}
      </p>
      {g.status === "failed" && (
        <dl className="mt-2 grid gap-1 rounded-xl bg-rose-50 p-2 text-xs text-rose-900">
          <div>
            <dt className="inline font-semibold">{t("queue.userError")}: </dt>
            <dd className="inline break-words">{g.error ?? "—"}</dd>
          </div>
          {g.jobError && (
            <div>
              <dt className="inline font-semibold">{t("queue.jobError")}: </dt>
              <dd className="inline break-words font-mono">{g.jobError}</dd>
            </div>
          )}
        </dl>
      )}
      {asking ? (
        <form className="mt-2 flex flex-wrap gap-2" onSubmit={submit}>
          <input
            aria-label={t("queue.reason")}
            placeholder={t("queue.reason")}
            className="min-w-0 flex-1 basis-48 rounded-xl border border-slate-300 px-3 py-2 text-sm"
            value={reason}
            minLength={3}
            maxLength={500}
            required
            // biome-ignore lint/a11y/noAutofocus: the admin just asked for this form
            autoFocus
            onChange={(e) => setReason(e.target.value)}
          />
          <Button type="submit" disabled={busy || reason.trim().length < 3}>
            {asking === "retry"
              ? t("queue.confirmRetry")
              : t("queue.confirmRefund", { count: g.refundable })}
          </Button>
          <Button variant="ghost" onClick={() => setAsking(null)}>
            {t("queue.cancel")}
          </Button>
        </form>
      ) : (
        <div className="mt-2 flex flex-wrap gap-2">
          {g.status === "failed" && (
            <Button variant="secondary" className="py-1.5" onClick={() => setAsking("retry")}>
              {t("queue.retry")}
            </Button>
          )}
          <Button
            variant="secondary"
            className="py-1.5"
            disabled={g.refundable === 0}
            onClick={() => setAsking("refund")}
          >
            {t("queue.refund")}
          </Button>
        </div>
      )}
    </li>
  );
}
