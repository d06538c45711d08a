// Follows one generation until it is done: server-sent events from its eventsUrl (what the
// backend ships), falling back to polling /api/check-position when the stream cannot be
// opened or breaks. Every status answer restarts the local countdown of the estimate.
import type {
  CheckPositionResponse,
  Generation,
  GenerationStatus,
  PresetName,
  SubmitResponse,
} from "@studio/contracts";
import { useCallback, useEffect, useRef, useState } from "react";
import { ApiError } from "../../../api/api-client.ts";
import { studioApi } from "../api/studio-api.ts";
import { finished } from "../model/generation-status.ts";

export interface LiveGeneration {
  id: string;
  status: GenerationStatus;
  position?: number;
  etaSeconds?: number;
  /** while GPU servers paint the photos: the share of their sampler steps done, 0..1 */
  painted?: number;
  /** when the estimate arrived (ms) */
  receivedAt: number;
  /** when we started following it (ms) */
  startedAt: number;
  /** images asked for: the skeletons shown while waiting */
  count: number;
  preset: PresetName;
  eventsUrl: string;
  generation: Generation | null;
}

const POLL_MS = 1500;

export function useLiveGeneration(onFinished: (g: Generation) => void) {
  const [live, setLive] = useState<LiveGeneration | null>(null);
  const finishedRef = useRef(onFinished);
  finishedRef.current = onFinished;

  const follow = useCallback((res: SubmitResponse, count: number, preset: PresetName) => {
    const now = Date.now();
    setLive({
      id: res.id,
      status: res.status,
      ...(res.position !== undefined ? { position: res.position } : {}),
      ...(res.etaSeconds !== undefined ? { etaSeconds: res.etaSeconds } : {}),
      receivedAt: now,
      startedAt: now,
      count,
      preset,
      eventsUrl: res.eventsUrl,
      generation: null,
    });
  }, []);

  /** shows a generation from the history (finished or still running) */
  const show = useCallback((g: Generation) => {
    const now = Date.now();
    setLive({
      id: g.id,
      status: g.status,
      ...(g.position !== undefined ? { position: g.position } : {}),
      ...(g.etaSeconds !== undefined ? { etaSeconds: g.etaSeconds } : {}),
      receivedAt: now,
      startedAt: now,
      count: g.count,
      preset: g.preset,
      eventsUrl: g.eventsUrl,
      generation: finished(g.status) ? g : null,
    });
  }, []);

  const clear = useCallback(() => setLive(null), []);

  const id = live && !live.generation ? live.id : null;
  const eventsUrl = live?.eventsUrl ?? "";
  useEffect(() => {
    if (!id) return;
    let stopped = false;
    let timer: ReturnType<typeof setTimeout> | undefined;
    let source: EventSource | null = null;

    const apply = (s: CheckPositionResponse) =>
      setLive((l) => {
        if (!l || l.id !== id) return l;
        const next: LiveGeneration = { ...l, status: s.status, receivedAt: Date.now() };
        if (s.position === undefined) delete next.position;
        else next.position = s.position;
        if (s.etaSeconds === undefined) delete next.etaSeconds;
        else next.etaSeconds = s.etaSeconds;
        if (s.painted === undefined) delete next.painted;
        else next.painted = s.painted;
        return next;
      });
    const complete = (g: Generation) => {
      if (stopped) return;
      stopped = true;
      source?.close();
      setLive((l) => (l && l.id === id ? { ...l, status: g.status, generation: g } : l));
      finishedRef.current(g);
    };
    const poll = async () => {
      if (stopped) return;
      try {
        const s = await studioApi.checkPosition(id);
        if (stopped) return;
        apply(s);
        if (finished(s.status)) return complete(await studioApi.getGeneration(id));
      } catch (err) {
        // deleted meanwhile, or no longer ours (logged out): stop asking
        if (err instanceof ApiError && err.status >= 400 && err.status < 500) {
          stopped = true;
          setLive((l) => (l && l.id === id ? null : l));
          return;
        }
        // otherwise a dropped answer: the next round asks again
      }
      if (!stopped) timer = setTimeout(poll, POLL_MS);
    };

    if (typeof EventSource !== "undefined" && eventsUrl) {
      source = new EventSource(eventsUrl);
      source.addEventListener("status", (e) => {
        const s = JSON.parse((e as MessageEvent<string>).data) as CheckPositionResponse;
        apply(s);
      });
      source.addEventListener("generation", (e) =>
        complete(JSON.parse((e as MessageEvent<string>).data) as Generation),
      );
      // the stream's own 'error' event, or a broken connection: poll from here on
      source.addEventListener("error", () => {
        source?.close();
        source = null;
        if (!stopped && timer === undefined) void poll();
      });
    } else {
      // the submit answer is fresh: the first question can wait a round
      timer = setTimeout(poll, POLL_MS);
    }
    return () => {
      stopped = true;
      source?.close();
      if (timer) clearTimeout(timer);
    };
  }, [id, eventsUrl]);

  return { live, follow, show, clear };
}
