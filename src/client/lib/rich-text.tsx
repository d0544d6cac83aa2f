/**
 * A translated message with parts that are not plain text (a bold address, a clock, a link): each
 * `{name}` placeholder whose name is in `parts` becomes that element; the rest stays the message's text,
 * so the words around the part come from the catalogue in every language.
 */
import { Fragment, type ReactNode } from "react";

export function richText(text: string, parts: Record<string, ReactNode>): ReactNode {
  return text.split(/(\{\w+\})/).map((piece, i) => {
    const name = /^\{(\w+)\}$/.exec(piece)?.[1];
    // biome-ignore lint/suspicious/noArrayIndexKey: the pieces of one message, in a fixed order
    return <Fragment key={i}>{name !== undefined && name in parts ? parts[name] : piece}</Fragment>;
  });
}
