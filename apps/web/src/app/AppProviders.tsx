import type { ReactNode } from "react";
import { ModalProvider } from "../modals/ModalProvider.tsx";
import { SessionProvider } from "../session/SessionProvider.tsx";

export function AppProviders({ children }: { children: ReactNode }) {
  return (
    <SessionProvider>
      <ModalProvider>{children}</ModalProvider>
    </SessionProvider>
  );
}
