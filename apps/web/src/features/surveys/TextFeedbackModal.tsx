// Shared body of the reference-feedback and testimonial modals: one text answer, sent only
// with text and a login; closing marks the notification received.
import type { NotificationKind } from "@studio/contracts";
import type { ReactNode } from "react";
import { useTranslation } from "react-i18next";
import { inputClass } from "../auth/index.ts";
import { NotificationModal, useCloseMarking } from "../notifications/index.ts";
import { SurveyForm } from "./SurveyForm.tsx";

export function TextFeedbackModal({
  kind,
  subject,
  hero,
}: {
  kind: NotificationKind;
  /** English heading the support team reads before the answer */
  subject: string;
  hero?: ReactNode;
}) {
  const { t } = useTranslation("notifications");
  const close = useCloseMarking(kind);
  const message = (form: FormData) => {
    const text = String(form.get("answer") ?? "").trim();
    return text === "" ? "" : `${subject}\n${text}`;
  };

  return (
    <NotificationModal kind={kind} hero={hero}>
      <SurveyForm close={close} message={message} unanswered={t("needText")}>
        <label className="block text-sm font-medium text-slate-700">
          {t(`${kind}.label`)}
          <textarea
            name="answer"
            rows={4}
            className={inputClass}
            maxLength={4000}
            placeholder={t(`${kind}.placeholder`)}
          />
        </label>
      </SurveyForm>
    </NotificationModal>
  );
}
