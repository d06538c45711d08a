// /form: the welcome questionnaire signup leads to (feedback-form.ts holds its rules).
import { type FormEvent, useState } from "react";
import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import { useModal } from "../../modals/use-modal.ts";
import { useSession } from "../../session/use-session.ts";
import { Button, buttonClass } from "../../ui/Button.tsx";
import { useDocumentTitle } from "../../ui/use-document-title.ts";
import {
  type Answers,
  combineFeedback,
  hasAnswer,
  type QuestionKey,
  Questions,
} from "./feedback-form.ts";
import { useSendFeedback } from "./use-send-feedback.ts";

export default function FeedbackFormPage() {
  const { t } = useTranslation("feedback");
  useDocumentTitle("feedback:title");
  const { session } = useSession();
  const modal = useModal();
  const { send, busy } = useSendFeedback();
  const [answers, setAnswers] = useState<Answers>({});
  const [status, setStatus] = useState<{ ok: boolean; text: string } | null>(null);

  const onSubmit = async (e: FormEvent) => {
    e.preventDefault();
    if (!hasAnswer(answers)) return setStatus({ ok: false, text: t("needAnswer") });
    const result = await send(combineFeedback(answers), { openLogin: true });
    if (result === "sent") setStatus({ ok: true, text: t("thanks") });
    else if (result === "login") setStatus({ ok: false, text: t("common:pleaseLogin") });
    else if (result === "empty") setStatus({ ok: false, text: t("needAnswer") });
    else setStatus({ ok: false, text: result.error || t("failed") });
  };

  if (status?.ok)
    return (
      <div className="mx-auto max-w-2xl px-5 py-16 text-center">
        <h1 className="text-3xl font-bold tracking-tight">{t("thanksTitle")}</h1>
        <p role="status" className="mt-3 text-slate-600">
          {status.text}
        </p>
        <Link to="/app" className={buttonClass("primary", "mt-8")}>
          {t("toApp")}
        </Link>
      </div>
    );

  return (
    <div className="mx-auto max-w-3xl px-5 py-10 sm:py-14">
      <h1 className="text-3xl font-bold tracking-tight" data-testid="form-title">
        {t("title")}
      </h1>
      <p className="mt-2 text-slate-600">{t("subtitle")}</p>
      {session.loggedIn && !session.emailVerified && (
        <div className="mt-6 flex flex-col gap-3 rounded-2xl bg-indigo-50 p-4 ring-1 ring-indigo-200 sm:flex-row sm:items-center sm:justify-between">
          <p className="text-sm text-indigo-900">{t("verifyNudge")}</p>
          <Button
            variant="secondary"
            className="flex-none"
            onClick={() => modal.open("email-verification")}
          >
            {t("verifyCta")}
          </Button>
        </div>
      )}
      <form onSubmit={onSubmit} className="mt-8 space-y-8">
        {(Object.keys(Questions) as QuestionKey[]).map((q) => (
          <fieldset key={q} className="rounded-3xl bg-white p-5 ring-1 ring-slate-200">
            <legend className="float-left mb-3 w-full text-base font-semibold text-slate-900">
              {t(`${q}.question`)}
            </legend>
            <div className="clear-both grid gap-2 sm:grid-cols-2">
              {Questions[q].map((v) => (
                <label
                  key={v}
                  className="flex cursor-pointer items-center gap-3 rounded-xl px-3 py-2.5 ring-1 ring-slate-200 has-checked:bg-indigo-50 has-checked:ring-indigo-500"
                >
                  <input
                    type="radio"
                    name={q}
                    value={v}
                    checked={answers[q] === v}
                    onChange={() => setAnswers((a) => ({ ...a, [q]: v }))}
                    className="h-4 w-4 accent-indigo-600"
                  />
                  <span className="text-sm text-slate-800">{t(`${q}.${v}`)}</span>
                </label>
              ))}
            </div>
          </fieldset>
        ))}
        {status && (
          <p role="alert" className="text-sm text-rose-700">
            {status.text}
          </p>
        )}
        <div className="flex flex-col gap-3 sm:flex-row">
          <Button type="submit" disabled={busy} data-testid="form-submit">
            {t("submit")}
          </Button>
          {!session.loggedIn && (
            <Button variant="secondary" onClick={() => modal.open("login", { mode: "login" })}>
              {t("common:login")}
            </Button>
          )}
          <Link to="/app" className={buttonClass("ghost")}>
            {t("skip")}
          </Link>
        </div>
      </form>
    </div>
  );
}
