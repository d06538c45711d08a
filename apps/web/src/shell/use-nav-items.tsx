// The Products, Use Cases and Resources menus (decision 0300), shared by the desktop bar
// and the phone menu.
import { useTranslation } from "react-i18next";
import { useNavigate } from "react-router";
import { track } from "../analytics/analytics.ts";
import { useModal } from "../modals/use-modal.ts";
import type { ActiveApp } from "../session/session-state.ts";
import { useSession } from "../session/use-session.ts";
import { CubeIcon, ShirtIcon, SparklesIcon, VideoIcon } from "../ui/icons.tsx";
import { ExternalLinks } from "./links.ts";
import type { NavItem } from "./NavMenu.tsx";

export function useNavItems() {
  const { t } = useTranslation("nav");
  const { session, setActiveApp } = useSession();
  const modal = useModal();
  const navigate = useNavigate();

  // Each product item sets the active app, checks login and goes to /app.
  const chooseApp = (app: ActiveApp) => () => {
    setActiveApp(app);
    if (!session.loggedIn) {
      track("blocked no login", { action: "open-app", app });
      modal.open("login", { mode: "signup" });
      return;
    }
    navigate("/app");
  };

  const products: NavItem[] = [
    {
      key: "product",
      label: t("products.product"),
      description: t("products.productDesc"),
      icon: <CubeIcon className="h-4 w-4" />,
      onSelect: chooseApp("product"),
    },
    {
      key: "clothing",
      label: t("products.clothing"),
      description: t("products.clothingDesc"),
      icon: <ShirtIcon className="h-4 w-4" />,
      onSelect: chooseApp("clothing"),
    },
    {
      key: "video",
      label: t("products.video"),
      description: t("products.videoDesc"),
      icon: <VideoIcon className="h-4 w-4" />,
      onSelect: chooseApp("video"),
    },
  ];

  const useCases: NavItem[] = [
    {
      key: "clothing",
      label: t("useCases.clothing"),
      description: t("useCases.clothingDesc"),
      to: "/create/clothing",
    },
    {
      key: "products",
      label: t("useCases.products"),
      description: t("useCases.productsDesc"),
      to: "/create/products",
    },
    {
      key: "food",
      label: t("useCases.food"),
      description: t("useCases.foodDesc"),
      to: "/create/food-and-beverage",
    },
    {
      key: "amazon",
      label: t("useCases.amazon"),
      description: t("useCases.amazonDesc"),
      to: "/create/amazon-product-photography",
    },
  ];

  const resources: NavItem[] = [
    {
      key: "blog",
      label: t("resources.blog"),
      description: t("resources.blogDesc"),
      to: "/blog",
      icon: <SparklesIcon className="h-4 w-4" />,
    },
    {
      key: "community",
      label: t("resources.community"),
      description: t("resources.communityDesc"),
      href: ExternalLinks.community,
    },
    { key: "instagram", label: t("resources.instagram"), href: ExternalLinks.instagram },
    { key: "tiktok", label: t("resources.tiktok"), href: ExternalLinks.tiktok },
  ];

  const openPricing = () =>
    modal.open("pricing", { table: session.activeApp === "clothing" ? "clothing" : "product" });

  return { products, useCases, resources, openPricing };
}
