/** Browser entry: apply the stored theme before the first paint (no inline script under the CSP), then mount the app. */
import { StrictMode } from "react";
import { createRoot } from "react-dom/client";
import { App } from "./app.tsx";
import { applyDarkMode, readDarkMode } from "./lib/storage.ts";

applyDarkMode(readDarkMode());

const root = document.getElementById("root");
if (!root) throw new Error("index.html has no #root element");
createRoot(root).render(
  <StrictMode>
    <App />
  </StrictMode>,
);
