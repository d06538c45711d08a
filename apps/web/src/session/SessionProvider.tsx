// The session/user context: restored from local storage, validated with check-token on load
// and whenever the token changes (here or in another tab); a refused token signs out.
import type { LoginResponse } from "@studio/contracts";
import {
  createContext,
  type ReactNode,
  useCallback,
  useEffect,
  useLayoutEffect,
  useMemo,
  useRef,
  useState,
} from "react";
import { ApiError, api } from "../api/api-client.ts";
import {
  type ActiveApp,
  anonymousState,
  fromCheckToken,
  fromLogin,
  loggedOut,
  type SessionState,
} from "./session-state.ts";
import {
  clearCredentials,
  loadStored,
  StorageKeys,
  storeActiveApp,
  storeCredentials,
  storeDeveloperMode,
} from "./session-storage.ts";

export interface SessionContextValue {
  session: SessionState;
  /** true while a stored token has not been confirmed by check-token yet */
  validating: boolean;
  signIn: (res: LoginResponse) => void;
  signOut: () => void;
  /** re-reads the user from check-token (coins, flags) */
  refresh: () => Promise<void>;
  patch: (changes: Partial<SessionState>) => void;
  setPromptText: (text: string) => void;
  setActiveApp: (app: ActiveApp) => void;
  setDeveloperMode: (on: boolean) => void;
}

export const SessionContext = createContext<SessionContextValue | null>(null);

function initialState(): SessionState {
  const stored = loadStored();
  return {
    ...anonymousState,
    token: stored.token,
    sessionId: stored.sessionId,
    userEmail: stored.token ? stored.userEmail : "",
    activeApp: stored.activeApp,
    developerMode: stored.developerMode,
  };
}

/**
 * restoreAfterMount: the page was prerendered for an anonymous visitor; the first render must
 * match that HTML, so the stored session is restored right after hydration (before paint).
 */
export function SessionProvider({
  children,
  restoreAfterMount = false,
}: {
  children: ReactNode;
  restoreAfterMount?: boolean;
}) {
  const [session, setSession] = useState<SessionState>(() =>
    restoreAfterMount ? anonymousState : initialState(),
  );
  const [validating, setValidating] = useState(session.token !== "");
  useLayoutEffect(() => {
    if (restoreAfterMount) setSession(initialState());
  }, [restoreAfterMount]);
  const token = session.token;
  // the token a check-token answer belongs to: answers for an older token are dropped
  const current = useRef(token);
  current.current = token;

  const validate = useCallback(async (checked: string, attempt = 0): Promise<void> => {
    try {
      const res = await api.checkToken(checked);
      if (current.current === checked) setSession((s) => ({ ...s, ...fromCheckToken(res) }));
    } catch (err) {
      if (current.current !== checked) return;
      // Only the server's refusal signs out; a network failure keeps the session and retries.
      if (err instanceof ApiError && err.status > 0 && err.status < 500) {
        clearCredentials();
        setSession((s) => loggedOut(s, true));
      } else if (attempt < 2) {
        await new Promise((r) => setTimeout(r, 1000 * (attempt + 1)));
        return validate(checked, attempt + 1);
      }
    }
  }, []);

  useEffect(() => {
    if (!token) {
      setValidating(false);
      return;
    }
    setValidating(true);
    void validate(token).finally(() => {
      if (current.current === token) setValidating(false);
    });
  }, [token, validate]);

  // Another tab logged in or out: follow it, and validate the new token.
  useEffect(() => {
    const onStorage = (e: StorageEvent) => {
      if (e.key !== StorageKeys.token && e.key !== null) return;
      const stored = loadStored();
      setSession((s) =>
        stored.token === s.token
          ? s
          : stored.token
            ? {
                ...s,
                token: stored.token,
                sessionId: stored.sessionId,
                userEmail: stored.userEmail,
              }
            : loggedOut(s),
      );
    };
    window.addEventListener("storage", onStorage);
    return () => window.removeEventListener("storage", onStorage);
  }, []);

  const signIn = useCallback((res: LoginResponse) => {
    storeCredentials(res.token, res.sessionId, res.userEmail);
    setSession((s) => ({ ...s, ...fromLogin(res) }));
  }, []);

  const signOut = useCallback(() => {
    clearCredentials();
    setSession((s) => loggedOut(s));
  }, []);

  const refresh = useCallback(async () => {
    if (current.current) await validate(current.current);
  }, [validate]);

  const patch = useCallback((changes: Partial<SessionState>) => {
    setSession((s) => ({ ...s, ...changes }));
  }, []);

  const setPromptText = useCallback((promptText: string) => patch({ promptText }), [patch]);
  const setActiveApp = useCallback(
    (activeApp: ActiveApp) => {
      storeActiveApp(activeApp);
      patch({ activeApp });
    },
    [patch],
  );
  const setDeveloperMode = useCallback(
    (developerMode: boolean) => {
      storeDeveloperMode(developerMode);
      patch({ developerMode });
    },
    [patch],
  );

  const value = useMemo<SessionContextValue>(
    () => ({
      session,
      validating,
      signIn,
      signOut,
      refresh,
      patch,
      setPromptText,
      setActiveApp,
      setDeveloperMode,
    }),
    [
      session,
      validating,
      signIn,
      signOut,
      refresh,
      patch,
      setPromptText,
      setActiveApp,
      setDeveloperMode,
    ],
  );

  return <SessionContext.Provider value={value}>{children}</SessionContext.Provider>;
}
