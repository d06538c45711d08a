import { lazy, type ReactNode } from "react";
import { ModalProvider } from "../modals/ModalProvider.tsx";
import { SessionProvider } from "../session/SessionProvider.tsx";

// The modals are their own chunk: the home page does not pay for them until one opens.
const ModalRoot = lazy(() => import("./ModalRoot.tsx"));

/** hydrating: the page came prerendered (see SessionProvider's restoreAfterMount). */
export function AppProviders({
  children,
  hydrating,
}: {
  children: ReactNode;
  hydrating?: boolean;
}) {
  return (
    <SessionProvider restoreAfterMount={hydrating}>
      <ModalProvider root={ModalRoot}>{children}</ModalProvider>
    </SessionProvider>
  );
}
