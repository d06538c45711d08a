import { useDocumentTitle } from "../../ui/use-document-title.ts";
import { Faq, FinalCta, PricingTeaser } from "./HomeClosing.tsx";
import { HomeHero } from "./HomeHero.tsx";
import { AppsShowcase, HowItWorks, SceneGallery, Stats } from "./HomeSections.tsx";

export function HomePage() {
  useDocumentTitle("home:title");
  return (
    <>
      <HomeHero />
      <Stats />
      <HowItWorks />
      <AppsShowcase />
      <SceneGallery />
      <PricingTeaser />
      <Faq />
      <FinalCta />
    </>
  );
}
