// The cancellation survey (decision 0630): a primary reason, whether they would come
// back, what they use instead. Nothing is sent when all three are empty or nobody is logged
// in; afterwards the dialog closes and, during a cancellation, the manager reopens.
import { type SubscriptionKind, SurveyComeBack, SurveyReasons } from "@studio/contracts";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { Modal } from "../../modals/Modal.tsx";
import { useModal } from "../../modals/use-modal.ts";
import { useSession } from "../../session/use-session.ts";
import { Button } from "../../ui/Button.tsx";
import { billingApi } from "./billing-api.ts";
import { markSeen } from "./cancel-flow.ts";

function Choice(props: {
  name: string;
  options: readonly string[];
  value: string;
  onChange: (v: string) => void;
  labels: string[];
  legend: string;
}) {
  return (
    <fieldset className="mt-4">
      <legend className="font-semibold">{props.legend}</legend>
      <div className="mt-2 space-y-1.5">
        {props.options.map((o, i) => (
          <label key={o} className="flex items-start gap-2 text-sm">
            <input
              type="radio"
              name={props.name}
              value={o}
              checked={props.value === o}
              onChange={() => props.onChange(o)}
              className="mt-0.5"
            />
            {props.labels[i]}
          </label>
        ))}
      </div>
    </fieldset>
  );
}

export function CancellationSurveyModal(props: {
  kind: SubscriptionKind;
  subscriptionId: string;
  attempt: boolean;
}) {
  const { t } = useTranslation("billing");
  const modal = useModal();
  const { session } = useSession();
  const [reason, setReason] = useState("");
  const [reasonOther, setReasonOther] = useState("");
  const [comeBack, setComeBack] = useState("");
  const [comeBackOther, setComeBackOther] = useState("");
  const [alternative, setAlternative] = useState("");
  const [sending, setSending] = useState(false);

  const finish = () => {
    markSeen(props.subscriptionId, "survey");
    if (props.attempt) modal.open("subscriptions", {});
    else modal.close();
  };
  const send = async () => {
    setSending(true);
    try {
      const empty = [reason, comeBack, alternative].every((v) => v.trim() === "");
      if (!empty && session.loggedIn) {
        await billingApi.survey({
          primaryReason: reason,
          reasonOther,
          wouldComeBack: comeBack,
          comeBackOther,
          betterAlternative: alternative,
          subscriptionId: props.subscriptionId,
        });
      }
    } catch {
      // The answers are a favour to us; the cancellation goes on regardless.
    } finally {
      setSending(false);
      finish();
    }
  };
  const field = "mt-2 w-full rounded-lg border border-slate-300 px-3 py-2 text-sm";
  return (
    <Modal
      onClose={finish}
      title={t("survey.title")}
      description={t("survey.intro")}
      size="lg"
      testId="cancel-survey"
    >
      <Choice
        name="reason"
        legend={t("survey.reason")}
        options={SurveyReasons}
        labels={SurveyReasons.map((_, i) => t(`survey.reasons.${i}`))}
        value={reason}
        onChange={setReason}
      />
      {reason === "Other" && (
        <textarea
          aria-label={t("survey.reasonOther")}
          className={field}
          value={reasonOther}
          onChange={(e) => setReasonOther(e.target.value)}
          maxLength={2000}
        />
      )}
      <Choice
        name="comeBack"
        legend={t("survey.comeBack")}
        options={SurveyComeBack}
        labels={SurveyComeBack.map((_, i) => t(`survey.comeBackOptions.${i}`))}
        value={comeBack}
        onChange={setComeBack}
      />
      {comeBack === "Other" && (
        <textarea
          aria-label={t("survey.comeBackOther")}
          className={field}
          value={comeBackOther}
          onChange={(e) => setComeBackOther(e.target.value)}
          maxLength={2000}
        />
      )}
      <label className="mt-4 block font-semibold" htmlFor="survey-alternative">
        {t("survey.alternative")}
      </label>
      <textarea
        id="survey-alternative"
        className={field}
        value={alternative}
        onChange={(e) => setAlternative(e.target.value)}
        maxLength={2000}
      />
      <p className="mt-3 text-sm text-slate-600">{t("survey.chat")}</p>
      <Button className="mt-5" onClick={send} disabled={sending}>
        {sending && (
          <span className="h-4 w-4 animate-spin rounded-full border-2 border-white border-t-transparent" />
        )}
        {t("survey.send")}
      </Button>
    </Modal>
  );
}
