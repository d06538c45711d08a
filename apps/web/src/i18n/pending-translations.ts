// Strings added on 25 Nov 2026 (the prompt hint, the cut-out editor, the Clothing app, the
// account and API page) whose translation into these languages had not landed when the session
// ended: there they show in English (i18next's fallback) until it does. The missing-key test
// allows exactly these and nothing else. Decision 0907. Delete a language from the list when
// its strings land, and this file when the list is empty.
export const PendingLanguages: readonly string[] = [
  "it",
  "nl",
  "sv",
  "da",
  "ja",
  "ko",
  "ru",
  "pl",
  "tr",
];

/** per namespace: "*" for the whole namespace, else the keys (or key prefixes ending in ".") */
export const PendingKeys: Readonly<Record<string, "*" | readonly string[]>> = {
  nav: ["user.developerApi"],
  "product-app": ["brief.", "editor.", "upload.fix", "upload.edited"],
  "clothing-app": "*",
  account: "*",
};

export function isPending(lng: string, ns: string, key: string): boolean {
  if (!PendingLanguages.includes(lng)) return false;
  const pending = PendingKeys[ns];
  if (!pending) return false;
  if (pending === "*") return true;
  return pending.some((p) => (p.endsWith(".") ? key.startsWith(p) : key === p));
}
