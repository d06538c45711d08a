// The editor's state: the photo and the current mask at a working size, the history of
// changes, and drawing both onto the canvas. Pixels live in refs (a stroke changes thousands a
// frame; React state would re-render for each), a version counter tells React when to redraw
// the toolbar (undo/redo availability).
import type { UploadResponse } from "@studio/contracts";
import { useCallback, useEffect, useRef, useState } from "react";
import { studioApi } from "../../studio/index.ts";
import {
  type BrushMode,
  fillRegion,
  MaskHistory,
  stroke,
  type WorkingMask,
  workingSize,
} from "./mask-ops.ts";

/** the longest side the editor works at: fine enough for a brush, light enough for a phone */
export const WORKING_SIDE = 1400;
/** removed parts stay faintly visible (tinted) in the "after" view, so they can be restored */
const REMOVED_ALPHA = 96;
const TINT = [244, 63, 94] as const;

export type EditorView = "after" | "before";

export type LoadState =
  | { phase: "loading" }
  | { phase: "ready" }
  | { phase: "error"; error: unknown };

function loadImage(url: string): Promise<HTMLImageElement> {
  return new Promise((resolve, reject) => {
    const img = new Image();
    img.decoding = "async";
    img.onload = () => resolve(img);
    img.onerror = () => reject(new Error(`could not load ${url}`));
    img.src = url;
  });
}

function pixelsOf(source: CanvasImageSource, width: number, height: number): ImageData {
  const c = document.createElement("canvas");
  c.width = width;
  c.height = height;
  const ctx = c.getContext("2d", { willReadFrequently: true });
  if (!ctx) throw new Error("no 2D canvas");
  ctx.drawImage(source, 0, 0, width, height);
  return ctx.getImageData(0, 0, width, height);
}

