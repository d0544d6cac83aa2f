/** REST paths of the student portal (spec part 1 §7 Student) and the public ID-card check. */
import { Hono } from "hono";
import * as schemas from "../../../shared/schemas/student.ts";
import { type AppContext, type AppEnv, currentAuth, multipartFile, ok, readJson, requestMeta, requireRole } from "../../platform/http.ts";
import { parseInput } from "../../platform/validation.ts";
import { changePassword } from "../auth/account.service.ts";
import { studentDashboard } from "./dashboard.service.ts";
import { getIdCard, idCardQrSvg, verifyIdCard } from "./id-card.service.ts";
import { getStudentSettings, updatePrivacySettings, updateStudentSettings } from "./preferences.service.ts";
import { getOwnProfile, getStudentById, updateOwnStudentProfile, updateProfilePhoto } from "./profile.service.ts";

const student = requireRole("student");
const userId = (c: AppContext) => currentAuth(c).user.id;

export const studentRest = new Hono<AppEnv>()
  .get("/profile", student, async (c) => ok(c, await getOwnProfile(c.get("deps"), userId(c))))
  .put("/profile", student, async (c) =>
    ok(
      c,
      await updateOwnStudentProfile(c.get("deps"), userId(c), parseInput(schemas.studentProfileInput, await readJson(c)), requestMeta(c)),
    ),
  )
  .put("/profile/photo", student, async (c) =>
    ok(c, await updateProfilePhoto(c.get("deps"), userId(c), await multipartFile(c, "photo"), requestMeta(c))),
  )
  .get("/id-card", student, async (c) => ok(c, await getIdCard(c.get("deps"), userId(c))))
  .get("/id-card/qr.svg", student, async (c) => {
    const { svg } = await idCardQrSvg(c.get("deps"), userId(c));
    // The token inside is the card's key: never kept by a shared cache, never sniffed as anything else.
    return c.body(svg, 200, {
      "Content-Type": "image/svg+xml; charset=utf-8",
      "Cache-Control": "private, no-store",
      "X-Content-Type-Options": "nosniff",
    });
  })
  .get("/settings", student, async (c) => ok(c, await getStudentSettings(c.get("deps"), userId(c))))
  .put("/notification-settings", student, async (c) =>
    ok(
      c,
      await updateStudentSettings(
        c.get("deps"),
        userId(c),
        parseInput(schemas.notificationSettingsInput, await readJson(c)),
        requestMeta(c),
      ),
    ),
  )
  .put("/privacy-settings", student, async (c) =>
    ok(c, await updatePrivacySettings(c.get("deps"), userId(c), parseInput(schemas.privacySettingsInput, await readJson(c)))),
  )
  .put("/change-password", student, async (c) => {
    const auth = currentAuth(c);
    const input = parseInput(schemas.studentChangePasswordInput, await readJson(c));
    return ok(c, await changePassword(c.get("deps"), auth.user.id, auth.sessionId, input, requestMeta(c)));
  })
  .get("/dashboard/stats", student, async (c) => ok(c, await studentDashboard(c.get("deps"), userId(c))))
  .get("/:id{[0-9]+}", requireRole(), async (c) => {
    const { id } = parseInput(schemas.studentByIdInput, { id: c.req.param("id") });
    return ok(c, await getStudentById(c.get("deps"), currentAuth(c), id));
  });

/** Public, no sign-in: what a QR code on a printed card opens. Not indexed by search engines (security-headers.ts). */
export const verifyRest = new Hono<AppEnv>().get("/:token", async (c) => {
  const { token } = parseInput(schemas.verifyCardInput, { token: c.req.param("token") });
  return ok(c, await verifyIdCard(c.get("deps"), token));
});
