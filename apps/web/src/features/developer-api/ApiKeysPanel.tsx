// API keys on the account page: create (the key is shown once), list (prefix, scopes, last
// use, requests this month) and revoke.
import type { ApiKeyScope, ApiKeySummary, CreatedApiKey } from "@studio/contracts";
import { type FormEvent, useCallback, useEffect, useState } from "react";
import { useTranslation } from "react-i18next";
import { Button } from "../../ui/Button.tsx";
import { CopyButton } from "./CopyButton.tsx";
import { developerApi } from "./developer-api.ts";
import { useDateTime } from "./use-date-time.ts";

const SCOPES: ApiKeyScope[] = ["generate", "read"];
const input = "w-full rounded-xl border border-slate-300 px-3 py-2 text-sm";

export function ApiKeysPanel({ onError }: { onError: (err: unknown) => void }) {
  const { t } = useTranslation("account");
  const when = useDateTime();
  const [keys, setKeys] = useState<ApiKeySummary[] | null>(null);
  const [name, setName] = useState("");
  const [scopes, setScopes] = useState<ApiKeyScope[]>(["generate", "read"]);
  const [created, setCreated] = useState<CreatedApiKey | null>(null);
  const [busy, setBusy] = useState(false);

  const load = useCallback(
    () => developerApi.keys().then((r) => setKeys(r.keys), onError),
    [onError],
  );
  useEffect(() => {
    load();
  }, [load]);

  const create = async (e: FormEvent) => {
    e.preventDefault();
    if (!name.trim() || scopes.length === 0) return;
    setBusy(true);
    try {
      setCreated(await developerApi.createKey(name.trim(), scopes));
      setName("");
      await load();
    } catch (err) {
      onError(err);
    } finally {
      setBusy(false);
    }
  };

  const revoke = async (key: ApiKeySummary) => {
    if (!window.confirm(t("keys.revokeConfirm", { name: key.name }))) return;
    await developerApi.revokeKey(key.id).then(load, onError);
    if (created?.id === key.id) setCreated(null);
  };

  return (
    <section
      aria-labelledby="api-keys-title"
      className="rounded-2xl bg-white p-4 ring-1 ring-slate-200 sm:p-6"
    >
      <h2 id="api-keys-title" className="text-lg font-semibold">
        {t("keys.title")}
      </h2>
      <p className="mt-1 text-sm text-slate-600">{t("keys.intro")}</p>

      <form onSubmit={create} className="mt-4 flex flex-col gap-3 sm:flex-row sm:items-end">
        <label className="flex-1 text-sm font-medium text-slate-700">
          {t("keys.name")}
          <input
            className={`${input} mt-1`}
            value={name}
            maxLength={60}
            required
            placeholder={t("keys.namePlaceholder")}
            onChange={(e) => setName(e.target.value)}
            data-testid="key-name"
          />
        </label>
        <fieldset className="flex gap-4 text-sm">
          <legend className="sr-only">{t("keys.scopes")}</legend>
          {SCOPES.map((s) => (
            <label key={s} className="flex items-center gap-1.5 py-2">
              <input
                type="checkbox"
                checked={scopes.includes(s)}
                onChange={(e) =>
                  setScopes((now) => (e.target.checked ? [...now, s] : now.filter((x) => x !== s)))
                }
              />
              {t(`keys.scope.${s}`)}
            </label>
          ))}
        </fieldset>
        <Button
          type="submit"
          disabled={busy || !name.trim() || scopes.length === 0}
          data-testid="create-key"
        >
          {t("keys.create")}
        </Button>
      </form>

      {created && (
        <div
          role="status"
          className="mt-4 rounded-xl bg-amber-50 p-3 ring-1 ring-amber-200"
          data-testid="new-key"
        >
          <p className="text-sm font-medium text-amber-900">{t("keys.onlyOnce")}</p>
          <div className="mt-2 flex items-center gap-2">
            <code className="min-w-0 flex-1 break-all rounded-lg bg-white px-2 py-1.5 font-mono text-xs text-slate-900 ring-1 ring-amber-200">
              {created.key}
            </code>
            <CopyButton text={created.key} label={t("keys.copyKey")} />
          </div>
        </div>
      )}

      <ul className="mt-4 divide-y divide-slate-100" data-testid="key-list">
        {keys?.length === 0 && <li className="py-3 text-sm text-slate-500">{t("keys.none")}</li>}
        {keys?.map((k) => (
          <li
            key={k.id}
            className="flex flex-col gap-2 py-3 sm:flex-row sm:items-center sm:justify-between"
          >
            <div className="min-w-0">
              <p className="font-medium text-slate-900">{k.name}</p>
              <p className="font-mono text-xs text-slate-600">
                {k.prefix}…{" "}
                <span className="font-sans">
                  · {k.scopes.map((s) => t(`keys.scope.${s}`)).join(", ")}
                </span>
              </p>
              <p className="text-xs text-slate-500">
                {k.lastUsedAt
                  ? t("keys.lastUsed", { when: when(k.lastUsedAt) })
                  : t("keys.neverUsed")}
                {" · "}
                {t("keys.requests", { count: k.requestsThisMonth })}
              </p>
            </div>
            <Button
              variant="ghost"
              className="self-start text-rose-700 sm:self-auto"
              onClick={() => revoke(k)}
            >
              {t("keys.revoke")}
            </Button>
          </li>
        ))}
      </ul>
    </section>
  );
}
