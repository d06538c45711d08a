// The marketing pages prerendered at build time (apps/web/scripts/prerender.mjs): each address
// answers its own HTML file, with the site's public address put in its canonical URL,
// alternates and preview images. Visitors who arrive at an English address while preferring
// another published language (their saved choice, the `lng` cookie, else Accept-Language)
// are sent to that language's address; search engines, which send neither, get English.
// The home page's A/B variant is chosen here and kept in a cookie.
import { existsSync, readFileSync } from "node:fs";
import { readFile } from "node:fs/promises";
import path from "node:path";
import { promisify } from "node:util";
import { brotliCompress, constants, gzip } from "node:zlib";

const brotli = promisify(brotliCompress);
const gzipAsync = promisify(gzip);
export type Encoding = "br" | "gzip" | null;

/** br when the browser takes it, else gzip, else none (q=0 refuses). */
export function acceptedEncoding(header: string | undefined): Encoding {
  const accepted = new Set(
    (header ?? "")
      .split(",")
      .map((p) => p.trim().toLowerCase())
      .filter((p) => p && !/;\s*q=0(\.0*)?$/.test(p))
      .map((p) => p.split(";")[0]),
  );
  if (accepted.has("br")) return "br";
  if (accepted.has("gzip")) return "gzip";
  return null;
}

interface PageEntry {
  lng: string;
  rest: string;
  file: string;
  variants: Record<string, string>;
}
interface Manifest {
  languages: { lng: string; prefix: string }[];
  pages: Record<string, PageEntry>;
  groups: Record<string, string[]>;
  /** other prerendered files by address: sitemap.xml, robots.txt, the blog's RSS feeds */
  files?: Record<string, string>;
}

export type Resolution =
  | { kind: "redirect"; location: string }
  | { kind: "page"; file: string; cookies: string[] };

const SITE_PLACEHOLDER = /__SITE_URL__/g;
const YEAR = 365 * 24 * 3600;

function cookie(header: string | undefined, name: string): string | undefined {
  for (const part of (header ?? "").split(";")) {
    const [k, ...v] = part.trim().split("=");
    if (k === name) return decodeURIComponent(v.join("="));
  }
  return undefined;
}

/** The first Accept-Language entry (by q) that names a published language. */
export function preferredLanguage(
  header: string | undefined,
  languages: string[],
): string | undefined {
  const wanted = (header ?? "")
    .split(",")
    .map((part, i) => {
      const [tag = "", ...params] = part.trim().split(";");
      const q = Number(params.find((p) => p.trim().startsWith("q="))?.split("=")[1] ?? 1);
      return { tag: tag.trim().toLowerCase(), q: Number.isFinite(q) ? q : 0, i };
    })
    .filter((w) => w.tag && w.q > 0)
    .sort((a, b) => b.q - a.q || a.i - b.i);
  for (const { tag } of wanted) {
    const exact = languages.find((l) => l.toLowerCase() === tag);
    if (exact) return exact;
    const base = tag.split("-")[0];
    const same = languages.find((l) => l.toLowerCase().split("-")[0] === base);
    if (same) return same;
  }
  return undefined;
}

export class PrerenderedPages {
  private constructor(
    private readonly dir: string,
    private readonly manifest: Manifest,
    private readonly siteUrl: string,
  ) {}

  static load(distDir: string, publicUrl: string): PrerenderedPages | null {
    const dir = path.join(distDir, "prerendered");
    const file = path.join(dir, "manifest.json");
    if (!existsSync(file)) return null;
    const manifest = JSON.parse(readFileSync(file, "utf8")) as Manifest;
    return new PrerenderedPages(dir, manifest, publicUrl.replace(/\/+$/, ""));
  }

  /** What answers a GET of `url`, or null when it is not a marketing address. */
  resolve(
    url: string,
    headers: { cookie?: string; "accept-language"?: string },
    random: () => number = Math.random,
  ): Resolution | null {
    const [rawPath = "/", query = ""] = url.split("?", 2);
    const pathname = rawPath.length > 1 ? rawPath.replace(/\/+$/, "") : rawPath;
    const params = new URLSearchParams(query);
    const search = query ? `?${query}` : "";
    const entry = this.manifest.pages[pathname];
    if (!entry) {
      const members = this.manifest.groups[pathname];
      if (!members?.length) return null;
      const pick = members[Math.min(members.length - 1, Math.floor(random() * members.length))];
      return { kind: "redirect", location: `${pick}${search}` };
    }
    const languages = this.manifest.languages.map((l) => l.lng);
    if (entry.lng === languages[0] && !params.has("lng")) {
      const saved = cookie(headers.cookie, "lng");
      const wanted =
        saved && languages.includes(saved)
          ? saved
          : preferredLanguage(headers["accept-language"], languages);
      if (wanted && wanted !== entry.lng) {
        const target = Object.entries(this.manifest.pages).find(
          ([, p]) => p.rest === entry.rest && p.lng === wanted,
        );
        if (target) return { kind: "redirect", location: `${target[0]}${search}` };
      }
    }
    const names = Object.keys(entry.variants);
    if (names.length === 0) return { kind: "page", file: entry.file, cookies: [] };
    const forced = params.get("variant");
    const kept = cookie(headers.cookie, "homeVariant");
    const variant =
      forced && names.includes(forced)
        ? forced
        : kept && names.includes(kept)
          ? kept
          : (names[Math.min(names.length - 1, Math.floor(random() * names.length))] as string);
    return {
      kind: "page",
      file: entry.variants[variant] ?? entry.file,
      cookies: [`homeVariant=${variant}; Path=/; Max-Age=${YEAR}; SameSite=Lax`],
    };
  }

  /** Addresses of the other prerendered files (sitemap, robots, feeds) and their files. */
  files(): [string, string][] {
    return Object.entries(
      this.manifest.files ?? { "/sitemap.xml": "sitemap.xml", "/robots.txt": "robots.txt" },
    );
  }

  private readonly cache = new Map<string, Buffer>();

  /** A page's HTML, compressed once per file and encoding (pages change only with a build). */
  async compressed(file: string, encoding: Encoding): Promise<Buffer> {
    const key = `${encoding ?? "identity"}:${file}`;
    const hit = this.cache.get(key);
    if (hit) return hit;
    const text = Buffer.from(await this.read(file));
    const out =
      encoding === "br"
        ? await brotli(text, { params: { [constants.BROTLI_PARAM_QUALITY]: 9 } })
        : encoding === "gzip"
          ? await gzipAsync(text, { level: 9 })
          : text;
    this.cache.set(key, out);
    return out;
  }

  /** A prerendered file (a page, sitemap.xml, robots.txt) with the site's address filled in. */
  async read(file: string): Promise<string> {
    const text = await readFile(path.join(this.dir, file), "utf8");
    return text.replace(SITE_PLACEHOLDER, this.siteUrl);
  }
}
