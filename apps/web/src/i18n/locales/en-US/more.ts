// Namespaces of the modals and the other pages, loaded on first use (or when idle).
import account from "./account.json";
import admin from "./admin.json";
import apps from "./apps.json";
import auth from "./auth.json";
import billing from "./billing.json";
import blog from "./blog.json";
import checkout from "./checkout.json";
import clothingApp from "./clothing-app.json";
import feedback from "./feedback.json";
import landing from "./landing.json";
import modals from "./modals.json";
import photoCredits from "./photo-credits.json";
import pricing from "./pricing.json";
import productApp from "./product-app.json";
import videoApp from "./video-app.json";

export default {
  account,
  admin,
  apps,
  auth,
  billing,
  blog,
  checkout,
  "clothing-app": clothingApp,
  feedback,
  landing,
  modals,
  "photo-credits": photoCredits,
  pricing,
  "product-app": productApp,
  "video-app": videoApp,
};
