/**
 * The portals' stylesheets, loaded with their code (docs/ARCHITECTURE.md, "Stylesheets"). Bun's bundler
 * puts CSS imported by a lazy chunk into the one stylesheet index.html links, so the portals import their
 * CSS as a file (`with { type: "file" }`: a hashed URL) and it comes in here through a `<link>` (allowed by
 * `style-src 'self'`).
 */

const loading = new Map<string, Promise<void>>();

/**
 * Adds `<link rel="stylesheet" href>` to the head once and settles when the browser has it: resolves on
 * load; rejects on a failed load, after removing the link, so the next call tries again.
 */
export function loadStylesheet(href: string): Promise<void> {
  let done = loading.get(href);
  if (!done) {
    const link = document.createElement("link");
    link.rel = "stylesheet";
    link.href = href;
    done = new Promise<void>((resolve, reject) => {
      link.onload = () => resolve();
      link.onerror = () => {
        link.remove();
        loading.delete(href);
        reject(new Error(`The stylesheet ${href} could not be loaded.`));
      };
    });
    loading.set(href, done);
    document.head.append(link);
  }
  return done;
}

/**
 * A lazy area's code together with its stylesheets, for `React.lazy`: the module arrives only when every
 * stylesheet has loaded (fetched in parallel with the code), so the area never shows unstyled. A failed
 * stylesheet fails the load like a failed chunk (the error screen offers a reload).
 */
export async function withStylesheets<T>(code: Promise<T>, hrefs: readonly string[]): Promise<T> {
  const [module] = await Promise.all([code, ...hrefs.map(loadStylesheet)]);
  return module;
}
