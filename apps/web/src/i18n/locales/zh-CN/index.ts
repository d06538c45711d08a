// The whole language at once (tests and tools); the browser loads core and more separately.
import core from "./core.ts";
import more from "./more.ts";

export default { ...core, ...more };
