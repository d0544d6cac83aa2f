/** GET /api/student/id-card/qr.svg and its tRPC twin: the signed-in student's own card, as an SVG QR code. */
import { beforeEach, describe, expect, test } from "bun:test";
import QRCode from "qrcode";
import type { User } from "../../../../db/schema.ts";
import { callerFor, createTestDeps, createUser, signedIn, TEST_PASSWORD, type TestDeps, testApp } from "../../testing.ts";
import { loginAdmin, loginStudent, resolveSession } from "../auth/auth.service.ts";

let deps: TestDeps;
let app: ReturnType<typeof testApp>;
let asha: User;
let ashaToken: string;
let raviToken: string;
let adminToken: string;

const login = async (studentId: string) => (await signedIn(loginStudent(deps, { email: "", studentId, password: TEST_PASSWORD }))).token;
const get = (path: string, token?: string) => app.request(path, { headers: token ? { authorization: `Bearer ${token}` } : {} });
const tokenOf = async (id: number) =>
  (await deps.db.selectFrom("users").select("id_card_token").where("id", "=", id).executeTakeFirstOrThrow()).id_card_token;

beforeEach(async () => {
  deps = await createTestDeps({ PUBLIC_URL: "https://ide.example.org" });
  app = testApp(deps);
  await createUser(deps, { role: "admin", email: "office@example.test" });
  adminToken = (await signedIn(loginAdmin(deps, { email: "office@example.test", password: TEST_PASSWORD }))).token;
  asha = await createUser(deps, { role: "student", name: "Asha Patil", email: "asha@example.test", student_id: "STU0001" });
  await createUser(deps, { role: "student", name: "Ravi Kulkarni", email: "ravi@example.test", student_id: "STU0002" });
  ashaToken = await login("STU0001");
  raviToken = await login("STU0002");
});

describe("ID card QR code", () => {
  test("answers an SVG of the student's own verification address, not cached, not sniffed, with no script or style", async () => {
    const res = await get("/api/student/id-card/qr.svg", ashaToken);
    expect(res.status).toBe(200);
    expect(res.headers.get("content-type")).toStartWith("image/svg+xml");
    expect(res.headers.get("cache-control")).toBe("private, no-store");
    expect(res.headers.get("x-content-type-options")).toBe("nosniff");
    const svg = await res.text();
    expect(svg).toStartWith("<svg");
    expect(svg).toContain('xmlns="http://www.w3.org/2000/svg"');
    expect(svg).toContain("<path");
    expect(svg).not.toMatch(/<script|style=|on[a-z]+=/i);

    // The token is created on the first request (here, by the QR code) and is the one the card names.
    const token = await tokenOf(asha.id);
    expect(token).toBeTruthy();
    const card = (await (await get("/api/student/id-card", ashaToken)).json()).data;
    expect(card.verifyUrl).toBe(`https://ide.example.org/verify/${token}`);
    // It encodes exactly that address.
    expect(svg).toBe(await QRCode.toString(card.verifyUrl, { type: "svg", margin: 1, errorCorrectionLevel: "M" }));
    // The same card gives the same code.
    expect(await (await get("/api/student/id-card/qr.svg", ashaToken)).text()).toBe(svg);
  });

  test("each student gets their own card's code; the tRPC twin answers the same SVG and address", async () => {
    const ashaSvg = await (await get("/api/student/id-card/qr.svg", ashaToken)).text();
    const raviSvg = await (await get("/api/student/id-card/qr.svg", raviToken)).text();
    expect(raviSvg).not.toBe(ashaSvg);

    const auth = (await resolveSession(deps, ashaToken))!;
    const twin = await callerFor(deps, auth).student.idCardQr();
    expect(twin.svg).toBe(ashaSvg);
    expect(twin.verifyUrl).toBe(`https://ide.example.org/verify/${await tokenOf(asha.id)}`);
  });

  test("a guest gets 401 and an admin 403, over REST and tRPC; nothing selects another student's card", async () => {
    const guest = await get("/api/student/id-card/qr.svg");
    expect(guest.status).toBe(401);
    expect(guest.headers.get("content-type")).toContain("application/json");
    expect((await get("/api/student/id-card/qr.svg", adminToken)).status).toBe(403);
    // A query string cannot point at someone else.
    const withId = await (await get(`/api/student/id-card/qr.svg?id=${asha.id}&studentId=STU0001`, raviToken)).text();
    expect(withId).toBe(await (await get("/api/student/id-card/qr.svg", raviToken)).text());
    await expect(callerFor(deps).student.idCardQr()).rejects.toMatchObject({ code: "UNAUTHORIZED" });
    const admin = (await resolveSession(deps, adminToken))!;
    await expect(callerFor(deps, admin).student.idCardQr()).rejects.toMatchObject({ code: "FORBIDDEN" });
  });
});
