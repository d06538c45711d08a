// Spec section 2's routes. The home page is in the first chunk; every other page, and each
// app in particular, is code-split.
import { lazy, Suspense } from "react";
import { Route, Routes, useLocation } from "react-router";
import { HomePage } from "../pages/home/HomePage.tsx";
import { Layout } from "../shell/Layout.tsx";
import { ErrorBoundary } from "../ui/ErrorBoundary.tsx";
import { PageSpinner } from "../ui/PageSpinner.tsx";

const ProductAppPage = lazy(() => import("../pages/apps/ProductAppPage.tsx"));
const ClothingAppPage = lazy(() => import("../pages/apps/ClothingAppPage.tsx"));
const VideoAppPage = lazy(() => import("../pages/apps/VideoAppPage.tsx"));
const FeedbackFormPage = lazy(() => import("../features/feedback/FeedbackFormPage.tsx"));
const BlogPage = lazy(() => import("../pages/blog/BlogPage.tsx"));
const LandingRoute = lazy(() => import("../pages/landing/LandingRoute.tsx"));
const CheckoutPage = lazy(() => import("../pages/checkout/CheckoutPage.tsx"));
const NotFoundPage = lazy(() => import("../pages/not-found/NotFoundPage.tsx"));

export function AppRoutes() {
  const { pathname } = useLocation();
  return (
    <ErrorBoundary resetKey={pathname}>
      <Suspense fallback={<PageSpinner />}>
        <Routes>
          <Route element={<Layout marketing />}>
            <Route index element={<HomePage />} />
            <Route path="blog" element={<BlogPage />} />
            <Route path="create/*" element={<LandingRoute />} />
          </Route>
          <Route element={<Layout />}>
            <Route path="app" element={<ProductAppPage />} />
            <Route path="clothing-app" element={<ClothingAppPage />} />
            <Route path="video-app" element={<VideoAppPage />} />
            <Route path="form" element={<FeedbackFormPage />} />
            <Route path="stripe-checkout" element={<CheckoutPage provider="stripe" />} />
            <Route path="wechat-pay-checkout" element={<CheckoutPage provider="wechat" />} />
            <Route path="*" element={<NotFoundPage />} />
          </Route>
        </Routes>
      </Suspense>
    </ErrorBoundary>
  );
}
