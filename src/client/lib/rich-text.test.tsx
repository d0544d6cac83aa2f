import { describe, expect, test } from "bun:test";
import { render } from "@testing-library/react";
import { richText } from "./rich-text.tsx";

describe("richText", () => {
  test("puts elements where their placeholders are and keeps the words around them", () => {
    const { container } = render(<p>{richText("हमने {email} पर कोड भेजा ({minutes})", { email: <strong>a@b.in</strong> })}</p>);
    expect(container.innerHTML).toBe("<p>हमने <strong>a@b.in</strong> पर कोड भेजा ({minutes})</p>");
  });
});
