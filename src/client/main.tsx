/** Browser entry: apply the stored theme before the first paint (no inline script under the CSP), then mount the app. */
import { StrictMode, startTransition } from "react";
import { createRoot } from "react-dom/client";
import { App } from "./app.tsx";
import { startLocale } from "./lib/i18n.tsx";
import { applyDarkMode, readDarkMode } from "./lib/storage.ts";

applyDarkMode(readDarkMode());

const root = document.getElementById("root");
if (!root) throw new Error("index.html has no #root element");
// In Hindi or Marathi the frame's catalogues arrive before the first render (English ships with the code).
// A promise, not a top-level await: with one, the bundler splits the entry into many small chunks.
void startLocale().then(() =>
  // The first render as a transition: React renders it in slices of a few milliseconds instead of one long
  // task, so a slow phone stays responsive while the page builds (Lighthouse's Total Blocking Time).
  startTransition(() => {
    createRoot(root).render(
      <StrictMode>
        <App />
      </StrictMode>,
    );
  }),
);
