// The generic modal wrapper: Headless UI's Dialog traps focus, closes on Escape and is
// labelled by its title; every modal in the app is built on it.
import { Description, Dialog, DialogPanel, DialogTitle } from "@headlessui/react";
import type { ReactNode } from "react";
import { useTranslation } from "react-i18next";
import { CloseIcon } from "../ui/icons.tsx";

export interface ModalProps {
  open?: boolean;
  onClose: () => void;
  title: ReactNode;
  description?: ReactNode;
  children?: ReactNode;
  size?: "sm" | "md" | "lg" | "xl";
  /** art shown above the title */
  hero?: ReactNode;
  testId?: string;
}

const widths = { sm: "max-w-sm", md: "max-w-md", lg: "max-w-lg", xl: "max-w-5xl" } as const;

export function Modal({
  open = true,
  onClose,
  title,
  description,
  children,
  size = "md",
  hero,
  testId,
}: ModalProps) {
  const { t } = useTranslation("common");
  return (
    <Dialog open={open} onClose={onClose} className="relative z-50">
      <div className="fixed inset-0 bg-slate-900/50 backdrop-blur-sm" aria-hidden="true" />
      <div className="fixed inset-0 overflow-y-auto">
        <div className="flex min-h-full items-end justify-center p-0 sm:items-center sm:p-4">
          <DialogPanel
            data-testid={testId}
            className={`relative w-full ${widths[size]} rounded-t-3xl bg-white p-6 shadow-2xl ring-1 ring-slate-900/5 sm:rounded-3xl sm:p-8`}
          >
            <button
              type="button"
              onClick={onClose}
              className="absolute top-4 right-4 rounded-full p-2 text-slate-500 hover:bg-slate-100 hover:text-slate-800"
              aria-label={t("close")}
            >
              <CloseIcon className="h-5 w-5" />
            </button>
            {hero && <div className="mb-5">{hero}</div>}
            <DialogTitle className="pr-8 text-xl font-semibold tracking-tight text-slate-900">
              {title}
            </DialogTitle>
            {description && (
              <Description className="mt-2 text-sm leading-6 text-slate-600">
                {description}
              </Description>
            )}
            <div className="mt-5">{children}</div>
          </DialogPanel>
        </div>
      </div>
    </Dialog>
  );
}
