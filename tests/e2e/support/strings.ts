// The app's own translation files: the tests expect what a user of each language reads.
import { readFileSync } from "node:fs";
import path from "node:path";

const locales = path.resolve(import.meta.dirname, "../../../apps/web/src/i18n/locales");
type Tree = { [k: string]: string | Tree };

export function strings(lng: "en-US" | "zh-CN") {
  const cache = new Map<string, Tree>();
  return (nsKey: string, values: Record<string, string | number> = {}): string => {
    const [ns, key] = nsKey.split(":") as [string, string];
    if (!cache.has(ns))
      cache.set(ns, JSON.parse(readFileSync(path.join(locales, lng, `${ns}.json`), "utf8")));
    let node: string | Tree | undefined = cache.get(ns);
    for (const part of key.split(".")) node = typeof node === "object" ? node[part] : undefined;
    if (typeof node !== "string") throw new Error(`no string ${lng} ${nsKey}`);
    return node.replace(/\{\{\s*(\w+)\s*\}\}/g, (_, k: string) => String(values[k] ?? ""));
  };
}
