// Fixing the cut-out: the photo at a working size with the product's mask over it. An erase or
// restore brush (size slider), a tap that takes a whole region of similar colour (tolerance
// slider), undo/redo, before/after; Save sends the mask to the server, which makes it the
// cut-out of every later generation. Pointer events cover mouse, pen and touch alike; the
// canvas has touch-action: none so painting never scrolls the page.
import { Dialog, DialogPanel, DialogTitle } from "@headlessui/react";
import type { UploadResponse } from "@studio/contracts";
import { type PointerEvent, useEffect, useRef, useState } from "react";
import { useTranslation } from "react-i18next";
import { ApiError } from "../../../api/api-client.ts";
import { CloseIcon } from "../../../ui/icons.tsx";
import { checkerboard, RedoIcon, studioApi, UndoIcon } from "../../studio/index.ts";
import type { BrushMode } from "./mask-ops.ts";
import { useMaskEditor } from "./use-mask-editor.ts";

type Tool = "brush" | "region";

/** a pointer that moved less than this (screen px) between down and up is a tap */
const TAP_SLOP = 6;

interface Props {
  upload: UploadResponse;
  onClose: () => void;
  /** the upload as the server answers after a save or a reset */
  onSaved: (upload: UploadResponse) => void;
}

export default function CutoutEditor({ upload, onClose, onSaved }: Props) {
  const { t } = useTranslation("product-app");
  const ed = useMaskEditor(upload);
  const [mode, setMode] = useState<BrushMode>("erase");
  const [tool, setTool] = useState<Tool>("brush");
  const [size, setSize] = useState(28);
  const [tolerance, setTolerance] = useState(32);
  const [busy, setBusy] = useState<"save" | "reset" | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [cursor, setCursor] = useState<{ x: number; y: number } | null>(null);
  const [current, setCurrent] = useState(upload);
  const gesture = useRef<{
    id: number;
    start: { x: number; y: number };
    last: { x: number; y: number };
    changed: boolean;
  } | null>(null);

  const { undo, redo } = ed;
  useEffect(() => {
    const onKey = (e: KeyboardEvent) => {
      if (!(e.ctrlKey || e.metaKey)) return;
      const k = e.key.toLowerCase();
      if (k === "z" && !e.shiftKey) undo();
      else if (k === "y" || (k === "z" && e.shiftKey)) redo();
      else return;
      e.preventDefault();
    };
    window.addEventListener("keydown", onKey);
    return () => window.removeEventListener("keydown", onKey);
  }, [undo, redo]);

  /** a pointer's place on the mask, and how many mask pixels a screen pixel is (the canvas
   * fills its box and shows the mask contained in it, letterboxed) */
  const toMask = (e: PointerEvent<HTMLCanvasElement>) => {
    const c = e.currentTarget;
    const r = c.getBoundingClientRect();
    const s = Math.min(r.width / c.width, r.height / c.height) || 1;
    const ox = (r.width - c.width * s) / 2;
    const oy = (r.height - c.height * s) / 2;
    return { x: (e.clientX - r.left - ox) / s, y: (e.clientY - r.top - oy) / s, scale: 1 / s };
  };

  const editable = ed.load.phase === "ready" && ed.view === "after" && busy === null;

  const onDown = (e: PointerEvent<HTMLCanvasElement>) => {
    if (!editable || !e.isPrimary || (e.pointerType === "mouse" && e.button !== 0)) return;
    e.preventDefault();
    e.currentTarget.setPointerCapture(e.pointerId);
    const p = toMask(e);
    ed.begin();
    const at = { x: e.clientX, y: e.clientY };
    gesture.current = { id: e.pointerId, start: at, last: p, changed: false };
    if (tool === "brush") {
      gesture.current.changed = ed.paint(p, p, (size / 2) * p.scale, mode);
    }
  };
  const onMove = (e: PointerEvent<HTMLCanvasElement>) => {
    const r = e.currentTarget.getBoundingClientRect();
    if (e.pointerType !== "touch") setCursor({ x: e.clientX - r.left, y: e.clientY - r.top });
    const g = gesture.current;
    if (!g || g.id !== e.pointerId || tool !== "brush") return;
    const p = toMask(e);
    if (ed.paint(g.last, p, (size / 2) * p.scale, mode)) g.changed = true;
    g.last = p;
  };
  const onUp = (e: PointerEvent<HTMLCanvasElement>) => {
    const g = gesture.current;
    if (!g || g.id !== e.pointerId) return;
    gesture.current = null;
    if (tool === "region") {
      const moved = Math.hypot(e.clientX - g.start.x, e.clientY - g.start.y);
      const p = toMask(e);
      if (moved <= TAP_SLOP && ed.region(p.x, p.y, tolerance, mode) > 0) g.changed = true;
    }
    if (g.changed) ed.commitStep();
    else ed.cancelStep();
  };
  const onCancel = () => {
    const g = gesture.current;
    gesture.current = null;
    if (g?.changed) ed.commitStep();
    else if (g) ed.cancelStep();
  };

  const errorText = (err: unknown) =>
    err instanceof ApiError
      ? err.status === 0
        ? t("errors.network")
        : t("editor.failed", { error: err.error || err.status })
      : t("errors.network");

  const save = async () => {
    setBusy("save");
    setError(null);
    try {
      const saved = await studioApi.saveMask(upload.id, await ed.toPng());
      onSaved(saved);
      onClose();
    } catch (err) {
      setError(errorText(err));
      setBusy(null);
    }
  };
  const reset = async () => {
    setBusy("reset");
    setError(null);
    try {
      const u = await studioApi.resetMask(upload.id);
      setCurrent(u);
      onSaved(u);
      await ed.reload(u);
    } catch (err) {
      setError(errorText(err));
    }
    setBusy(null);
  };

  const segment = (on: boolean) =>
    `inline-flex min-h-11 flex-1 items-center justify-center rounded-lg px-3 text-sm font-semibold transition ${on ? "bg-white text-slate-900 shadow-sm ring-1 ring-slate-300" : "text-slate-600 hover:text-slate-900"}`;
  const iconButton =
    "inline-flex min-h-11 min-w-11 items-center justify-center rounded-xl text-slate-700 ring-1 ring-slate-300 ring-inset hover:bg-slate-50 disabled:opacity-40";
  const radiusOnScreen = size / 2;

  return (
    <Dialog open onClose={() => busy === null && onClose()} className="relative z-50">
      <div className="fixed inset-0 bg-slate-900/60" aria-hidden="true" />
      <div className="fixed inset-0 flex items-stretch justify-center sm:items-center sm:p-4">
        <DialogPanel
          data-testid="cutout-editor"
          className="flex h-full w-full max-w-6xl flex-col bg-white sm:h-[min(52rem,100%)] sm:rounded-3xl sm:shadow-2xl"
        >
          <div className="flex items-center justify-between gap-2 border-b border-slate-200 px-4 py-2 sm:px-5 sm:py-3">
            <div className="min-w-0">
              <DialogTitle className="truncate text-base font-semibold text-slate-900 sm:text-lg">
                {t("editor.title")}
              </DialogTitle>
              <p className="hidden text-sm text-slate-600 sm:block">{t("editor.hint")}</p>
            </div>
            <button
              type="button"
              onClick={onClose}
              disabled={busy !== null}
              className={iconButton}
              aria-label={t("editor.close")}
            >
              <CloseIcon className="h-5 w-5" />
            </button>
          </div>

          <div className="flex min-h-0 flex-1 flex-col lg:flex-row">
            <div className="relative flex min-h-56 flex-1 items-center justify-center bg-slate-100">
              {ed.load.phase === "loading" && (
                <p className="absolute text-sm text-slate-600" role="status">
                  {t("editor.loading")}
                </p>
              )}
              {ed.load.phase === "error" && (
                <p className="absolute px-6 text-center text-sm text-rose-700" role="alert">
                  {t("editor.loadFailed")}
                </p>
              )}
              <div
                className={`absolute inset-2 sm:inset-4 ${ed.view === "after" ? checkerboard : "bg-slate-200"} ${ed.load.phase === "ready" ? "" : "invisible"}`}
              >
                <canvas
                  ref={ed.canvas}
                  data-testid="mask-canvas"
                  aria-label={t("editor.canvas")}
                  className={`absolute inset-0 h-full w-full touch-none select-none object-contain ${editable ? (tool === "brush" ? "cursor-none" : "cursor-crosshair") : ""}`}
                  style={{ touchAction: "none" }}
                  onPointerDown={onDown}
                  onPointerMove={onMove}
                  onPointerUp={onUp}
                  onPointerCancel={onCancel}
                  onPointerLeave={() => setCursor(null)}
                  onContextMenu={(e) => e.preventDefault()}
                />
                {editable && tool === "brush" && cursor && (
                  <span
                    aria-hidden="true"
                    className="pointer-events-none absolute rounded-full border-2 border-white shadow-[0_0_0_1px_rgba(15,23,42,0.7)]"
                    style={{
                      left: cursor.x - radiusOnScreen,
                      top: cursor.y - radiusOnScreen,
                      width: radiusOnScreen * 2,
                      height: radiusOnScreen * 2,
                    }}
                  />
                )}
              </div>
            </div>

            <div className="space-y-3 border-t border-slate-200 p-3 sm:p-4 lg:w-80 lg:border-t-0 lg:border-l">
              <div className="grid grid-cols-2 gap-2 lg:grid-cols-1">
                <fieldset className="flex gap-1 rounded-xl bg-slate-100 p-1">
                  <legend className="sr-only">{t("editor.modeLabel")}</legend>
                  <button
                    type="button"
                    aria-pressed={mode === "erase"}
                    onClick={() => setMode("erase")}
                    className={segment(mode === "erase")}
                    data-testid="mode-erase"
                  >
                    {t("editor.erase")}
                  </button>
                  <button
                    type="button"
                    aria-pressed={mode === "restore"}
                    onClick={() => setMode("restore")}
                    className={segment(mode === "restore")}
                    data-testid="mode-restore"
                  >
                    {t("editor.restore")}
                  </button>
                </fieldset>
                <fieldset className="flex gap-1 rounded-xl bg-slate-100 p-1">
                  <legend className="sr-only">{t("editor.toolLabel")}</legend>
                  <button
                    type="button"
                    aria-pressed={tool === "brush"}
                    onClick={() => setTool("brush")}
                    className={segment(tool === "brush")}
                    data-testid="tool-brush"
                  >
                    {t("editor.brush")}
                  </button>
                  <button
                    type="button"
                    aria-pressed={tool === "region"}
                    onClick={() => setTool("region")}
                    className={segment(tool === "region")}
                    data-testid="tool-region"
                  >
                    {t("editor.region")}
                  </button>
                </fieldset>
              </div>

              {tool === "brush" ? (
                <label className="flex items-center gap-3 text-sm text-slate-700">
                  <span className="w-24 shrink-0">{t("editor.size")}</span>
                  <input
                    type="range"
                    min={4}
                    max={120}
                    value={size}
                    onChange={(e) => setSize(Number(e.target.value))}
                    className="h-11 flex-1 accent-indigo-600"
                    data-testid="brush-size"
                  />
                  <span className="w-10 text-right tabular-nums">{size}</span>
                </label>
              ) : (
                <label className="flex items-center gap-3 text-sm text-slate-700">
                  <span className="w-24 shrink-0">{t("editor.tolerance")}</span>
                  <input
                    type="range"
                    min={4}
                    max={120}
                    value={tolerance}
                    onChange={(e) => setTolerance(Number(e.target.value))}
                    className="h-11 flex-1 accent-indigo-600"
                    data-testid="region-tolerance"
                  />
                  <span className="w-10 text-right tabular-nums">{tolerance}</span>
                </label>
              )}
              <p className="text-xs text-slate-500 lg:text-sm">
                {tool === "brush" ? t("editor.brushHint") : t("editor.regionHint")}
              </p>

              <div className="flex flex-wrap items-center gap-2">
                <button
                  type="button"
                  onClick={undo}
                  disabled={!ed.canUndo || busy !== null}
                  className={iconButton}
                  aria-label={t("editor.undo")}
                  title={t("editor.undo")}
                  data-testid="undo"
                >
                  <UndoIcon className="h-5 w-5" />
                </button>
                <button
                  type="button"
                  onClick={redo}
                  disabled={!ed.canRedo || busy !== null}
                  className={iconButton}
                  aria-label={t("editor.redo")}
                  title={t("editor.redo")}
                  data-testid="redo"
                >
                  <RedoIcon className="h-5 w-5" />
                </button>
                <div className="flex flex-1 gap-1 rounded-xl bg-slate-100 p-1">
                  <button
                    type="button"
                    aria-pressed={ed.view === "before"}
                    onClick={() => ed.setView("before")}
                    className={segment(ed.view === "before")}
                    data-testid="view-before"
                  >
                    {t("editor.before")}
                  </button>
                  <button
                    type="button"
                    aria-pressed={ed.view === "after"}
                    onClick={() => ed.setView("after")}
                    className={segment(ed.view === "after")}
                    data-testid="view-after"
                  >
                    {t("editor.after")}
                  </button>
                </div>
              </div>
              <label className="flex min-h-11 items-center gap-2 text-sm text-slate-700">
                <input
                  type="checkbox"
                  checked={ed.showRemoved}
                  onChange={(e) => ed.setShowRemoved(e.target.checked)}
                  className="h-4 w-4 accent-indigo-600"
                />
                {t("editor.showRemoved")}
              </label>

              {error && (
                <p role="alert" className="text-sm text-rose-700" data-testid="editor-error">
                  {error}
                </p>
              )}

              <div className="flex flex-wrap gap-2 pt-1">
                {current.cutoutEdited && (
                  <button
                    type="button"
                    onClick={() => void reset()}
                    disabled={busy !== null}
                    className="inline-flex min-h-11 items-center justify-center rounded-xl px-3 text-sm font-semibold text-slate-700 ring-1 ring-slate-300 ring-inset hover:bg-slate-50 disabled:opacity-50"
                    data-testid="reset-cutout"
                  >
                    {busy === "reset" ? t("editor.resetting") : t("editor.reset")}
                  </button>
                )}
                <button
                  type="button"
                  onClick={onClose}
                  disabled={busy !== null}
                  className="inline-flex min-h-11 flex-1 items-center justify-center rounded-xl px-4 text-sm font-semibold text-slate-900 ring-1 ring-slate-300 ring-inset hover:bg-slate-50 disabled:opacity-50"
                >
                  {t("editor.cancel")}
                </button>
                <button
                  type="button"
                  onClick={() => void save()}
                  disabled={ed.load.phase !== "ready" || busy !== null}
                  className="inline-flex min-h-11 flex-1 items-center justify-center rounded-xl bg-indigo-600 px-4 text-sm font-semibold text-white shadow-sm hover:bg-indigo-500 disabled:opacity-50"
                  data-testid="save-cutout"
                >
                  {busy === "save" ? t("editor.saving") : t("editor.save")}
                </button>
              </div>
            </div>
          </div>
        </DialogPanel>
      </div>
    </Dialog>
  );
}
