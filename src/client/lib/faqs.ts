/**
 * The FAQs the office publishes (Site content → FAQs) by topic, as the public /faq page and the student's
 * Help page both list them.
 */
import type { RouterOutputs } from "./trpc.ts";

type Faq = RouterOutputs["content"]["publicFaqs"]["faqs"][number];

/** Grouped by their category ("" for none), the topics in the office's order (that of each one's first question). */
export function faqsByTopic(faqs: readonly Faq[]): { topic: string; questions: Faq[] }[] {
  const topics = [...new Set(faqs.map((f) => f.category ?? ""))];
  return topics.map((topic) => ({ topic, questions: faqs.filter((f) => (f.category ?? "") === topic) }));
}
