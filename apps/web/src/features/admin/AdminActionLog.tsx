// The log of admin actions (who, when, what, on what, why), newest first as the server sends
// it. The overview shows every action, the queue page those on generations.
import { useTranslation } from "react-i18next";
import type { AdminAction } from "./admin-api.ts";

export function AdminActionLog({
  actions,
  className,
}: {
  actions: AdminAction[];
  className: string;
}) {
  const { t } = useTranslation("admin");
  return (
    <ul className={className}>
      {actions.map((a) => (
        <li key={a.id} className="px-3 py-2">
          <span className="text-slate-500">{new Date(a.at).toLocaleString()}</span>{" "}
          <span className="font-medium">{a.admin}</span> {t(`log.${a.action.replace(".", "_")}`)}{" "}
          <span className="break-all text-slate-600">{a.target}</span>
          {typeof a.detail?.reason === "string" && (
            <span className="text-slate-600"> — {a.detail.reason}</span>
          )}
        </li>
      ))}
      {actions.length === 0 && <li className="px-3 py-2 text-slate-500">{t("log.none")}</li>}
    </ul>
  );
}
