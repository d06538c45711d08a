// The art above most modals' titles: one icon, centred on a tinted panel. The tint is the
// caller's Tailwind classes (background and text colour), written out whole so Tailwind sees them.
import type { ComponentType } from "react";

export function IconHero({
  icon: Icon,
  tint,
  small = false,
}: {
  icon: ComponentType<{ className?: string }>;
  /** background and text colour classes, e.g. "bg-sky-50 text-sky-600" */
  tint: string;
  /** the shorter panel of a size="sm" modal */
  small?: boolean;
}) {
  return (
    <div
      className={`flex ${small ? "h-20" : "h-24"} items-center justify-center rounded-2xl ${tint}`}
    >
      <Icon className={small ? "h-10 w-10" : "h-12 w-12"} />
    </div>
  );
}
