// Both console pages stop at the first failed call and show why: the server's refusal for
// someone who is not an admin (401/403), otherwise the error's own message.
import { useCallback, useState } from "react";
import { useTranslation } from "react-i18next";
import { ApiError } from "../../api/request.ts";

export function useAdminError(): { error: string | null; fail: (err: unknown) => void } {
  const { t } = useTranslation("admin");
  const [error, setError] = useState<string | null>(null);
  const fail = useCallback(
    (err: unknown) =>
      setError(
        err instanceof ApiError && (err.status === 401 || err.status === 403)
          ? t("notAdmin")
          : err instanceof Error
            ? err.message
            : String(err),
      ),
    [t],
  );
  return { error, fail };
}
