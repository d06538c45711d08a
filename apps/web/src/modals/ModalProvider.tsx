// One modal at a time. Timers live here, not in the modals, because several rules fire
// after the modal that started them has closed (pricing after 200 ms, /form after 1 s).
import {
  type ComponentType,
  createContext,
  type ReactNode,
  Suspense,
  useCallback,
  useEffect,
  useMemo,
  useRef,
  useState,
} from "react";
import { ErrorBoundary } from "../ui/ErrorBoundary.tsx";
import type { ModalKind, ModalProps, OpenModal } from "./modal-kinds.ts";

export interface ModalContextValue {
  current: OpenModal | null;
  open: <K extends ModalKind>(kind: K, ...props: OptionalProps<K>) => void;
  close: () => void;
  /** runs fn after ms unless the app unmounts first */
  schedule: (fn: () => void, ms: number) => void;
}

type OptionalProps<K extends ModalKind> =
  ModalProps[K] extends Record<string, never> ? [props?: ModalProps[K]] : [props: ModalProps[K]];

export const ModalContext = createContext<ModalContextValue | null>(null);

/** What had focus; a menu item (about to disappear) stands for its menu's button. */
function focusOrigin(): HTMLElement | null {
  const active = document.activeElement;
  if (!(active instanceof HTMLElement) || active === document.body) return null;
  const menu = active.closest('[role="menu"]');
  const buttonId = menu?.getAttribute("aria-labelledby");
  return (buttonId && document.getElementById(buttonId)) || active;
}

/**
 * `root` renders the open modal (the app's ModalRoot, which knows the features' modals; lazy, so
 * the home page does not pay for them until one opens).
 */
export function ModalProvider({
  children,
  root: Root,
}: {
  children: ReactNode;
  root: ComponentType;
}) {
  const [current, setCurrent] = useState<OpenModal | null>(null);
  const timers = useRef(new Set<ReturnType<typeof setTimeout>>());
  // Focus goes back where it was when the first modal of a chain opened. (The dialogs are
  // unmounted rather than hidden, so Headless UI cannot restore it itself.)
  const opener = useRef<HTMLElement | null>(null);
  const isOpen = current !== null;

  useEffect(() => {
    if (isOpen) return;
    const target = opener.current;
    opener.current = null;
    if (target?.isConnected) requestAnimationFrame(() => target.focus({ preventScroll: true }));
  }, [isOpen]);

  useEffect(() => {
    const pending = timers.current;
    return () => {
      for (const t of pending) clearTimeout(t);
      pending.clear();
    };
  }, []);

  const open = useCallback(<K extends ModalKind>(kind: K, ...props: OptionalProps<K>) => {
    setCurrent((prev) => {
      if (prev === null) opener.current = focusOrigin();
      return { kind, props: props[0] ?? {} } as OpenModal;
    });
  }, []);
  const close = useCallback(() => setCurrent(null), []);
  const schedule = useCallback((fn: () => void, ms: number) => {
    const t = setTimeout(() => {
      timers.current.delete(t);
      fn();
    }, ms);
    timers.current.add(t);
  }, []);

  const value = useMemo(
    () => ({ current, open, close, schedule }),
    [current, open, close, schedule],
  );
  return (
    <ModalContext.Provider value={value}>
      {children}
      {current && (
        <ErrorBoundary resetKey={current} silent>
          <Suspense fallback={null}>
            <Root />
          </Suspense>
        </ErrorBoundary>
      )}
    </ModalContext.Provider>
  );
}
