// French welcome survey: greets French-speaking visitors and asks two quick questions.
import { type FormEvent, useState } from "react";
import { useTranslation } from "react-i18next";
import { Modal } from "../../modals/Modal.tsx";
import { Button } from "../../ui/Button.tsx";
import { SelectField } from "../auth/index.ts";
import { useSendFeedback } from "../feedback/index.ts";
import { useCloseMarking } from "../notifications/index.ts";

const Sources = ["search", "social", "friend", "marketplace", "other"] as const;
const Sells = ["fashion", "beauty", "food", "home", "other"] as const;

export function FrenchWelcomeModal() {
  const { t } = useTranslation("notifications");
  const close = useCloseMarking("french-welcome");
  const { send, busy } = useSendFeedback();
  const [status, setStatus] = useState<{ ok: boolean; text: string } | null>(null);

  const onSubmit = async (e: FormEvent<HTMLFormElement>) => {
    e.preventDefault();
    const form = new FormData(e.currentTarget);
    const source = String(form.get("source") ?? "");
    const sells = String(form.get("sells") ?? "");
    if (!source && !sells) {
      setStatus({ ok: false, text: t("needAnswer") });
      return;
    }
    const result = await send(
      `French welcome survey:\nsource: ${source || "-"}\nsells: ${sells || "-"}`,
    );
    if (result === "sent") setStatus({ ok: true, text: t("thanks") });
    else if (result === "login") setStatus({ ok: false, text: t("common:pleaseLogin") });
    else
      setStatus({
        ok: false,
        text: typeof result === "object" && result.error ? result.error : t("sendFailed"),
      });
  };

  const opts = (group: string, values: readonly string[]) =>
    values.map((v) => ({ value: v, label: t(`french-welcome.${group}.${v}`) }));

  return (
    <Modal
      onClose={close}
      title={t("french-welcome.title")}
      description={t("french-welcome.text")}
      testId="french-welcome-modal"
      hero={
        <div className="flex h-24 overflow-hidden rounded-2xl" aria-hidden="true">
          <span className="flex-1 bg-blue-600" />
          <span className="flex-1 bg-white" />
          <span className="flex-1 bg-red-500" />
        </div>
      }
    >
      {status?.ok ? (
        <>
          <p role="status" className="rounded-xl bg-emerald-50 px-4 py-3 text-sm text-emerald-800">
            {status.text}
          </p>
          <Button className="mt-6 w-full" onClick={close}>
            {t("common:close")}
          </Button>
        </>
      ) : (
        <form onSubmit={onSubmit} className="space-y-4">
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
          {status && (
            <p role="alert" className="text-sm text-rose-700">
              {status.text}
            </p>
          )}
          <Button type="submit" className="w-full" disabled={busy}>
            {t("send")}
          </Button>
        </form>
      )}
    </Modal>
  );
}
