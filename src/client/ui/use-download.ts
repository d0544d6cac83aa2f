/**
 * A file the signed-in reader may have (a study material, an e-resource, a student's work): fetched with the
 * session (lib/download.ts), saved under the server's name, the button busy meanwhile, a refusal toasted.
 */
import { useState } from "react";
import { downloadFile } from "../lib/download.ts";
import { useToast } from "./toast.tsx";

export function useDownload({
  failed,
  done,
  accept = "application/pdf",
}: {
  failed: string;
  done?: (name: string) => string;
  accept?: string;
}) {
  const toast = useToast();
  const [busy, setBusy] = useState<string | null>(null);
  const download = async (url: string, fallbackName: string) => {
    setBusy(url);
    try {
      const name = await downloadFile(url, { fallbackName, accept });
      if (done) toast.show(done(name));
    } catch (err) {
      toast.failed(err, failed);
    } finally {
      setBusy(null);
    }
  };
  return { download, busy };
}
