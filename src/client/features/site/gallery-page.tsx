/** Placeholder until its issue builds this page. */
import PublicPlaceholderPage from "./placeholder-page.tsx";

export default function GalleryPage() {
  return <PublicPlaceholderPage page="gallery" />;
}
