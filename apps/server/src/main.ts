// Process entry: validate config, open and migrate the database, serve.
// Only what comes before the engine's threads is imported statically: the app's module graph
// (Fastify, every module, their schemas; 1.3-2.2 s of the main thread through tsx) and PGlite's
// are loaded once the engine has started loading and warming its models, not before it
// (decision 0553, tenth round: the engine started 3.2-5.4 s after the process did).
import { startEngineEarly } from "./composition/engine-start.ts";
import { loadStartConfig } from "./composition/start-config.ts";
import { initServerSentry } from "./modules/monitoring/sentry-server.ts";

async function main() {
  const standIn = await loadStartConfig();
  const config = standIn.config;
  const sentry = await initServerSentry(config.monitoring);
  // the engine's threads load and warm the models while the database opens (decision 0555)
  const early = startEngineEarly(config.generations);
  // where a start's time goes, in ms since the process started (logged once listening)
  const at: Record<string, number> = { engine: Math.round(performance.now()) };
  const [{ buildApp }, { databaseOptionsFromConfig, openDatabase }, { migrate }] =
    await Promise.all([import("./app.ts"), import("./db/database.ts"), import("./db/migrate.ts")]);
  at.imported = Math.round(performance.now());
  const database = await openDatabase(databaseOptionsFromConfig(config));
  at.databaseOpen = Math.round(performance.now());
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
  at.listening = Math.round(performance.now());
  app.log.info({ ms: at }, "start-up: engine started, app imported, database open, listening");
  void app.pipeline.warming.then(() =>
    app.log.info(
      { ms: Math.round(performance.now()) },
      "start-up: the engine is warm (GET /api/ready waits for it)",
    ),
  );
}

main().catch((err: unknown) => {
  console.error("Failed to start:", err instanceof Error ? err.message : err);
  process.exit(1);
});
