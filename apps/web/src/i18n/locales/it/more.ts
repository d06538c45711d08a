// The app's other namespaces (modals, product app, billing, …), loaded on first use. The admin
// console's strings are English and Chinese only (decision 0907).
import account from "./account.json";
import apps from "./apps.json";
import auth from "./auth.json";
import billing from "./billing.json";
import checkout from "./checkout.json";
import clothingApp from "./clothing-app.json";
import feedback from "./feedback.json";
import modals from "./modals.json";
import pricing from "./pricing.json";
import productApp from "./product-app.json";
import videoApp from "./video-app.json";

export default {
  account,
  apps,
  auth,
  billing,
  checkout,
  "clothing-app": clothingApp,
  feedback,
  modals,
  pricing,
  "product-app": productApp,
  "video-app": videoApp,
};
