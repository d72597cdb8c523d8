// CSS Modules in tests: every class name maps to itself (styles.active === "active"). Unlike identity-obj-proxy it
// says __esModule: true, so `import * as styles from "./x.module.css"` keeps the names.
module.exports = new Proxy(
  {},
  {
    get: (_target, key) => (key === "__esModule" ? true : typeof key === "string" ? key : undefined),
  },
);
