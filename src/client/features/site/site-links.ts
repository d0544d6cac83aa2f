/**
 * Links built from the institute's contact details: the rules moved down to lib/links.ts (the office's
 * details dialogs use them too); the site's pages still import them from here.
 */
export { mailHref, mapsHref, telHref } from "../../lib/links.ts";
