/** bun test preload: a DOM (happy-dom) for component tests. Server tests use app.request(), not sockets. */
import { GlobalRegistrator } from "@happy-dom/global-registrator";

/**
 * Bun's own fetch classes, kept before happy-dom replaces them: a browser's Request drops headers pages may
 * not set (Accept-Encoding among them), which server tests sometimes need to send.
 */
export const native = { Request: globalThis.Request, Response: globalThis.Response, Headers: globalThis.Headers };

// Stylesheets and scripts are not fetched; a <link rel="stylesheet"> (the portals' CSS, src/client/lib/stylesheets.ts)
// then reports "load" as in a browser, instead of an error.
GlobalRegistrator.register({ url: "http://localhost:3000/", settings: { handleDisabledFileLoadingAsSuccess: true } });

// findBy*/waitFor wait up to 3 s (Testing Library's default is 1 s): a loaded machine (the suite beside the
// browser journeys, or two suites at once) answers a faked call later, and a passing test is not slower for it.
const { configure } = await import("@testing-library/dom");
configure({ asyncUtilTimeout: 3000 });
