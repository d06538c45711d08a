// The whole language at once (prerender, tests); the browser loads core and more separately.
import core from "./core.ts";
import more from "./more.ts";

export default { ...core, ...more };
