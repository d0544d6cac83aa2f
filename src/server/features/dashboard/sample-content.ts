/**
 * What of a new installation's sample content the public site still shows (walk 23a: a production install
 * published the seed's programmes, news, pictures and contact details as the institute's own, and nothing told
 * the owner). The administrators' dashboard lists it, each with where to replace it, until none is left: a
 * listed sample programme, a published sample announcement, a shown sample picture, and the sample contact
 * details (Site content: e-mail, phones, offices; Settings → General's address leads them, settings.service).
 */
import { SAMPLE_GALLERY_PREFIX, SAMPLE_NEWS, SAMPLE_UNIVERSITY } from "../../../../db/sample-content.ts";
import { DEFAULT_SETTINGS } from "../../../shared/schemas/settings.ts";
import type { AppDeps } from "../../deps.ts";
import { getSettings, instituteContact } from "../settings/settings.service.ts";

export async function sampleContent(deps: Pick<AppDeps, "db" | "now">) {
  const { db } = deps;
  const count = (row: { n: number | string | bigint } | undefined) => Number(row?.n ?? 0);
  const [programmes, news, pictures, settings] = await Promise.all([
    db
      .selectFrom("programmes")
      .select((eb) => eb.fn.countAll<number>().as("n"))
      .where("university", "=", SAMPLE_UNIVERSITY)
      .where("archived", "=", 0)
      .executeTakeFirst(),
    db
      .selectFrom("announcements")
      .select((eb) => eb.fn.countAll<number>().as("n"))
      .where(
        "title",
        "in",
        SAMPLE_NEWS.map((item) => item.title),
      )
      .where("is_published", "=", 1)
      .executeTakeFirst(),
    db
      .selectFrom("gallery_images")
      .select((eb) => eb.fn.countAll<number>().as("n"))
      .where("file_key", "like", `${SAMPLE_GALLERY_PREFIX}%`)
      .where("is_active", "=", 1)
      .executeTakeFirst(),
    getSettings(deps),
  ]);
  // The contact facts as the public site shows them (General's phone and address lead Site content's).
  const sample = DEFAULT_SETTINGS.institute;
  const shown = instituteContact(settings);
  const contact =
    shown.email === sample.email ||
    shown.phones.some((phone) => sample.phones.includes(phone)) ||
    shown.offices.some((office) => sample.offices.some((s) => s.address === office.address));
  return { programmes: count(programmes), news: count(news), pictures: count(pictures), contact };
}
