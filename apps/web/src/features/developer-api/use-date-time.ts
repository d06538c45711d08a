// Dates in the page's language, short ("Nov 25, 14:02").
import { useTranslation } from "react-i18next";

export function useDateTime() {
  const { i18n } = useTranslation();
  const format = new Intl.DateTimeFormat(i18n.language, {
    month: "short",
    day: "numeric",
    hour: "2-digit",
    minute: "2-digit",
  });
  return (iso: string) => format.format(new Date(iso));
}
