// The mail the server kept instead of sending it (no SMTP_URL), newest first, with clickable
// links: an operator with no mail server can still hand a seller their verification link.
import { Fragment, useEffect, useState } from "react";
import { useTranslation } from "react-i18next";
import { adminApi, type OutboxMessage } from "./admin-api.ts";

const withLinks = (text: string) =>
  text.split(/(https?:\/\/[^\s<>"]+)/g).map((part, i) =>
    i % 2 === 1 ? (
      <a key={part + String(i)} href={part} className="break-all text-indigo-700 underline">
        {part}
      </a>
    ) : (
      <Fragment key={part + String(i)}>{part}</Fragment>
    ),
  );

export function AdminOutbox({ fail }: { fail: (err: unknown) => void }) {
  const { t } = useTranslation("admin");
  const [box, setBox] = useState<{ smtp: boolean; messages: OutboxMessage[] } | null>(null);
  useEffect(() => {
    adminApi.outbox().then(setBox, fail);
  }, [fail]);
  if (!box) return null;
  return (
    <section aria-labelledby="admin-outbox" className="mt-10" data-testid="admin-outbox">
      <h2 id="admin-outbox" className="text-lg font-semibold">
        {t("outbox.title")} ({box.messages.length})
      </h2>
      <p className="mt-1 text-sm text-slate-600">
        {box.smtp ? t("outbox.smtp") : t("outbox.noSmtp")}
      </p>
      {box.messages.length === 0 ? (
        <p className="mt-3 text-sm text-slate-500">{t("outbox.empty")}</p>
      ) : (
        <ul className="mt-3 max-h-[28rem] space-y-3 overflow-y-auto">
          {box.messages.map((m) => (
            <li key={m.id} className="rounded-xl border border-slate-200 p-3 text-sm">
              <p className="font-semibold">{m.subject}</p>
              <p className="text-xs text-slate-500">
                {t("outbox.to", { to: m.to })} · <time dateTime={m.createdAt}>{m.createdAt}</time>
              </p>
              <p className="mt-2 whitespace-pre-wrap text-slate-700">{withLinks(m.text)}</p>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
