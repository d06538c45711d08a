// The shape of the code, checked by dependency-cruiser: `make deps` (part of `make test`, so of
// .ci/run) fails on any import below that breaks a rule, naming the rule and why. One rule a
// block; each says what it keeps. Paths are regular expressions on paths from the repository
// root; `$1` in a `to` is what `(…)` caught in the `from`. Test files and test helpers may reach
// further than shipped code where a rule says so. Issue 30; the layers are drawn in
// docs/ARCHITECTURE.md.
const TEST = "(\\.test\\.tsx?|\\.test-helper\\.ts|\\.test-fixture\\.ts)$|/test/";

/**
 * One forbidden import: its name, why (dependency-cruiser prints both with the offending import)
 * and where it runs, from → to.
 * @param {string} name
 * @param {string} why
 * @param {{ from: object, to: object }} where
 */
function rule(name, why, where) {
  return { name, comment: `${name}: ${why}`, severity: "error", ...where };
}

/** @type {import('dependency-cruiser').IConfiguration} */
module.exports = {
  forbidden: [
    // No import cycles anywhere (type-only imports count: a cycle of types is still two files
    // that cannot be read, changed or moved one without the other). Break one at its seam: move
    // the type to the module that owns it, or hand the dependency in (a registry, a parameter).
    rule(
      "no-cycles",
      "these files import each other in a loop; move the shared type to the module that owns it, or pass the dependency in, so imports flow one way",
      {
        from: {},
        to: { circular: true },
      },
    ),

    // A web feature (apps/web/src/features/<name>/) is one folder; another feature uses it only
    // through its public file, features/<name>/index.ts, so what a feature shares is listed in one
    // place and the rest can change freely. Tests may use another feature's fixtures and mocks.
    rule(
      "web-feature-through-public-file",
      "a feature imports another feature only through its public file features/<name>/index.ts; export what you need there (or move shared code to ui/)",
      {
        from: { path: "^apps/web/src/features/([^/]+)/", pathNot: TEST },
        to: {
          path: "^apps/web/src/features/[^/]+/",
          pathNot: ["^apps/web/src/features/$1/", "^apps/web/src/features/[^/]+/index\\.tsx?$"],
        },
      },
    ),

    // modals/ is the modal machinery (provider, frame, kinds); it knows no feature. The app
    // mounts the features' modals (app/ModalRoot.tsx, as AppRoutes mounts their pages).
    rule(
      "web-modals-know-no-feature",
      "modals/ is the machinery every feature uses; a feature's modal is mounted by app/ModalRoot.tsx, so modals/ never imports features/, pages/ or app/",
      {
        from: { path: "^apps/web/src/modals/" },
        to: { path: "^apps/web/src/(features|pages|app)/" },
      },
    ),

    // The web app talks to the server over HTTP only (schemas from @studio/contracts); it never
    // imports the server, the worker or the engine (scripts outside src/ may drive the engine).
    rule(
      "web-not-server",
      "apps/web/src reaches the server over HTTP with @studio/contracts' schemas; it never imports apps/server, apps/worker or the engine",
      {
        from: { path: "^apps/web/src/" },
        to: { path: "^(apps/(server|worker)|packages/engine)/" },
      },
    ),

    // The engine's types.ts is the seam between its stages (input, cut-out, scenes, render,
    // composite): every stage imports it, so it imports nothing, not even a type.
    rule(
      "engine-types-import-nothing",
      "packages/engine/src/types.ts is the seam every stage imports; a type it needs is declared in it, never imported",
      {
        from: { path: "^packages/engine/src/types\\.ts$" },
        to: {},
      },
    ),

    // The engine is images in, images out: no HTTP, database, contracts or apps.
    rule(
      "engine-stands-alone",
      "packages/engine knows no app and no other workspace package (images in, images out)",
      {
        from: { path: "^packages/engine/" },
        to: { path: "^(apps/|packages/(?!engine/))" },
      },
    ),

    // The shared packages are below the apps: contracts and the client import no app (the
    // client's tests and scripts start a real server to test against and to read its OpenAPI).
    rule(
      "packages-below-apps",
      "packages/contracts and packages/client are used by the apps and never import them",
      {
        from: {
          path: "^packages/(contracts|client)/",
          pathNot: `${TEST}|^packages/client/scripts/`,
        },
        to: { path: "^apps/" },
      },
    ),

    // Server modules reach each other below their HTTP layer: through a module's service,
    // repository and types (and its plain helpers), never its routes, module plugin or tables. A
    // module's tables are its own (the schema's two foreign-key crossings are exempt below);
    // SQL text naming another module's table is checked by modules/module-boundaries.test.ts.
    rule(
      "server-module-tables-are-its-own",
      "a module's *.tables.ts is its own; call the owning module's repository or service (the exempt files: videos.tables.ts's foreign key to generations, coins.repository.ts which writes the balance on the account row)",
      {
        from: {
          path: "^apps/server/src/modules/([^/]+)/",
          pathNot: [
            // foreign key: a video is made from a generation's photo (Drizzle's references()
            // needs the column; the schema is one database)
            "^apps/server/src/modules/videos/videos\\.tables\\.ts$",
            // the balance lives on the account row so a spend is one locked update; this
            // repository is its only writer (decision 0102)
            "^apps/server/src/modules/coins/coins\\.repository\\.ts$",
          ],
        },
        to: {
          path: "^apps/server/src/modules/[^/]+/[^/]+\\.tables\\.ts$",
          pathNot: "^apps/server/src/modules/$1/",
        },
      },
    ),
    rule(
      "server-modules-below-http",
      "a module calls another through its service or repository, never its *.routes.ts or *.module.ts; routes are mounted by src/composition/ (or a *.module.ts)",
      {
        from: {
          path: "^apps/server/src/modules/([^/]+)/",
          pathNot: [
            // a module plugin mounts routes, as the composition root does (public-api.module.ts
            // mounts the API keys' and webhooks' routes beside /v1)
            "\\.module\\.ts$",
            // the outbox's admin page checks the admin list with admin.routes.ts's requireAdmin
            "^apps/server/src/modules/mail/outbox-admin\\.routes\\.ts$",
          ],
        },
        to: {
          path: "^apps/server/src/modules/[^/]+/[^/]+\\.(routes|module)\\.ts$",
          pathNot: "^apps/server/src/modules/$1/",
        },
      },
    ),

    // Server modules reach each other through a module's service, repository and types only:
    // not its presenters (each module answers its own routes), nor its helpers. The HTTP
    // plumbing every module's routes share lives in src/http/ (media-auth.ts, job-routes.ts, zip.ts).
    // The helpers other modules still call are listed here by name, each a seam to move into
    // its module's service: the list only shrinks, and a new crossing fails.
    rule(
      "server-modules-through-services",
      "call another module through its *.service.ts, *.repository.ts or *.types.ts, not its presenter or a helper; put what you need behind its service (shared HTTP plumbing goes in src/http/)",
      {
        from: { path: "^apps/server/src/modules/([^/]+)/", pathNot: TEST },
        to: {
          path: "^apps/server/src/modules/[^/]+/",
          pathNot: [
            "^apps/server/src/modules/$1/",
            // the layers of a module others may use (tables, routes and module plugins have their
            // own rules above)
            "\\.(service|repository|types|tables|routes|module)\\.ts$",
            // infrastructure modules whose entry file is their service in all but name: the
            // media-link signer, the job queue and its job list, the mail sender
            "^apps/server/src/modules/(storage/media-token|jobs/job-(queue|definitions)|mail/mailer)\\.ts$",
            // domain rules other modules still call directly (to move behind their service)
            "^apps/server/src/modules/accounts/(signup-rules|time-zone)\\.ts$",
            "^apps/server/src/modules/billing/plan-allowance\\.ts$",
            "^apps/server/src/modules/login-protection/guarded-login\\.ts$",
            "^apps/server/src/modules/generations/(generation-(job|output|rules|admission)|blocked-words)\\.ts$",
            "^apps/server/src/modules/clothing/clothing-(entitlement|tryon|submit|render)\\.ts$",
            "^apps/server/src/modules/batches/(zip-reader|batch-plan|batch-item\\.job|batch-csv)\\.ts$",
            "^apps/server/src/modules/uploads/reference-looks\\.ts$",
            // the /v1 API (public-api) answers an upload exactly as the app's routes do
            "^apps/server/src/modules/uploads/uploads\\.presenter\\.ts$",
          ],
        },
      },
    ),

    // The composition root (src/composition/, app.ts, main.ts) builds the modules; a module
    // never imports it back (test helpers that start a whole app may).
    rule(
      "server-modules-not-upward",
      "src/composition/, app.ts and main.ts build the modules; a module takes what it needs as a parameter instead of importing them",
      {
        from: { path: "^apps/server/src/modules/", pathNot: TEST },
        to: { path: "^apps/server/src/(composition/|app\\.ts$|main\\.ts$)" },
      },
    ),
  ],
  options: {
    doNotFollow: { path: "node_modules" },
    exclude: { path: "(^|/)(node_modules|dist|data|test-results|coverage)/" },
    // type-only imports are dependencies too (a cycle of types is a cycle)
    tsPreCompilationDeps: true,
    tsConfig: { fileName: "tsconfig.base.json" },
    enhancedResolveOptions: {
      exportsFields: ["exports"],
      conditionNames: ["import", "require", "node", "default", "types"],
      extensions: [".ts", ".tsx", ".d.ts", ".js", ".mjs", ".cjs", ".json"],
      mainFields: ["module", "main", "types"],
    },
    reporterOptions: { text: { highlightFocused: true } },
  },
};
