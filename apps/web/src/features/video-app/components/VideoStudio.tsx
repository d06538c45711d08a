// /video-app: make a product video from a photo (left), the seller's videos playing inline
// (right), and the made-to-order video below. One column at phone widths.
import type { Video } from "@studio/contracts";
import { QueryClient, QueryClientProvider, useQueryClient } from "@tanstack/react-query";
import type { TFunction } from "i18next";
import { useCallback, useEffect, useRef, useState } from "react";
import { useTranslation } from "react-i18next";
import { ApiError } from "../../../api/api-client.ts";
import { useModal } from "../../../modals/use-modal.ts";
import { AppSwitcher } from "../../../pages/apps/AppSwitcher.tsx";
import { tierOf } from "../../../session/session-state.ts";
import { useSession } from "../../../session/use-session.ts";
import { useDocumentTitle } from "../../../ui/use-document-title.ts";
import { usePhotoUpload } from "../../studio/index.ts";
import { videoApi } from "../api/video-api.ts";
import { useOrders, usePrice, useVideos, videoKeys } from "../hooks/use-videos.ts";
import { OrderAdmin } from "./OrderAdmin.tsx";
import { type OrderInput, OrderVideo } from "./OrderVideo.tsx";
import { VideoCard } from "./VideoCard.tsx";
import { type MakeRequest, VideoMaker } from "./VideoMaker.tsx";

let shared: QueryClient | null = null;

export default function VideoStudio() {
  shared ??= new QueryClient({
    defaultOptions: { queries: { retry: 1, refetchOnWindowFocus: false } },
  });
  return (
    <QueryClientProvider client={shared}>
      <Studio />
    </QueryClientProvider>
  );
}

function errorText(err: unknown, t: TFunction<"video-app">): string {
  if (err instanceof ApiError) {
    if (err.status === 402) return t("errors.notEnoughCoins");
    if (err.status === 0) return t("errors.network");
    return err.error || t("errors.generic");
  }
  return t("errors.generic");
}

function Studio() {
  const { t } = useTranslation("video-app");
  useDocumentTitle("video-app:title");
  const { session, refresh } = useSession();
  const modal = useModal();
  const client = useQueryClient();
  const needLogin = useCallback(() => modal.open("login", { mode: "signup" }), [modal]);
  const main = usePhotoUpload(session.loggedIn, needLogin);
  const extra = usePhotoUpload(session.loggedIn, needLogin);
  const videos = useVideos(session.loggedIn);
  const orders = useOrders(session.loggedIn);
  const price = usePrice(session.loggedIn);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [orderBusy, setOrderBusy] = useState(false);
  const [orderError, setOrderError] = useState<string | null>(null);

  const ids = [main.photo, extra.photo].flatMap((p) =>
    p.phase === "uploaded" && p.cutout !== "failed" ? [p.upload.id] : [],
  );

  // refresh coins once a video finishes (a failed one was refunded)
  const items = videos.data?.items ?? [];
  const activeCount = items.filter((v) => v.status !== "done" && v.status !== "failed").length;
  const lastActive = useRef(activeCount);
  useEffect(() => {
    if (activeCount < lastActive.current) void refresh();
    lastActive.current = activeCount;
  }, [activeCount, refresh]);

  const make = async (req: MakeRequest) => {
    if (!session.loggedIn) return needLogin();
    setBusy(true);
    setError(null);
    try {
      await videoApi.submit({
        uploadIds: req.move === "turntable" ? ids : ids.slice(0, 1),
        move: req.move,
        seconds: req.seconds,
        fps: req.fps,
        aspect: req.aspect,
        ...(req.prompt ? { prompt: req.prompt } : {}),
      });
      void refresh();
      await client.invalidateQueries({ queryKey: videoKeys.videos });
    } catch (err) {
      if (err instanceof ApiError && err.status === 402) modal.open("payment-required");
      setError(errorText(err, t));
    } finally {
      setBusy(false);
    }
  };

  const remove = async (v: Video) => {
    await videoApi.remove(v.id).catch(() => {});
    void refresh();
    await client.invalidateQueries({ queryKey: videoKeys.videos });
  };

  const order = async (o: OrderInput) => {
    if (!session.loggedIn) {
      needLogin();
      return false;
    }
    setOrderBusy(true);
    setOrderError(null);
    try {
      await videoApi.order({ ...o, uploadIds: ids });
      await client.invalidateQueries({ queryKey: videoKeys.orders });
      return true;
    } catch (err) {
      setOrderError(errorText(err, t));
      return false;
    } finally {
      setOrderBusy(false);
    }
  };

  return (
    <div className="mx-auto max-w-7xl px-4 py-6 sm:px-6 sm:py-8">
      <div className="flex flex-wrap items-center justify-between gap-4">
        <div>
          <h1 className="text-2xl font-bold tracking-tight sm:text-3xl">{t("title")}</h1>
          <p className="mt-1 text-slate-600">{t("subtitle")}</p>
        </div>
        <AppSwitcher current="video" />
      </div>
      <div className="mt-6 grid gap-6 lg:grid-cols-[minmax(0,26rem)_minmax(0,1fr)]">
        <VideoMaker
          main={main}
          extra={extra}
          busy={busy}
          error={error}
          onMake={make}
          tier={tierOf(session.paymentType, session.valid)}
        />
        <section aria-labelledby="my-videos">
          <h2 id="my-videos" className="mb-3 text-lg font-bold">
            {t("list.title")}
          </h2>
          {items.length === 0 ? (
            <p
              className="rounded-2xl bg-slate-50 p-6 text-center text-sm text-slate-600"
              data-testid="videos-empty"
            >
              {session.loggedIn ? t("list.empty") : t("list.login")}
            </p>
          ) : (
            <ul className="grid gap-4 sm:grid-cols-2" data-testid="video-list">
              {items.map((v) => (
                <VideoCard key={v.id} video={v} onDelete={remove} />
              ))}
            </ul>
          )}
        </section>
      </div>
      <div className="mt-8">
        <OrderVideo
          price={price.data}
          photos={ids.length}
          orders={orders.data?.items ?? []}
          busy={orderBusy}
          error={orderError}
          onOrder={order}
        />
      </div>
      {session.developer && (
        <div className="mt-8">
          <OrderAdmin />
        </div>
      )}
    </div>
  );
}
