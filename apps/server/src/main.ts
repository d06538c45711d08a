// Process entry: validate config, open and migrate the database, serve.
import { buildApp } from "./app.ts";
import { startEngineEarly } from "./composition/engine-start.ts";
import { loadStartConfig } from "./composition/start-config.ts";
import { databaseOptionsFromConfig, openDatabase } from "./db/database.ts";
import { migrate } from "./db/migrate.ts";
import { initServerSentry } from "./modules/monitoring/sentry-server.ts";

async function main() {
  const standIn = await loadStartConfig();
  const config = standIn.config;
  const sentry = await initServerSentry(config.monitoring);
  // the engine's threads load and warm the models while the database opens (decision 0555)
  const early = startEngineEarly(config.generations);
  const database = await openDatabase(databaseOptionsFromConfig(config));
  const applied = await migrate(database);
  const app = await buildApp({
    config,
    database,
    ...(early ? { engine: early.engine, engineModelsWarming: early.models } : {}),
  });
  early?.attachLog(app.log);
  if (sentry) (await import("@sentry/node")).setupFastifyErrorHandler(app);
  if (applied.length) app.log.info({ applied }, "migrations applied");
  app.addHook("onClose", async () => {
    await database.close();
    await standIn.close();
  });
  // a second signal while closing (a supervisor repeating itself) must not kill the process
  // half-way with the default handler: the first one's close finishes and exits
  let closing = false;
  for (const signal of ["SIGINT", "SIGTERM"] as const) {
    process.on(signal, () => {
      if (closing) return;
      closing = true;
      app.log.info({ signal }, "shutting down");
      app.close().then(
        () => process.exit(0),
        () => process.exit(1),
      );
    });
  }
  await app.listen({ port: config.port, host: config.host });
}

main().catch((err: unknown) => {
  console.error("Failed to start:", err instanceof Error ? err.message : err);
  process.exit(1);
});
