// French welcome survey: greets French-speaking visitors and asks two quick questions.
import { useTranslation } from "react-i18next";
import { SelectField } from "../auth/index.ts";
import { NotificationModal, useCloseMarking } from "../notifications/index.ts";
import { SurveyForm } from "./SurveyForm.tsx";

const Sources = ["search", "social", "friend", "marketplace", "other"] as const;
const Sells = ["fashion", "beauty", "food", "home", "other"] as const;

export function FrenchWelcomeModal() {
  const { t } = useTranslation("notifications");
  const close = useCloseMarking("french-welcome");
  const message = (form: FormData) => {
    const source = String(form.get("source") ?? "");
    const sells = String(form.get("sells") ?? "");
    if (!source && !sells) return "";
    return `French welcome survey:\nsource: ${source || "-"}\nsells: ${sells || "-"}`;
  };

  const opts = (group: string, values: readonly string[]) =>
    values.map((v) => ({ value: v, label: t(`french-welcome.${group}.${v}`) }));

  return (
    <NotificationModal
      kind="french-welcome"
      hero={
        <div className="flex h-24 overflow-hidden rounded-2xl" aria-hidden="true">
          <span className="flex-1 bg-blue-600" />
          <span className="flex-1 bg-white" />
          <span className="flex-1 bg-red-500" />
        </div>
      }
    >
      <SurveyForm close={close} message={message} unanswered={t("needAnswer")}>
        <SelectField
          label={t("french-welcome.sourceLabel")}
          name="source"
          options={opts("source", Sources)}
          placeholder={t("common:choose")}
        />
        <SelectField
          label={t("french-welcome.sellsLabel")}
          name="sells"
          options={opts("sells", Sells)}
          placeholder={t("common:choose")}
        />
      </SurveyForm>
    </NotificationModal>
  );
}
