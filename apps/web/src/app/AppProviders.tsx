import type { ReactNode } from "react";
import { ModalProvider } from "../modals/ModalProvider.tsx";
import { SessionProvider } from "../session/SessionProvider.tsx";

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
      <ModalProvider>{children}</ModalProvider>
    </SessionProvider>
  );
}
