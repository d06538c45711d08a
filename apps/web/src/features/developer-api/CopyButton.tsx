// Copies a secret to the clipboard and says so for a moment.
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { Button } from "../../ui/Button.tsx";

export function CopyButton({ text, label }: { text: string; label: string }) {
  const { t } = useTranslation("account");
  const [copied, setCopied] = useState(false);
  return (
    <Button
      variant="secondary"
      className="shrink-0 px-3 py-1.5"
      aria-label={label}
      onClick={async () => {
        await navigator.clipboard?.writeText(text).catch(() => undefined);
        setCopied(true);
        setTimeout(() => setCopied(false), 1500);
      }}
    >
      {copied ? t("copied") : t("copy")}
    </Button>
  );
}
