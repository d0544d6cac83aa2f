/** A stylesheet imported `with { type: "file" }` (Bun's file loader) is its URL in the build (lib/stylesheets.ts). */
declare module "*.css" {
  const url: string;
  export default url;
}
