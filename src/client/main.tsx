/** Browser entry: apply the stored theme before the first paint (no inline script under the CSP), then mount the app. */
import { StrictMode, startTransition } from "react";
import { createRoot } from "react-dom/client";
import { App } from "./app.tsx";
import { applyDarkMode, readDarkMode } from "./lib/storage.ts";

applyDarkMode(readDarkMode());

const root = document.getElementById("root");
if (!root) throw new Error("index.html has no #root element");
// The first render as a transition: React renders it in slices of a few milliseconds instead of one long
// task, so a slow phone stays responsive while the page builds (Lighthouse's Total Blocking Time).
startTransition(() => {
  createRoot(root).render(
    <StrictMode>
      <App />
    </StrictMode>,
  );
});
