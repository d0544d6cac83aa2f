/** /admin/library — the catalogue, issuing and returning books (issue 18). Still the shell while it is being built. */
export { default } from "../catalogue/library-page.tsx";
