// Worker entry (scaled-out mode): runs only the job handlers, against the same modules and
// database as the server. The job handlers arrive with the generations pipeline (issue 5);
// until a job is defined there is nothing to run, so the process validates its configuration
// and database, says so and exits, instead of idling as if it were working.
import { ConfigError, loadConfig } from "@studio/server/src/config.ts";
import { databaseOptionsFromConfig, openDatabase } from "@studio/server/src/db/database.ts";
import { migrate } from "@studio/server/src/db/migrate.ts";

async function main(): Promise<number> {
  const config = loadConfig();
  const database = await openDatabase(databaseOptionsFromConfig(config));
  try {
    await migrate(database);
  } finally {
    await database.close();
  }
  console.error("worker: no job handlers are defined yet; nothing to run.");
  return 1;
}

main().then(
  (code) => process.exit(code),
  (err: unknown) => {
    console.error(err instanceof ConfigError ? err.message : err);
    process.exit(1);
  },
);
