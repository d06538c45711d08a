// Namespaces the top bar and home page need before the first render.
import coins from "./coins.json";
import common from "./common.json";
import home from "./home.json";
import nav from "./nav.json";
import notifications from "./notifications.json";

export default { coins, common, home, nav, notifications };
