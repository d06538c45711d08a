// The marketing pages' strings in this language (the other namespaces fall back to English).
import blog from "./blog.json";
import home from "./home.json";
import landing from "./landing.json";

export default { blog, home, landing };
