/**
 * What `use-sync-external-store/shim` resolves to in this build (tsconfig.json "paths"): React's own hook. The
 * shim exists for React 17 and earlier, and with React 18 or later it hands back `React.useSyncExternalStore`
 * anyway; wouter still imports it, so without this alias its fallback implementation shipped in every visitor's
 * first download (236 B gzip, stop 48).
 */
export { useSyncExternalStore } from "react";
