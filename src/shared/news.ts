/**
 * How many announcements the home page shows, newest first; the office's list says which those are (walk 19a).
 * A module of its own: the home page is in the first script, which must not pull in shared/constants.ts.
 */
export const NEWS_ON_HOME = 3;
