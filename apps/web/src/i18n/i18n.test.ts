// The two languages stay complete: same keys, same placeholders, the spec's English verbatim,
// every literal key used in the code present, and no visible text hard-coded in components.
import { readdirSync, readFileSync, statSync } from "node:fs";
import path from "node:path";
import { BillingMessages, Messages } from "@studio/contracts";
import { describe, expect, it } from "vitest";
import { flatten, type Tree } from "../test/translation-tree.ts";
import { Namespaces } from "./languages.ts";
import en from "./locales/en-US/index.ts";
import zh from "./locales/zh-CN/index.ts";

const bundles = { "en-US": en as Record<string, Tree>, "zh-CN": zh as Record<string, Tree> };
const flat = (lng: keyof typeof bundles, ns: string) => flatten(bundles[lng][ns] ?? {});
const placeholders = (s: string) => [...s.matchAll(/\{\{\s*(\w+)\s*\}\}/g)].map((m) => m[1]).sort();

describe("translations", () => {
  it.each([...Namespaces])("namespace %s has the same keys in en-US and zh-CN", (ns) => {
    const a = flat("en-US", ns);
    const b = flat("zh-CN", ns);
    expect(Object.keys(a).length).toBeGreaterThan(0);
    expect(Object.keys(b).sort()).toEqual(Object.keys(a).sort());
  });

  it("every namespace file is registered, and nothing else", () => {
    for (const lng of ["en-US", "zh-CN"] as const) {
      const files = readdirSync(path.join(import.meta.dirname, "locales", lng))
        .filter((f) => f.endsWith(".json"))
        .map((f) => f.replace(/\.json$/, ""))
        .sort();
      expect(files).toEqual([...Namespaces].sort());
    }
  });

  it("no string is empty and placeholders match across languages", () => {
    for (const ns of Namespaces) {
      const a = flat("en-US", ns);
      const b = flat("zh-CN", ns);
      for (const [k, v] of Object.entries(a)) {
        expect(v.trim(), `${ns}:${k} (en-US)`).not.toBe("");
        expect(b[k]?.trim(), `${ns}:${k} (zh-CN)`).not.toBe("");
        expect(placeholders(b[k] ?? ""), `${ns}:${k} placeholders`).toEqual(placeholders(v));
      }
    }
  });

  it("English carries the spec's messages verbatim", () => {
    const { auth, modals, common } = {
      auth: flat("en-US", "auth"),
      modals: flat("en-US", "modals"),
      common: flat("en-US", "common"),
    };
    expect(auth.loginSuccess).toBe(Messages.loginSuccess);
    expect(flat("en-US", "billing").technicalIssues).toBe(BillingMessages.technicalIssues);
    expect(flat("en-US", "billing")["manager.trialCancelled"]).toBe(BillingMessages.trialCancelled);
    expect(auth.signupSuccess).toBe(Messages.signupSuccess);
    expect(auth["verify.sent"]).toBe(Messages.verificationSent);
    expect(auth["verify.success"]).toBe(Messages.verificationSuccess);
    expect(auth["verify.notVerified"]).toBe(Messages.notVerified);
    expect(auth["verify.sendFailed"]).toBe(
      Messages.emailSendFailure.replace("{error}", "{{error}}"),
    );
    expect(modals["paymentRequired.text"]).toBe(Messages.paymentRequired);
    expect(modals["noImageOrText.text"]).toBe(Messages.noImageOrText);
    expect(common.pleaseLogin).toBe(Messages.pleaseLogin);
    expect(common.signupToUnlock).toBe(Messages.signupToUnlock);
    expect(common.maintenance).toBe(Messages.maintenance.replace("{time}", "{{time}}"));
  });
});

// ---- the source code side -------------------------------------------------------------
const srcDir = path.resolve(import.meta.dirname, "..");
function sourceFiles(dir: string): string[] {
  return readdirSync(dir).flatMap((f) => {
    const p = path.join(dir, f);
    if (statSync(p).isDirectory()) return f === "test" || f === "locales" ? [] : sourceFiles(p);
    return /\.(ts|tsx)$/.test(f) && !/\.test\.tsx?$/.test(f) ? [p] : [];
  });
}

describe("source uses translations", () => {
  it("every literal t('key') resolves in en-US", () => {
    const missing: string[] = [];
    for (const file of sourceFiles(srcDir)) {
      const code = readFileSync(file, "utf8");
      const defaultNs = /useTranslation\(\s*"([\w-]+)"/.exec(code)?.[1] ?? "common";
      for (const m of code.matchAll(/\bt\(\s*"([^"]+)"/g)) {
        const raw = m[1] ?? "";
        const [ns, key] = raw.includes(":")
          ? (raw.split(":") as [string, string])
          : [defaultNs, raw];
        const strings = flat("en-US", ns);
        // a counted key exists as its plural forms (key_one, key_other)
        if (strings[key] === undefined && strings[`${key}_other`] === undefined)
          missing.push(`${path.relative(srcDir, file)}: ${raw}`);
      }
    }
    expect(missing).toEqual([]);
  });

  it("components hard-code no visible text", () => {
    const offenders: string[] = [];
    for (const file of sourceFiles(srcDir).filter((f) => f.endsWith(".tsx"))) {
      const code = readFileSync(file, "utf8");
      // text between tags, and the attributes people read or hear
      // (a lone glyph such as the Google "G" mark is not text)
      for (const m of code.matchAll(/(?<![=-])>\s*([A-Za-z\u4e00-\u9fff][^<>{}=;()]+?)\s*</g))
        if ((m[1] ?? "").trim().length > 1) offenders.push(`${path.basename(file)}: ${m[1]}`);
      for (const m of code.matchAll(/\b(aria-label|placeholder|title|alt)="([^"]+)"/g))
        offenders.push(`${path.basename(file)}: ${m[1]}="${m[2]}"`);
    }
    expect(offenders).toEqual([]);
  });
});
