// Headless UI's Menu, loaded when a menu is first wanted rather than with the page. The top
// bar's menus are closed on arrival, yet Headless UI's Menu (with Floating UI and React Aria)
// was ~33 KB gzipped of the first chunk every marketing page hydrates (decision 0361).
//
// Same names and props as @headlessui/react's. Until the library is loaded, `MenuButton` is a
// plain button that looks the same (and the closed menu renders nothing, as Headless UI's
// does); pointing at it, touching or focusing it starts the download, and a click, Enter,
// Space or an arrow key opens the real menu as soon as it has arrived, keeping the focus.
// Prerendered HTML and the hydration render both use the plain button, so they match.
import type * as Headless from "@headlessui/react";
import {
  type ComponentProps,
  createContext,
  type ReactNode,
  useContext,
  useEffect,
  useLayoutEffect,
  useRef,
  useSyncExternalStore,
} from "react";

type Kit = typeof Headless;
let kit: Kit | null = null;
let loading: Promise<Kit> | null = null;
const listeners = new Set<() => void>();

/** Starts (once) loading Headless UI; every menu on the page switches to it when it arrives. */
export function loadMenuKit(): Promise<Kit> {
  loading ??= import("@headlessui/react").then((m) => {
    kit = m;
    for (const notify of listeners) notify();
    return m;
  });
  loading.catch(() => {
    loading = null; // offline for a moment: the next gesture tries again
  });
  return loading;
}

function useKit(): Kit | null {
  return useSyncExternalStore(
    (notify) => {
      listeners.add(notify);
      return () => listeners.delete(notify);
    },
    () => kit,
    () => null, // the prerendered HTML, and therefore the hydration render, use plain buttons
  );
}

/** what the visitor did to the plain button, to be done again on the real one */
interface Wish {
  open: boolean;
  focus: boolean;
}
const WishContext = createContext<{ current: Wish } | null>(null);

export function Menu({ children }: { children: ReactNode }) {
  const k = useKit();
  const wish = useRef<Wish>({ open: false, focus: false });
  return (
    <WishContext.Provider value={wish}>
      {k ? <k.Menu>{children}</k.Menu> : children}
    </WishContext.Provider>
  );
}

const OPENING_KEYS = new Set(["Enter", " ", "ArrowDown", "ArrowUp"]);
/** after the page's load work (Lighthouse's blocking-time window on a phone is about 2 s) */
const IDLE_LOAD_MS = 2500;

export function MenuButton(props: ComponentProps<"button">) {
  const k = useKit();
  const wish = useContext(WishContext);
  const ref = useRef<HTMLButtonElement>(null);
  useLayoutEffect(() => {
    if (!k || !wish) return;
    const el = ref.current;
    if (wish.current.focus) el?.focus();
    if (wish.current.open) el?.click();
    wish.current = { open: false, focus: false };
  }, [k, wish]);
  // once the page has settled, fetch the library anyway: a click then meets the real menu
  // instead of racing its download (the first paint still goes without it)
  useEffect(() => {
    if (kit) return;
    const timer = setTimeout(() => void loadMenuKit(), IDLE_LOAD_MS);
    return () => clearTimeout(timer);
  }, []);
  if (k) return <k.MenuButton ref={ref} {...props} />;
  const want = (open: boolean) => {
    if (wish) wish.current = { open, focus: document.activeElement === ref.current };
    void loadMenuKit();
  };
  const { onClick, onKeyDown, ...rest } = props;
  return (
    <button
      ref={ref}
      type="button"
      aria-haspopup="menu"
      aria-expanded={false}
      {...rest}
      onPointerEnter={() => void loadMenuKit()}
      onTouchStart={() => void loadMenuKit()}
      // The wish is taken at the press, not only at the click: when the library arrives
      // between the two, the real button replaces this one, the release lands on a new
      // element and the browser fires no click. The replay above then opens the menu.
      onPointerDown={(e) => {
        if (e.button === 0) want(true);
      }}
      onFocus={() => want(wish?.current.open ?? false)}
      onBlur={() => {
        if (wish) wish.current.focus = false;
      }}
      onClick={(e) => {
        onClick?.(e);
        want(true);
      }}
      onKeyDown={(e) => {
        onKeyDown?.(e);
        if (!OPENING_KEYS.has(e.key)) return;
        e.preventDefault();
        want(true);
      }}
    />
  );
}

type ItemsProps = ComponentProps<Kit["MenuItems"]>;
/** Closed until the library has arrived (and the visitor opened the menu). */
export function MenuItems(props: ItemsProps) {
  const k = useKit();
  return k ? <k.MenuItems {...props} /> : null;
}

// Rendered only inside an open MenuItems, i.e. once the library is here.
function loaded(): Kit {
  if (!kit) throw new Error("menu-kit: a menu part rendered before Headless UI was loaded");
  return kit;
}
export const MenuItem: Kit["MenuItem"] = ((props: ComponentProps<Kit["MenuItem"]>) => {
  const K = loaded().MenuItem;
  return <K {...props} />;
}) as Kit["MenuItem"];
export function MenuSection(props: ComponentProps<Kit["MenuSection"]>) {
  const K = loaded().MenuSection;
  return <K {...props} />;
}
export function MenuHeading(props: ComponentProps<Kit["MenuHeading"]>) {
  const K = loaded().MenuHeading;
  return <K {...props} />;
}
export function MenuSeparator(props: ComponentProps<Kit["MenuSeparator"]>) {
  const K = loaded().MenuSeparator;
  return <K {...props} />;
}
