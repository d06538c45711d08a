import { useContext } from "react";
import { ModalContext, type ModalContextValue } from "./ModalProvider.tsx";

export function useModal(): ModalContextValue {
  const ctx = useContext(ModalContext);
  if (!ctx) throw new Error("useModal must be used inside <ModalProvider>");
  return ctx;
}
