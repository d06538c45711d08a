// The modal banner (timings in contracts' messages.ts `Constants`): the message clears after 5 s, then the hint
// clears 2 s later.
import { Constants } from "@studio/contracts";
import { useCallback, useEffect, useRef, useState } from "react";

export interface Banner {
  kind: "success" | "error";
  message: string | null;
  hint: string | null;
}

export function useTimedBanner() {
  const [banner, setBanner] = useState<Banner | null>(null);
  const timers = useRef<ReturnType<typeof setTimeout>[]>([]);

  const clearTimers = useCallback(() => {
    for (const t of timers.current) clearTimeout(t);
    timers.current = [];
  }, []);

  useEffect(() => clearTimers, [clearTimers]);

  const show = useCallback(
    (kind: Banner["kind"], message: string, hint: string | null) => {
      clearTimers();
      setBanner({ kind, message, hint });
      timers.current.push(
        setTimeout(() => {
          setBanner((b) => (b ? { ...b, message: null } : b));
          timers.current.push(setTimeout(() => setBanner(null), Constants.loginHintClearMs));
        }, Constants.loginBannerClearMs),
      );
    },
    [clearTimers],
  );

  return { banner, show };
}