export function useMaskEditor(upload: UploadResponse) {
  const [load, setLoad] = useState<LoadState>({ phase: "loading" });
  const [version, setVersion] = useState(0);
  const [view, setView] = useState<EditorView>("after");
  const [showRemoved, setShowRemoved] = useState(true);
  const photo = useRef<ImageData | null>(null);
  const mask = useRef<WorkingMask | null>(null);
  const history = useRef(new MaskHistory());
  const canvas = useRef<HTMLCanvasElement | null>(null);
  const frame = useRef(0);
  const dirty = useRef(false);

  const bump = useCallback(() => setVersion((v) => v + 1), []);

  const draw = useCallback(() => {
    frame.current = 0;
    const c = canvas.current;
    const p = photo.current;
    const m = mask.current;
    if (!c || !p || !m) return;
    if (c.width !== p.width || c.height !== p.height) {
      c.width = p.width;
      c.height = p.height;
    }
    const ctx = c.getContext("2d");
    if (!ctx) return;
    if (view === "before") {
      ctx.putImageData(p, 0, 0);
      return;
    }
    const out = new ImageData(p.width, p.height);
    const src = p.data;
    const dst = out.data;
    const a = m.alpha;
    for (let i = 0, j = 0; i < a.length; i++, j += 4) {
      const v = a[i]!;
      if (v >= 128 || !showRemoved) {
        dst[j] = src[j]!;
        dst[j + 1] = src[j + 1]!;
        dst[j + 2] = src[j + 2]!;
        dst[j + 3] = v;
      } else {
        // removed: half photo, half tint, faint, so a restore brush knows where to go
        dst[j] = (src[j]! + TINT[0]) >> 1;
        dst[j + 1] = (src[j + 1]! + TINT[1]) >> 1;
        dst[j + 2] = (src[j + 2]! + TINT[2]) >> 1;
        dst[j + 3] = Math.max(v, REMOVED_ALPHA);
      }
    }
    ctx.putImageData(out, 0, 0);
  }, [view, showRemoved]);

  const redraw = useCallback(() => {
    if (!frame.current) frame.current = requestAnimationFrame(draw);
  }, [draw]);

  useEffect(() => {
    redraw();
  }, [redraw]);
  // what reload calls, without making reload (and the effect that loads) change with the view
  const redrawLatest = useRef(redraw);
  redrawLatest.current = redraw;
  useEffect(() => () => cancelAnimationFrame(frame.current), []);

  const reload = useCallback(
    async (u: UploadResponse) => {
      setLoad({ phase: "loading" });
      try {
        const size = workingSize(u.width, u.height, WORKING_SIDE);
        const [img, maskBlob] = await Promise.all([
          loadImage(u.originalUrl),
          studioApi.getMask(u.id),
        ]);
        if (!maskBlob) throw new Error("pending");
        const maskImg = await loadImage(URL.createObjectURL(maskBlob));
        URL.revokeObjectURL(maskImg.src);
        photo.current = pixelsOf(img, size.width, size.height);
        const grey = pixelsOf(maskImg, size.width, size.height).data;
        const alpha = new Uint8Array(size.width * size.height);
        for (let i = 0; i < alpha.length; i++) alpha[i] = grey[i * 4]!;
        mask.current = { ...size, alpha };
        history.current.clear();
        dirty.current = false;
        setLoad({ phase: "ready" });
        bump();
        redrawLatest.current();
      } catch (error) {
        setLoad({ phase: "error", error });
      }
    },
    [bump],
  );

  // opened once per upload; a reset reloads explicitly (a new upload object after a save
  // must not throw the seller's history away)
  const first = useRef(upload);
  useEffect(() => {
    void reload(first.current);
  }, [reload]);

  /** a stroke or a tap starts: remember the mask as it was */
  const begin = useCallback(() => {
    if (mask.current) history.current.record(mask.current.alpha);
  }, []);
  /** the step changed nothing: forget it */
  const cancelStep = useCallback(() => {
    history.current.drop();
    bump();
  }, [bump]);
  const commitStep = useCallback(() => {
    dirty.current = true;
    bump();
  }, [bump]);

  const paint = useCallback(
    (
      from: { x: number; y: number },
      to: { x: number; y: number },
      radius: number,
      mode: BrushMode,
    ) => {
      const m = mask.current;
      if (!m) return false;
      const changed = stroke(m, from, to, radius, mode);
      if (changed) redraw();
      return changed;
    },
    [redraw],
  );

  const region = useCallback(
    (x: number, y: number, tolerance: number, mode: BrushMode) => {
      const m = mask.current;
      const p = photo.current;
      if (!m || !p) return 0;
      const n = fillRegion(m, p, x, y, tolerance, mode);
      if (n) redraw();
      return n;
    },
    [redraw],
  );

  const swap = useCallback(
    (next: Uint8Array | null) => {
      if (!next || !mask.current) return;
      mask.current = { ...mask.current, alpha: next };
      dirty.current = true;
      bump();
      redraw();
    },
    [bump, redraw],
  );
  const undo = useCallback(() => {
    if (mask.current) swap(history.current.undo(mask.current.alpha));
  }, [swap]);
  const redo = useCallback(() => {
    if (mask.current) swap(history.current.redo(mask.current.alpha));
  }, [swap]);

  /** the mask as the server takes it: a PNG at the working size, the matte in alpha */
  const toPng = useCallback(async (): Promise<Blob> => {
    const m = mask.current;
    if (!m) throw new Error("not loaded");
    const c = document.createElement("canvas");
    c.width = m.width;
    c.height = m.height;
    const ctx = c.getContext("2d");
    if (!ctx) throw new Error("no 2D canvas");
    const img = new ImageData(m.width, m.height);
    for (let i = 0; i < m.alpha.length; i++) img.data[i * 4 + 3] = m.alpha[i]!;
    ctx.putImageData(img, 0, 0);
    return new Promise((resolve, reject) =>
      c.toBlob((b) => (b ? resolve(b) : reject(new Error("toBlob failed"))), "image/png"),
    );
  }, []);

  /** share of the frame that is product now (for the screen reader's summary) */
  const coverage = () => {
    const m = mask.current;
    if (!m) return 0;
    let n = 0;
    for (let i = 0; i < m.alpha.length; i++) if (m.alpha[i]! >= 128) n++;
    return n / m.alpha.length;
  };

  return {
    load,
    version,
    canvas,
    view,
    setView,
    showRemoved,
    setShowRemoved,
    begin,
    cancelStep,
    commitStep,
    paint,
    region,
    undo,
    redo,
    canUndo: history.current.canUndo,
    canRedo: history.current.canRedo,
    isDirty: () => dirty.current,
    toPng,
    reload,
    coverage,
    size: () => (mask.current ? { width: mask.current.width, height: mask.current.height } : null),
  };
}
