// Opens a modal the way the shell does (through the modal context) inside the full providers.
import { act, screen } from "@testing-library/react";
import { vi } from "vitest";
import { api } from "../api/api-client.ts";
import type { ModalContextValue } from "../modals/ModalProvider.tsx";
import type { ModalKind, ModalProps } from "../modals/modal-kinds.ts";
import { useModal } from "../modals/use-modal.ts";
import type { SessionContextValue } from "../session/SessionProvider.tsx";
import { useSession } from "../session/use-session.ts";
import { checkTokenResponse, storeToken } from "./fixtures.ts";
import { renderApp } from "./render.tsx";

export const handles: { modal?: ModalContextValue; session?: SessionContextValue } = {};

export function Handles() {
  handles.modal = useModal();
  handles.session = useSession();
  return null;
}

export function renderShell(opts: { route?: string; lang?: "en-US" | "zh-CN" } = {}) {
  return renderApp(<Handles />, opts);
}

export async function openModal<K extends ModalKind>(
  kind: K,
  props: ModalProps[K],
  opts: { route?: string; lang?: "en-US" | "zh-CN"; rendered?: boolean } = {},
) {
  if (!opts.rendered) renderShell(opts);
  const open = handles.modal?.open as ((k: K, p: ModalProps[K]) => void) | undefined;
  act(() => open?.(kind, props));
  return screen.findByRole("dialog");
}

/** Waits for check-token to sign the stored user in. */
export async function signedIn() {
  const { waitFor } = await import("@testing-library/react");
  await waitFor(() => {
    if (!handles.session?.session.loggedIn) throw new Error("not signed in yet");
  });
}

/** Opens the modal for the user the stored token signs in (check-token answers the fixture's account). */
export async function openModalSignedIn<K extends ModalKind>(kind: K, props: ModalProps[K]) {
  storeToken();
  vi.spyOn(api, "checkToken").mockResolvedValue(checkTokenResponse());
  renderShell();
  await signedIn();
  return openModal(kind, props, { rendered: true });
}
