// Tooltip: shown on hover and on keyboard focus, described to screen readers, hidden on Escape.
import { cloneElement, type ReactElement, type ReactNode, useId, useState } from "react";

export function Tooltip({
  content,
  children,
  placement = "bottom",
}: {
  content: ReactNode;
  children: ReactElement<Record<string, unknown>>;
  placement?: "top" | "bottom";
}) {
  const id = useId();
  const [visible, setVisible] = useState(false);
  const show = () => setVisible(true);
  const hide = () => setVisible(false);
  return (
    // biome-ignore lint/a11y/noStaticElementInteractions: the wrapper only mirrors the child's hover/focus
    <span
      className="relative inline-flex"
      onMouseEnter={show}
      onMouseLeave={hide}
      onFocus={show}
      onBlur={hide}
      onKeyDown={(e) => {
        if (e.key === "Escape") hide();
      }}
    >
      {cloneElement(children, { "aria-describedby": id })}
      <span
        id={id}
        role="tooltip"
        className={`pointer-events-none absolute left-1/2 z-50 w-max max-w-60 -translate-x-1/2 rounded-lg bg-slate-900 px-2.5 py-1.5 text-xs font-medium text-white shadow-lg transition-opacity ${
          placement === "top" ? "bottom-full mb-2" : "top-full mt-2"
        } ${visible ? "opacity-100" : "sr-only opacity-0"}`}
      >
        {content}
      </span>
    </span>
  );
}
