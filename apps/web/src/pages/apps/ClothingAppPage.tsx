// /clothing-app: the Clothing app (issue 10, features/clothing-app).
import ClothingStudio from "../../features/clothing-app/components/ClothingStudio.tsx";

export default function ClothingAppPage() {
  return <ClothingStudio />;
}
