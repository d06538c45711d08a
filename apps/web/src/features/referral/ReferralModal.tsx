// Referral modal: invite friends by email; the referrer gets 30% cashback, the friend 10% off.
import { type FormEvent, useState } from "react";
import { useTranslation } from "react-i18next";
import { track } from "../../analytics/analytics.ts";
import { ApiError, api } from "../../api/api-client.ts";
import { IconHero } from "../../modals/IconHero.tsx";
import { Modal } from "../../modals/Modal.tsx";
import { useModal } from "../../modals/use-modal.ts";
import { useSession } from "../../session/use-session.ts";
import { Button } from "../../ui/Button.tsx";
import { GiftIcon } from "../../ui/icons.tsx";
import { inputClass } from "../auth/index.ts";
import { MAX_INVITES, parseInvites } from "./referral.ts";

export function ReferralModal() {
  const { t } = useTranslation("modals");
  const { session } = useSession();
  const modal = useModal();
  const [status, setStatus] = useState<{ ok: boolean; text: string } | null>(null);
  const [busy, setBusy] = useState(false);
  const shareLink = `${window.location.origin}/?ref=${encodeURIComponent(session.userEmail)}`;

  const onSubmit = async (e: FormEvent<HTMLFormElement>) => {
    e.preventDefault();
    const form = e.currentTarget;
    if (!session.loggedIn) {
      track("blocked no login", { action: "referral" });
      modal.open("login", { mode: "login" });
      return;
    }
    const parsed = parseInvites(String(new FormData(form).get("emails") ?? ""));
    if (!parsed.ok) {
      setStatus({
        ok: false,
        text: t(`referral.${parsed.reason}`, { email: parsed.bad, max: MAX_INVITES }),
      });
      return;
    }
    setBusy(true);
    try {
      await api.sendReferralEmail(session.userName, session.userEmail, parsed.emails.join(","));
      setStatus({ ok: true, text: t("referral.sent", { count: parsed.emails.length }) });
      form.reset();
    } catch (err) {
      setStatus({
        ok: false,
        text: err instanceof ApiError && err.error ? err.error : t("referral.failed"),
      });
    } finally {
      setBusy(false);
    }
  };

  return (
    <Modal
      onClose={modal.close}
      title={t("referral.title")}
      description={t("referral.description")}
      testId="referral-modal"
      hero={
        <IconHero
          icon={GiftIcon}
          tint="bg-gradient-to-br from-fuchsia-100 to-pink-100 text-fuchsia-600"
        />
      }
    >
      <form onSubmit={onSubmit} className="space-y-4">
        <label className="block text-sm font-medium text-slate-700">
          {t("referral.label")}
          <textarea
            name="emails"
            rows={3}
            className={inputClass}
            placeholder={t("referral.placeholder")}
          />
        </label>
        {status && (
          <p
            role={status.ok ? "status" : "alert"}
            className={`text-sm ${status.ok ? "text-emerald-700" : "text-rose-700"}`}
          >
            {status.text}
          </p>
        )}
        <Button type="submit" className="w-full" disabled={busy}>
          {t("referral.send")}
        </Button>
      </form>
      {session.loggedIn && (
        <div className="mt-5 rounded-xl bg-slate-50 p-3 text-xs text-slate-600">
          <p className="font-medium text-slate-800">{t("referral.linkLabel")}</p>
          <p className="mt-1 break-all font-mono">{shareLink}</p>
        </div>
      )}
    </Modal>
  );
}
