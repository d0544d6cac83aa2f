/**
 * Admission documents need the admin's bearer token, which <img> and links cannot send: fetch the file,
 * then show it from a blob: URL (the CSP allows blob: images), revoked when no longer shown.
 */
import { useEffect, useState } from "react";
import { MSG } from "../../../shared/messages.ts";
import { ApiError, reportFailure } from "../../lib/errors.ts";
import { readToken } from "../../lib/storage.ts";
import { bearerHeader } from "../../lib/trpc.ts";

export type AuthorizedFile = { state: "idle" | "loading" } | { state: "ready"; url: string; type: string } | { state: "failed" };

export function useAuthorizedObjectUrl(src: string | null | undefined): AuthorizedFile {
  const [file, setFile] = useState<{ src: string; result: AuthorizedFile } | null>(null);

  useEffect(() => {
    if (!src) return;
    const controller = new AbortController();
    let objectUrl: string | null = null;
    setFile({ src, result: { state: "loading" } });
    (async () => {
      try {
        const response = await fetch(src, { headers: bearerHeader(readToken()), signal: controller.signal });
        if (!response.ok) {
          if (response.status === 401) reportFailure(new ApiError(MSG.notAuthenticated, 401));
          throw new Error(`HTTP ${response.status}`);
        }
        const blob = await response.blob();
        if (controller.signal.aborted) return;
        objectUrl = URL.createObjectURL(blob);
        setFile({ src, result: { state: "ready", url: objectUrl, type: blob.type } });
      } catch {
        if (!controller.signal.aborted) setFile({ src, result: { state: "failed" } });
      }
    })();
    return () => {
      controller.abort();
      if (objectUrl) URL.revokeObjectURL(objectUrl);
    };
  }, [src]);

  if (!src) return { state: "idle" };
  return file && file.src === src ? file.result : { state: "loading" };
}
