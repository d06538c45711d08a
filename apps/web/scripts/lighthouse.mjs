// npm run bench:lighthouse: Lighthouse (the npm package) on Debian's Chromium against the
// real server serving the built web app: the home page, a landing page and a blog post, on
// mobile (Lighthouse's default: Moto G Power, slow 4G, simulated) and desktop. Prints the
// four category scores and the main timings. Run `npm run build -w @studio/web` first.
// LH_RUNS=n runs each page n times and reports the median run (by performance score): the
// mobile score moves by ±6 between runs on a shared 2-core machine. LH_REPORT_DIR=dir keeps
// each run's full JSON report (LCP element, render-blocking requests, script sizes).
import { spawn } from "node:child_process";
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { createServer } from "node:net";
import { tmpdir } from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import * as chromeLauncher from "chrome-launcher";
import lighthouse from "lighthouse";
import desktopConfig from "lighthouse/core/config/desktop-config.js";

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "../../..");
const pages = (
  process.env.LH_PAGES ?? "/,/create/skincare-product-photography,/blog/lighting-for-product-photos"
).split(",");
const categories = ["performance", "accessibility", "best-practices", "seo"];
const runs = Math.max(1, Number(process.env.LH_RUNS ?? 1));
const reportDir = process.env.LH_REPORT_DIR;
if (reportDir) mkdirSync(reportDir, { recursive: true });

const port = await new Promise((resolve) => {
  const srv = createServer();
  srv.listen(0, "127.0.0.1", () => {
    const p = srv.address().port;
    srv.close(() => resolve(p));
  });
});
const dataDir = mkdtempSync(path.join(tmpdir(), "studio-lh-"));
const server = spawn("npx", ["tsx", "src/main.ts"], {
  cwd: path.join(root, "apps/server"),
  env: {
    ...process.env,
    PORT: String(port),
    HOST: "127.0.0.1",
    DATA_DIR: dataDir,
    NODE_ENV: "test",
  },
  detached: true,
  stdio: "ignore",
});
const base = `http://localhost:${port}`;
const stop = () => {
  try {
    process.kill(-server.pid, "SIGTERM");
  } catch {}
  rmSync(dataDir, { recursive: true, force: true });
};
process.on("exit", stop);
for (let i = 0; ; i++) {
  try {
    if ((await fetch(`${base}/api/health`)).ok) break;
  } catch {}
  if (i > 360) throw new Error("the server did not start");
  await new Promise((r) => setTimeout(r, 250));
}

const chrome = await chromeLauncher.launch({
  chromePath: "/usr/bin/chromium",
  chromeFlags: ["--headless=new", "--no-sandbox", "--disable-gpu", "--disable-dev-shm-usage"],
});
const rows = [];
try {
  for (const url of pages) {
    for (const formFactor of ["mobile", "desktop"]) {
      const flags = {
        port: chrome.port,
        output: "json",
        logLevel: "error",
        onlyCategories: categories,
      };
      const results = [];
      for (let run = 0; run < runs; run++) {
        const result = await lighthouse(
          `${base}${url}`,
          flags,
          formFactor === "desktop" ? desktopConfig : undefined,
        );
        results.push(result.lhr);
        if (reportDir) {
          const name = `${url === "/" ? "home" : url.replace(/\W+/g, "_")}-${formFactor}-${run + 1}.json`;
          writeFileSync(path.join(reportDir, name), JSON.stringify(result.lhr));
        }
      }
      results.sort(
        (a, b) => (a.categories.performance?.score ?? 0) - (b.categories.performance?.score ?? 0),
      );
      const perfs = results.map((r) => Math.round((r.categories.performance?.score ?? 0) * 100));
      const lhr = results[Math.floor((results.length - 1) / 2)];
      const score = (c) => Math.round((lhr.categories[c]?.score ?? 0) * 100);
      const ms = (id) => Math.round(lhr.audits[id]?.numericValue ?? 0);
      const failed = Object.values(lhr.audits)
        .filter((a) => a.score !== null && a.score < 0.9 && a.scoreDisplayMode === "binary")
        .map((a) => a.id);
      rows.push({
        page: url,
        form: formFactor,
        perf: score("performance"),
        ...(runs > 1 ? { "perf runs": perfs.join("/") } : {}),
        a11y: score("accessibility"),
        bp: score("best-practices"),
        seo: score("seo"),
        "FCP ms": ms("first-contentful-paint"),
        "LCP ms": ms("largest-contentful-paint"),
        TBT: ms("total-blocking-time"),
        CLS: Number((lhr.audits["cumulative-layout-shift"]?.numericValue ?? 0).toFixed(3)),
        failing: failed.join(" "),
      });
      console.log(`${url} ${formFactor}: ${categories.map((c) => `${c} ${score(c)}`).join(", ")}`);
    }
  }
} finally {
  await chrome.kill();
  stop();
}
console.table(rows);
const worst = Math.min(...rows.flatMap((r) => [r.perf, r.a11y, r.bp, r.seo]));
console.log(`lowest score: ${worst} (aim: ≥ 95)`);
