// Email verification (texts in contracts' messages.ts): send the link, then 'I've Verified' asks the
// server; anything but success reads 'Your email does not seem to be verified!'.
import { Constants } from "@studio/contracts";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { ApiError, api } from "../../api/api-client.ts";
import { IconHero } from "../../modals/IconHero.tsx";
import { Modal } from "../../modals/Modal.tsx";
import { useModal } from "../../modals/use-modal.ts";
import { useSession } from "../../session/use-session.ts";
import { Button } from "../../ui/Button.tsx";
import { MailIcon } from "../../ui/icons.tsx";

type Status = { kind: "ok" | "error"; text: string } | null;

export function EmailVerificationModal() {
  const { t } = useTranslation("auth");
  const { session, patch, refresh } = useSession();
  const modal = useModal();
  const [status, setStatus] = useState<Status>(null);
  const [busy, setBusy] = useState<"send" | "check" | null>(null);
  const [done, setDone] = useState(false);

  const send = async () => {
    setBusy("send");
    try {
      const res = await api.sendEmailVerification(session.userEmail, session.token);
      if (res && res.success === false) throw new ApiError(500, "");
      setStatus({ kind: "ok", text: t("verify.sent") });
    } catch (err) {
      const error = err instanceof ApiError ? err.error : String(err);
      setStatus({ kind: "error", text: t("verify.sendFailed", { error }) });
    } finally {
      setBusy(null);
    }
  };

  const check = async () => {
    setBusy("check");
    try {
      const res = await api.getEmailVerified(session.userId);
      if (!res.success) throw new Error("not verified");
      patch({ emailVerified: true, credits: res.credits });
      void refresh();
      setDone(true);
      setStatus({ kind: "ok", text: t("verify.success") });
    } catch {
      setStatus({ kind: "error", text: t("verify.notVerified") });
    } finally {
      setBusy(null);
    }
  };

  return (
    <Modal
      onClose={modal.close}
      title={t("verify.title")}
      description={t("verify.description", {
        email: session.userEmail,
        count: Constants.emailVerificationReward,
      })}
      testId="email-verification-modal"
      hero={
        <IconHero
          icon={MailIcon}
          tint="bg-gradient-to-br from-indigo-100 to-sky-100 text-indigo-600"
        />
      }
    >
      {status && (
        <p
          role={status.kind === "error" ? "alert" : "status"}
          data-testid="verify-status"
          className={`mb-4 rounded-xl px-4 py-3 text-sm ${status.kind === "error" ? "bg-rose-50 text-rose-800" : "bg-emerald-50 text-emerald-800"}`}
        >
          {status.text}
        </p>
      )}
      {done ? (
        <Button className="w-full" onClick={modal.close}>
          {t("verify.done")}
        </Button>
      ) : (
        <div className="flex flex-col gap-3 sm:flex-row">
          <Button
            variant="secondary"
            className="flex-1"
            onClick={send}
            disabled={busy !== null}
            data-testid="verify-send"
          >
            {t("verify.send")}
          </Button>
          <Button
            className="flex-1"
            onClick={check}
            disabled={busy !== null}
            data-testid="verify-check"
          >
            {t("verify.check")}
          </Button>
        </div>
      )}
    </Modal>
  );
}
