/**
 * The browser journeys `npm run test:release` runs against the release executable: the public site, the
 * admission and both sign-ins. `npm test` runs them there only (`E2E_LEAVE_TO_RELEASE=1` in its browser
 * stage): the executable serves the same bundle, so running them from the checkout too only doubled ~65 CPU
 * seconds of the CPU-bound stage (docs/PERFORMANCE.md). `npm run test:e2e` alone still runs every journey.
 */
export const RELEASE_JOURNEYS = ["foundation.e2e.ts", "public-site.e2e.ts", "admissions.e2e.ts"];
