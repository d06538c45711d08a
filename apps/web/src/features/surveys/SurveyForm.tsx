// The body every survey modal shares: its questions in a form, the refusal under them and a Send
// button; once sent, the thanks and a Close button. The answer goes to support as user feedback.
import { type FormEvent, type ReactNode, useState } from "react";
import { useTranslation } from "react-i18next";
import { Button } from "../../ui/Button.tsx";
import { useSendFeedback } from "../feedback/index.ts";

export function SurveyForm({
  close,
  message,
  unanswered,
  children,
}: {
  close: () => void;
  /** the text support reads, from the form's fields; "" while nothing is answered */
  message: (form: FormData) => string;
  /** what to say when Send is pressed with nothing answered */
  unanswered: string;
  children: ReactNode;
}) {
  const { t } = useTranslation("notifications");
  const { send, busy } = useSendFeedback();
  const [status, setStatus] = useState<{ ok: boolean; text: string } | null>(null);

  const onSubmit = async (e: FormEvent<HTMLFormElement>) => {
    e.preventDefault();
    const result = await send(message(new FormData(e.currentTarget)));
    if (result === "sent") setStatus({ ok: true, text: t("thanks") });
    else if (result === "empty") setStatus({ ok: false, text: unanswered });
    else if (result === "login") setStatus({ ok: false, text: t("common:pleaseLogin") });
    else setStatus({ ok: false, text: result.error || t("sendFailed") });
  };

  if (status?.ok) {
    return (
      <>
        <p role="status" className="rounded-xl bg-emerald-50 px-4 py-3 text-sm text-emerald-800">
          {status.text}
        </p>
        <Button className="mt-6 w-full" onClick={close}>
          {t("common:close")}
        </Button>
      </>
    );
  }
  return (
    <form onSubmit={onSubmit} className="space-y-4">
      {children}
      {status && (
        <p role="alert" className="text-sm text-rose-700">
          {status.text}
        </p>
      )}
      <Button type="submit" className="w-full" disabled={busy}>
        {t("send")}
      </Button>
    </form>
  );
}
