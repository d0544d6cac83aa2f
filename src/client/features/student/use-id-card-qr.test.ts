import { afterEach, describe, expect, test } from "bun:test";
import hiStudent from "../../../shared/i18n/hi/student.json";
import mrStudent from "../../../shared/i18n/mr/student.json";
import { student } from "../../../shared/i18n/student.ts";
import { changeLocale } from "../../lib/i18n.tsx";
import { fetchQrSvg } from "./use-id-card-qr.ts";

afterEach(() => changeLocale("en", { keep: false }));

/** A server that answers each QR request with `body` (not JSON, not an SVG). */
const answering = (body: string, status: number) => async () => new Response(body, { status });

describe("the ID card's QR code", () => {
  test("a failed load says so in the reader's language (issue 16)", async () => {
    await expect(fetchQrSvg("token", answering("oops", 502))).rejects.toMatchObject({
      message: "We could not load the QR code.",
      status: 502,
    });
    await Promise.all([student.load("hi"), student.load("mr")]);
    await changeLocale("hi", { keep: false });
    await expect(fetchQrSvg("token", answering("oops", 502))).rejects.toMatchObject({ message: hiStudent["card.qrLoadFailed"] });
    await changeLocale("mr", { keep: false });
    // An answer that is not an SVG, too.
    await expect(fetchQrSvg("token", answering("<html></html>", 200))).rejects.toMatchObject({ message: mrStudent["card.qrLoadFailed"] });
  });
});
