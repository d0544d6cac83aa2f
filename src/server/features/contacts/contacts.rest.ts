/**
 * Contact Management's REST paths, which spec part 2 §7 places under /api/public/admin/contacts.
 * Admin only; maintenance mode does not close them (publicRest lets /api/public/admin through).
 */
import { Hono } from "hono";
import { contactIdInput, contactListQuery, contactReplyInput, contactStatusInput } from "../../../shared/schemas/contact.ts";
import { type AppContext, type AppEnv, currentAuth, jsonWithPathId, ok, requestMeta, requireRole } from "../../platform/http.ts";
import { parseInput } from "../../platform/validation.ts";
import { deleteContact, getContact, listContacts, respondToContact, updateContactStatus } from "./contacts.service.ts";

const idOf = (c: AppContext) => parseInput(contactIdInput, { id: c.req.param("id") }).id;

/** Mounted at /api/public/admin/contacts. */
export const adminContactRest = new Hono<AppEnv>()
  .use(requireRole("office"))
  .get("/", async (c) => ok(c, await listContacts(c.get("deps"), parseInput(contactListQuery, c.req.query()))))
  .get("/:id", async (c) => ok(c, await getContact(c.get("deps"), idOf(c))))
  .patch("/:id/status", async (c) => {
    const input = parseInput(contactStatusInput, await jsonWithPathId(c));
    return ok(c, await updateContactStatus(c.get("deps"), currentAuth(c).user.id, input, requestMeta(c)));
  })
  .post("/:id/respond", async (c) => {
    const input = parseInput(contactReplyInput, await jsonWithPathId(c));
    const { user } = currentAuth(c);
    return ok(c, await respondToContact(c.get("deps"), user.id, user.name, input, requestMeta(c)));
  })
  .delete("/:id", requireRole("admin"), async (c) =>
    ok(c, await deleteContact(c.get("deps"), currentAuth(c).user.id, idOf(c), requestMeta(c))),
  );
