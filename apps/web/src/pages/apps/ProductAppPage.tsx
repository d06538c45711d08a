// /app: the active app's workspace. The product app is the Product studio
// (features/product-app, decision 0350); the clothing and video apps keep their own pages.
import { lazy } from "react";
import ProductStudio from "../../features/product-app/components/ProductStudio.tsx";
import { useSession } from "../../session/use-session.ts";

const ClothingAppPage = lazy(() => import("./ClothingAppPage.tsx"));
const VideoAppPage = lazy(() => import("./VideoAppPage.tsx"));

export default function AppEntry() {
  const { session } = useSession();
  if (session.activeApp === "clothing") return <ClothingAppPage />;
  if (session.activeApp === "video") return <VideoAppPage />;
  return <ProductStudio />;
}
