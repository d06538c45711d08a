// The app's routes (decision 0300). The home page is in the first chunk; every other page, and each
// app in particular, is code-split.
import { lazy, Suspense } from "react";
import { Route, Routes, useLocation } from "react-router";
import { MarketingLayout } from "../marketing/MarketingLayout.tsx";
import { UrlLanguageGate } from "../marketing/UrlLanguageGate.tsx";
import { HomePage } from "../pages/home/HomePage.tsx";
import { Layout } from "../shell/Layout.tsx";
import { ErrorBoundary } from "../ui/ErrorBoundary.tsx";
import { PageSpinner } from "../ui/PageSpinner.tsx";

const ProductAppPage = lazy(() => import("../pages/apps/ProductAppPage.tsx"));
const ClothingAppPage = lazy(() => import("../pages/apps/ClothingAppPage.tsx"));
const VideoAppPage = lazy(() => import("../pages/apps/VideoAppPage.tsx"));
const FeedbackFormPage = lazy(() => import("../features/feedback/FeedbackFormPage.tsx"));
const BlogPage = lazy(() => import("../pages/blog/BlogPage.tsx"));
const BlogPostPage = lazy(() => import("../pages/blog/BlogPostPage.tsx"));
const LandingRoute = lazy(() => import("../pages/landing/LandingRoute.tsx"));
const StripeCheckoutPage = lazy(() => import("../pages/checkout/StripeCheckoutPage.tsx"));
const WechatCheckoutPage = lazy(() => import("../pages/checkout/WechatCheckoutPage.tsx"));
const CheckoutResultPage = lazy(() => import("../pages/checkout/CheckoutResultPage.tsx"));
const AdminPage = lazy(() => import("../pages/admin/AdminPage.tsx"));
const AccountPage = lazy(() => import("../pages/account/AccountPage.tsx"));
const AdminQueuePage = lazy(() => import("../pages/admin/AdminQueuePage.tsx"));
const AdminClaimPage = lazy(() => import("../pages/admin/AdminClaimPage.tsx"));
const NotFoundPage = lazy(() => import("../pages/not-found/NotFoundPage.tsx"));
const PhotoCreditsPage = lazy(() => import("../pages/photo-credits/PhotoCreditsPage.tsx"));

// Marketing pages (prerendered at build time, scripts/prerender.mjs).
function marketingPages(keyPrefix: string) {
  return [
    <Route key={`${keyPrefix}home`} index element={<HomePage />} />,
    <Route key={`${keyPrefix}blog`} path="blog" element={<BlogPage />} />,
    <Route key={`${keyPrefix}tag`} path="blog/tags/:tag" element={<BlogPage />} />,
    <Route key={`${keyPrefix}post`} path="blog/:slug" element={<BlogPostPage />} />,
    <Route key={`${keyPrefix}create`} path="create/*" element={<LandingRoute />} />,
  ];
}

export function AppRoutes() {
  const { pathname } = useLocation();
  return (
    <ErrorBoundary resetKey={pathname}>
      <Suspense fallback={<PageSpinner />}>
        <Routes>
          <Route element={<MarketingLayout />}>
            {marketingPages("")}
            {/* the same pages in another language: /zh/blog, /es/create/… */}
            <Route path=":lng" element={<UrlLanguageGate />}>
              {marketingPages("lng-")}
            </Route>
          </Route>
          <Route element={<Layout />}>
            <Route path="app" element={<ProductAppPage />} />
            <Route path="clothing-app" element={<ClothingAppPage />} />
            <Route path="video-app" element={<VideoAppPage />} />
            <Route path="form" element={<FeedbackFormPage />} />
            <Route path="stripe-checkout" element={<StripeCheckoutPage />} />
            <Route path="wechat-pay-checkout" element={<WechatCheckoutPage />} />
            <Route path="checkout/success" element={<CheckoutResultPage result="success" />} />
            <Route path="checkout/cancel" element={<CheckoutResultPage result="cancel" />} />
            <Route path="admin" element={<AdminPage />} />
            <Route path="account" element={<AccountPage />} />
            <Route path="admin/queue" element={<AdminQueuePage />} />
            <Route path="admin/claim" element={<AdminClaimPage />} />
            <Route path="photo-credits" element={<PhotoCreditsPage />} />
            <Route path="*" element={<NotFoundPage />} />
          </Route>
        </Routes>
      </Suspense>
    </ErrorBoundary>
  );
}
