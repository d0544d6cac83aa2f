/**
 * The card's QR code, drawn by the server (GET /api/student/id-card/qr.svg) and fetched with the
 * bearer token. It is shown as a data: URL in an <img>: the CSP allows `img-src data:`, and an image
 * cannot run script or carry inline styles, whatever the SVG holds.
 */
import { useQuery } from "@tanstack/react-query";
import { student } from "../../../shared/i18n/student.ts";
import { API_BASE } from "../../lib/api.ts";
import { ApiError, transportMessage } from "../../lib/errors.ts";
import { useSession } from "../../lib/session.tsx";
import { svgDataUrl } from "../../lib/svg-image.ts";
import { bearerHeader, type FetchLike, fetchWithTimeout } from "../../lib/trpc.ts";

/** Read when a fetch fails, so it is in the reader's language then. */
const qrFailed = () => student.t("card.qrLoadFailed");

/** Failures reach the 401 rule through the query cache (lib/query-client.ts), once. */
export const QR_PATH = `${API_BASE}/student/id-card/qr.svg`;

export async function fetchQrSvg(token: string | null, baseFetch?: FetchLike): Promise<string> {
  let response: Response;
  try {
    response = await fetchWithTimeout(undefined, baseFetch)(QR_PATH, { headers: { Accept: "image/svg+xml", ...bearerHeader(token) } });
  } catch (err) {
    throw new ApiError(transportMessage(err, true) ?? qrFailed(), null);
  }
  if (!response.ok) {
    let message = qrFailed();
    try {
      const body = (await response.json()) as { message?: unknown };
      if (typeof body.message === "string" && body.message) message = body.message;
    } catch {
      // not JSON: keep the plain message
    }
    throw new ApiError(message, response.status);
  }
  const svg = await response.text();
  if (!svg.trimStart().startsWith("<svg")) throw new ApiError(qrFailed(), response.status);
  return svg;
}

/** The QR code as an <img> source; keyed by the verification address so a new token fetches again. */
export function useIdCardQr(verifyUrl: string | undefined) {
  const { token } = useSession();
  return useQuery({
    queryKey: ["student", "id-card-qr", verifyUrl],
    queryFn: async () => svgDataUrl(await fetchQrSvg(token)),
    enabled: Boolean(verifyUrl && token),
    staleTime: Infinity,
  });
}
