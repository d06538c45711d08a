// The maintenance notice, settable at run time: the admin console writes one row, and every
// process copies it into its generations config (which the queue, the generation routes and
// GET /api/maintenance read) on change and every few seconds. Without a row the environment's
// MAINTENANCE_AT / MAINTENANCE_MINUTES stand.
import type { Clock } from "../../clock.ts";
import type { GenerationsConfig } from "../../config.ts";
import type { Database } from "../../db/database.ts";

export const SYNC_MS = 5000;

export interface MaintenanceSchedule {
  at: number | null;
  minutes: number;
  setBy: string | null;
}

export function createMaintenanceSchedule(
  database: Database,
  config: GenerationsConfig,
  clock: Clock,
) {
  const fromEnv = { at: config.maintenanceAt, minutes: config.maintenanceMinutes };
  let timer: NodeJS.Timeout | null = null;

  async function read(): Promise<MaintenanceSchedule> {
    const r = await database.executeSql<{ at: string | null; minutes: number; set_by: string }>(
      "select at, minutes, set_by from maintenance_schedule where id = 1",
    );
    const row = r.rows[0];
    if (!row) return { at: fromEnv.at ?? null, minutes: fromEnv.minutes, setBy: null };
    return {
      at: row.at === null ? null : Number(row.at),
      minutes: Number(row.minutes),
      setBy: row.set_by,
    };
  }

  async function sync(): Promise<MaintenanceSchedule> {
    const s = await read();
    config.maintenanceAt = s.at ?? undefined;
    config.maintenanceMinutes = s.minutes;
    return s;
  }

  return {
    read,
    sync,
    async set(by: string, at: number | null, minutes: number) {
      await database.executeSql(
        `insert into maintenance_schedule (id, at, minutes, set_by, set_at) values (1, $1, $2, $3, $4)
         on conflict (id) do update set at = excluded.at, minutes = excluded.minutes,
           set_by = excluded.set_by, set_at = excluded.set_at`,
        [at, minutes, by, clock()],
      );
      return sync();
    },
    start() {
      sync().catch(() => undefined);
      timer = setInterval(() => sync().catch(() => undefined), SYNC_MS);
      timer.unref();
    },
    stop() {
      if (timer) clearInterval(timer);
      timer = null;
    },
  };
}
