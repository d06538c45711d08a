import { existsSync, mkdtempSync, readFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { ConfigError, loadConfig } from "./config.ts";

const dir = () => mkdtempSync(path.join(tmpdir(), "cfg-"));

describe("loadConfig", () => {
  it("has working defaults", () => {
    const d = dir();
    const c = loadConfig({ DATA_DIR: d });
    expect(c.port).toBe(8080);
    expect(c.dataDir).toBe(d);
    expect(c.databaseUrl).toBeUndefined();
    expect(c.nodeEnv).toBe("development");
    expect(c.publicUrl).toBe("http://localhost:8080");
    expect(c.rateLimits.login).toEqual({ max: 20, windowMs: 60_000 });
  });

  it("reads ENGINE_THREADS: unset is the engine's own choice, else the count", () => {
    expect(loadConfig({ DATA_DIR: dir() }).generations.engineThreads).toBeUndefined();
    expect(loadConfig({ DATA_DIR: dir(), ENGINE_THREADS: "1" }).generations.engineThreads).toBe(1);
    expect(loadConfig({ DATA_DIR: dir(), ENGINE_THREADS: "0" }).generations.engineThreads).toBe(
      undefined,
    );
  });

  it("generates the JWT secret once and keeps it under DATA_DIR", () => {
    const d = dir();
    const a = loadConfig({ DATA_DIR: d });
    expect(existsSync(path.join(d, "jwt-secret"))).toBe(true);
    const b = loadConfig({ DATA_DIR: d });
    expect(Buffer.from(b.jwtSecret).toString()).toBe(Buffer.from(a.jwtSecret).toString());
    expect(readFileSync(path.join(d, "jwt-secret"), "utf8").trim().length).toBeGreaterThanOrEqual(
      32,
    );
  });

  it.each([
    [{ PORT: "eighty" }, "PORT"],
    [{ PORT: "70000" }, "PORT"],
    [{ NODE_ENV: "staging" }, "NODE_ENV"],
    [{ DATABASE_URL: "mysql://x" }, "DATABASE_URL"],
    [{ SMTP_URL: "not a url" }, "SMTP_URL"],
    [{ JWT_SECRET: "short" }, "JWT_SECRET"],
    [{ DEVELOPER_EMAILS: "a@b.co,nope" }, "DEVELOPER_EMAILS"],
    [{ RATE_LIMIT_LOGIN: "lots" }, "RATE_LIMIT_LOGIN"],
    [{ ENGINE_THREADS: "two" }, "ENGINE_THREADS"],
    [{ ENGINE_WARM_FULL: "yes" }, "ENGINE_WARM_FULL"],
    [{ ENGINE_THREADS: "65" }, "ENGINE_THREADS"],
    [{ TRUST_PROXY: "yes" }, "TRUST_PROXY"],
    [{ NODE_ENV: "production", DATABASE_URL: "postgres://db/x" }, "JWT_SECRET"],
  ])("names the variable in error for %o", (env, variable) => {
    let error: unknown;
    try {
      loadConfig({ DATA_DIR: dir(), ...env });
    } catch (e) {
      error = e;
    }
    expect(error).toBeInstanceOf(ConfigError);
    expect((error as ConfigError).variable).toBe(variable);
    expect((error as ConfigError).message).toContain(variable);
  });

  it("parses lists and limits", () => {
    const c = loadConfig({
      DATA_DIR: dir(),
      DEVELOPER_EMAILS: " Dev@Example.com , ops@example.com",
      RATE_LIMIT_GIVEAWAY: "5/10",
    });
    expect([...c.developerEmails]).toEqual(["dev@example.com", "ops@example.com"]);
    expect(c.rateLimits.giveaway).toEqual({ max: 5, windowMs: 10_000 });
  });

  it("allows the loopback names of the default address, PUBLIC_URL and ALLOWED_ORIGINS", () => {
    const d = dir();
    expect([...loadConfig({ DATA_DIR: d, PORT: "8081" }).allowedOrigins]).toEqual([
      "http://localhost:8081",
      "http://127.0.0.1:8081",
      "http://[::1]:8081",
    ]);
    const c = loadConfig({
      DATA_DIR: d,
      PUBLIC_URL: "https://studio.example/app",
      ALLOWED_ORIGINS: "http://192.168.1.5:8080, https://shop.example/",
    });
    expect([...c.allowedOrigins]).toEqual([
      "https://studio.example",
      "http://192.168.1.5:8080",
      "https://shop.example",
    ]);
    for (const bad of ["https://shop.example/path", "ftp://x.example", "not a url"]) {
      expect(() => loadConfig({ DATA_DIR: d, ALLOWED_ORIGINS: bad })).toThrow(/ALLOWED_ORIGINS/);
    }
  });

  it("reads PAYMENTS_STAND_IN: local by default, on or off", () => {
    const d = dir();
    expect(loadConfig({ DATA_DIR: d }).billing.standIn).toBe("local");
    expect(loadConfig({ DATA_DIR: d, PAYMENTS_STAND_IN: "on" }).billing.standIn).toBe("on");
    expect(() => loadConfig({ DATA_DIR: d, PAYMENTS_STAND_IN: "yes" })).toThrow(
      /PAYMENTS_STAND_IN/,
    );
  });
});
