// /clothing-app: the Clothing app (decision 0701, features/clothing-app).
import ClothingStudio from "../../features/clothing-app/components/ClothingStudio.tsx";

export default function ClothingAppPage() {
  return <ClothingStudio />;
}
