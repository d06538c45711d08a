// Catches what a page or modal throws while rendering, above all a lazy chunk that no longer
// exists after a new release (the browser still runs the old index.html): the visitor gets a
// way out instead of a blank screen.
import { Component, type ReactNode } from "react";
import { useTranslation } from "react-i18next";
import { buttonClass } from "./Button.tsx";

function Fallback({ onRetry }: { onRetry: () => void }) {
  const { t } = useTranslation("common");
  return (
    <div role="alert" className="mx-auto max-w-xl px-6 py-24 text-center">
      <h1 className="text-2xl font-bold tracking-tight">{t("crash.title")}</h1>
      <p className="mt-3 text-slate-600">{t("crash.text")}</p>
      <div className="mt-8 flex justify-center gap-3">
        <button
          type="button"
          className={buttonClass("primary")}
          onClick={() => window.location.reload()}
        >
          {t("crash.reload")}
        </button>
        <button type="button" className={buttonClass("secondary")} onClick={onRetry}>
          {t("crash.retry")}
        </button>
      </div>
    </div>
  );
}

export class ErrorBoundary extends Component<
  { children: ReactNode; silent?: boolean; resetKey?: unknown },
  { failed: boolean; key: unknown }
> {
  override state = { failed: false, key: this.props.resetKey };

  static getDerivedStateFromError() {
    return { failed: true };
  }

  static getDerivedStateFromProps(
    props: { resetKey?: unknown },
    state: { failed: boolean; key: unknown },
  ) {
    // a new page (or modal) starts afresh
    return props.resetKey !== state.key ? { failed: false, key: props.resetKey } : null;
  }

  override componentDidCatch(error: unknown) {
    console.error("render failed", error);
  }

  override render() {
    if (!this.state.failed) return this.props.children;
    if (this.props.silent) return null;
    return <Fallback onRetry={() => this.setState({ failed: false })} />;
  }
}
