// Where a video stands: its place among the waitlisted videos (first come, first served) and an
// estimate in seconds from the measured seconds per frame of recent videos, the frames ahead of
// it and the workers online.
import { sql } from "drizzle-orm";
import type { GenerationsConfig } from "../../config.ts";
import type { Db } from "../../db/database.ts";
import { workersOnline } from "../jobs/workers.repository.ts";
import type { VideoRow } from "./videos.tables.ts";

/** before anything was measured: bench:video gives ~0.05 s a 1080² frame, plus the set render */
const DEFAULT_SECONDS_PER_FRAME = 0.08;
const SETUP_SECONDS = 3;

export interface VideoQueueInfo {
  position?: number;
  etaSeconds?: number;
}

function rows<T>(r: unknown): T[] {
  return (r as { rows: T[] }).rows;
}

async function secondsPerFrame(db: Db): Promise<number> {
  const [r] = rows<{ spf: number | string | null }>(
    await db.execute(sql`
      select avg(extract(epoch from (finished_at - started_at)) / frames_total) as spf
      from (select finished_at, started_at, frames_total from videos
            where status = 'done' and started_at is not null
            order by finished_at desc limit 10) recent`),
  );
  const spf = r?.spf == null ? null : Number(r.spf);
  return spf && Number.isFinite(spf) && spf > 0 ? spf : DEFAULT_SECONDS_PER_FRAME;
}

export async function videoQueueInfo(
  db: Db,
  config: GenerationsConfig,
  v: VideoRow,
  nowMs: number,
): Promise<VideoQueueInfo> {
  if (v.status === "done" || v.status === "failed") return {};
  const spf = await secondsPerFrame(db);
  const own = SETUP_SECONDS + v.framesTotal * spf;
  if (v.status !== "waitlisted") {
    const byFrames = SETUP_SECONDS / 2 + (v.framesTotal - v.framesDone) * spf;
    const elapsed = v.startedAt ? (nowMs - v.startedAt.getTime()) / 1000 : 0;
    return { etaSeconds: Math.max(1, Math.ceil(v.framesDone > 0 ? byFrames : own - elapsed)) };
  }
  const [ahead] = rows<{ n: number | string; frames: number | string | null }>(
    await db.execute(sql`
      select count(*) as n, sum(frames_total) as frames from videos
      where status = 'waitlisted' and (created_at, id) < (${v.createdAt.toISOString()}::timestamptz, ${v.id}::uuid)`),
  );
  const [running] = rows<{ frames: number | string | null }>(
    await db.execute(sql`
      select sum(frames_total - frames_done) as frames from videos
      where status in ('accepted', 'processing', 'generating')`),
  );
  const workers = Math.max(1, await workersOnline(db, config.heartbeatSeconds));
  const n = Number(ahead?.n ?? 0);
  const framesBefore = Number(ahead?.frames ?? 0) + Number(running?.frames ?? 0);
  const etaSeconds = Math.ceil((n * SETUP_SECONDS + framesBefore * spf) / workers + own);
  return { position: n + 1, etaSeconds };
}
