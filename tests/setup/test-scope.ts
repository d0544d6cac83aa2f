/**
 * bun test preload: whether a test is under way (its beforeEach hooks, the test, its afterEach hooks) rather
 * than a file's beforeAll or afterAll. What a test makes for itself can be handed back when it ends
 * (`onTestFinished`, src/server/testing.ts); what a beforeAll makes serves the tests after it and is kept.
 * A preload's hooks run first before each test and last after it, in every file.
 */
import { afterEach, beforeEach } from "bun:test";

let inside = false;
beforeEach(() => {
  inside = true;
});
afterEach(() => {
  inside = false;
});

/** False outside `bun test` runs that preload this file: then nothing is handed back. */
export const insideTest = () => inside;
