/** Public pages that later issues build (spec part 1 §2): the page's name and how to reach the office meanwhile. */
import { Link } from "wouter";
import { BeingBuilt } from "../../layouts/being-built.tsx";
import { buttonClass } from "../../ui/button.tsx";

const PAGES = {
  about: "About Us",
  gallery: "Gallery",
  contact: "Contact Us",
  admission: "Admission",
  "admission-status": "Admission Status",
} as const;

export type PublicPlaceholder = keyof typeof PAGES;

export default function PublicPlaceholderPage({ page }: { page: PublicPlaceholder }) {
  return (
    <div className="container page-section">
      <BeingBuilt
        title={PAGES[page]}
        text="This page is being built. Meanwhile, our offices are happy to help by phone or e-mail — you will find the details at the bottom of this page."
      >
        <Link href="/" className={buttonClass("secondary", "md")}>
          Back to Home
        </Link>
      </BeingBuilt>
    </div>
  );
}
