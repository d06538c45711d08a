// What a marketing page and the top bar need before the first render: the shell's namespaces
// and the marketing pages' own (home, landing, blog), one chunk.
import blog from "./blog.json";
import coins from "./coins.json";
import common from "./common.json";
import home from "./home.json";
import landing from "./landing.json";
import nav from "./nav.json";
import notifications from "./notifications.json";

export default { blog, coins, common, home, landing, nav, notifications };
