import { describe, expect, mock, test } from "bun:test";
import { fireEvent, render, screen } from "@testing-library/react";
import { createRef, useState } from "react";
import {
  Checkbox,
  ChoiceCards,
  CodeField,
  errorMessages,
  Field,
  fieldA11y,
  PasswordInput,
  Select,
  TextArea,
  TextInput,
  Toggle,
} from "./field.tsx";
import { withComponentTestSetup } from "./testing.ts";

withComponentTestSetup();

describe("fieldA11y", () => {
  test("no error, no hint: just the id", () => {
    expect(fieldA11y("email")).toEqual({ id: "email", "aria-invalid": undefined, "aria-describedby": undefined });
  });

  test("error first, then hint", () => {
    expect(fieldA11y("email", "Enter your e-mail address.", "We never share it.")).toEqual({
      id: "email",
      "aria-invalid": true,
      "aria-describedby": "email-error email-hint",
    });
  });

  test("an empty error list is no error", () => {
    expect(fieldA11y("x", [])["aria-invalid"]).toBeUndefined();
    expect(errorMessages(["", "Too short."])).toEqual(["Too short."]);
  });
});

describe("TextInput", () => {
  test("is labelled and carries its hint", () => {
    render(<TextInput id="name" label="Full name" hint="As on your marksheet." />);
    const input = screen.getByLabelText("Full name") as HTMLInputElement;
    expect(input.id).toBe("name");
    expect(input.getAttribute("aria-invalid")).toBeNull();
    expect(input.getAttribute("aria-describedby")).toBe("name-hint");
    expect(document.getElementById("name-hint")?.textContent).toBe("As on your marksheet.");
  });

  test("an error is announced with the field and marks it invalid", () => {
    render(<TextInput id="mobile" label="Mobile number" error="Enter a 10-digit mobile number." required />);
    const input = screen.getByRole("textbox", { name: /Mobile number/ });
    expect(input.getAttribute("aria-invalid")).toBe("true");
    expect(input.getAttribute("aria-required")).toBe("true");
    expect(input.getAttribute("aria-describedby")).toBe("mobile-error");
    expect(document.getElementById("mobile-error")?.textContent).toBe("Enter a 10-digit mobile number.");
  });

  test("several errors are listed", () => {
    render(<TextInput id="pw" label="Password" error={["Too short.", "Add a number."]} />);
    const items = document.querySelectorAll("#pw-error li");
    expect([...items].map((li) => li.textContent)).toEqual(["Too short.", "Add a number."]);
  });

  test("passes input props and forwards its ref", () => {
    const ref = createRef<HTMLInputElement>();
    const onChange = mock(() => {});
    render(<TextInput ref={ref} id="email" label="E-mail" type="email" autoComplete="email" defaultValue="a@b.in" onChange={onChange} />);
    expect(ref.current?.type).toBe("email");
    expect(ref.current?.autocomplete).toBe("email");
    fireEvent.change(ref.current!, { target: { value: "x@y.in" } });
    expect(onChange).toHaveBeenCalledTimes(1);
  });

  test("maxLength is said beside the field, never enforced by the browser (which cut pasted text without a word)", () => {
    function Pin({ error }: { error?: string }) {
      const [value, setValue] = useState("");
      return <TextInput id="pin" label="PIN code" maxLength={6} value={value} error={error} onChange={(e) => setValue(e.target.value)} />;
    }
    const { rerender } = render(<Pin />);
    const input = screen.getByLabelText("PIN code") as HTMLInputElement;
    expect(input.hasAttribute("maxlength")).toBe(false);
    fireEvent.change(input, { target: { value: "411001" } });
    expect(input.getAttribute("aria-invalid")).toBeNull();
    fireEvent.change(input, { target: { value: "4110011" } });
    expect(input.value).toBe("4110011");
    expect(input.getAttribute("aria-invalid")).toBe("true");
    expect(document.getElementById("pin-error")?.textContent).toBe("Must be at most 6 characters");
    // The form's own message comes first.
    rerender(<Pin error="Please enter a valid 6-digit PIN code" />);
    expect(document.getElementById("pin-error")?.textContent).toBe("Please enter a valid 6-digit PIN code");
  });

  test("a code box keeps the digits of what is pasted: spaces and dashes go, a seventh digit stays and is said", () => {
    function Code() {
      const [code, setCode] = useState("");
      return <CodeField id="code" label="Code" value={code} onCode={setCode} />;
    }
    render(<Code />);
    const box = screen.getByLabelText("Code") as HTMLInputElement;
    fireEvent.change(box, { target: { value: "123 456" } });
    expect(box.value).toBe("123456");
    expect(document.getElementById("code-error")).toBeNull();
    fireEvent.change(box, { target: { value: "123-4567" } });
    expect(box.value).toBe("1234567");
    expect(document.getElementById("code-error")?.textContent).toBe("Must be at most 6 characters");
  });

  test("a TextArea's maxLength is said the same way", () => {
    render(<TextArea id="note" label="Note" maxLength={5} value="too long" onChange={() => {}} />);
    expect(screen.getByLabelText("Note").hasAttribute("maxlength")).toBe(false);
    expect(document.getElementById("note-error")?.textContent).toBe("Must be at most 5 characters");
  });
});

describe("Field with a custom control", () => {
  test("fieldA11y wires any control the same way", () => {
    render(
      <Field id="dob" label="Date of birth" error="Enter your date of birth." hint="DD/MM/YYYY">
        <input type="date" {...fieldA11y("dob", "Enter your date of birth.", "DD/MM/YYYY")} />
      </Field>,
    );
    const input = screen.getByLabelText("Date of birth");
    expect(input.getAttribute("aria-describedby")).toBe("dob-error dob-hint");
    expect(input.getAttribute("aria-invalid")).toBe("true");
  });
});

describe("TextArea and Select", () => {
  test("TextArea is labelled and wired", () => {
    render(<TextArea id="msg" label="Your message" error="Write a message." />);
    const area = screen.getByRole("textbox", { name: "Your message" });
    expect(area.tagName).toBe("TEXTAREA");
    expect(area.getAttribute("aria-describedby")).toBe("msg-error");
  });

  test("Select renders the placeholder and both kinds of options", () => {
    const onChange = mock((_v: string) => {});
    render(
      <Select
        id="program"
        label="Program"
        placeholder="Choose a program"
        options={["BA", { value: "mcom", label: "M.Com" }]}
        defaultValue=""
        onChange={(e) => onChange(e.target.value)}
      />,
    );
    const select = screen.getByRole("combobox", { name: "Program" }) as HTMLSelectElement;
    expect([...select.options].map((o) => [o.value, o.textContent])).toEqual([
      ["", "Choose a program"],
      ["BA", "BA"],
      ["mcom", "M.Com"],
    ]);
    fireEvent.change(select, { target: { value: "mcom" } });
    expect(onChange).toHaveBeenCalledWith("mcom");
  });
});

describe("Checkbox", () => {
  test("is a labelled native checkbox", () => {
    render(<Checkbox id="agree" label="I confirm the details are correct" error="Please confirm." />);
    const box = screen.getByRole("checkbox", { name: "I confirm the details are correct" }) as HTMLInputElement;
    expect(box.checked).toBe(false);
    expect(box.getAttribute("aria-describedby")).toBe("agree-error");
    fireEvent.click(box);
    expect(box.checked).toBe(true);
  });
});

describe("PasswordInput", () => {
  test("the show/hide button toggles the input type and its own label", () => {
    render(<PasswordInput id="password" label="Password" autoComplete="current-password" />);
    const input = screen.getByLabelText("Password") as HTMLInputElement;
    expect(input.type).toBe("password");
    fireEvent.click(screen.getByRole("button", { name: "Show password" }));
    expect(input.type).toBe("text");
    fireEvent.click(screen.getByRole("button", { name: "Hide password" }));
    expect(input.type).toBe("password");
    expect(input.autocomplete).toBe("current-password");
  });

  test("the toggle never submits its form", () => {
    const onSubmit = mock((e: { preventDefault(): void }) => e.preventDefault());
    render(
      <form onSubmit={onSubmit}>
        <PasswordInput id="pw" label="Password" />
      </form>,
    );
    fireEvent.click(screen.getByRole("button", { name: "Show password" }));
    expect(onSubmit).not.toHaveBeenCalled();
  });
});

describe("Toggle", () => {
  function Controlled({ onChange }: { onChange: (v: boolean) => void }) {
    const [on, setOn] = useState(false);
    return (
      <Toggle
        label="E-mail me about my application"
        description="Status changes and reminders."
        checked={on}
        onChange={(v) => {
          setOn(v);
          onChange(v);
        }}
      />
    );
  }

  test("flips aria-checked and reports the new value", () => {
    const onChange = mock((_v: boolean) => {});
    render(<Controlled onChange={onChange} />);
    const sw = screen.getByRole("switch", { name: "E-mail me about my application" });
    expect(sw.getAttribute("aria-checked")).toBe("false");
    fireEvent.click(sw);
    expect(sw.getAttribute("aria-checked")).toBe("true");
    fireEvent.click(sw);
    expect(sw.getAttribute("aria-checked")).toBe("false");
    expect(onChange.mock.calls.map((c) => c[0])).toEqual([true, false]);
    const describedBy = sw.getAttribute("aria-describedby") ?? "";
    expect(document.getElementById(describedBy)?.textContent).toBe("Status changes and reminders.");
  });

  test("does nothing when disabled", () => {
    const onChange = mock((_v: boolean) => {});
    render(<Toggle label="Dark mode" checked={false} onChange={onChange} disabled />);
    fireEvent.click(screen.getByRole("switch", { name: "Dark mode" }));
    expect(onChange).not.toHaveBeenCalled();
  });
});

describe("ChoiceCards", () => {
  test("radio buttons named by their choice, one name for the group, the message tied to the fieldset", () => {
    const onChange = mock((_v: string) => {});
    render(
      <ChoiceCards
        id="invite-role"
        legend="Role"
        options={[
          { value: "administrator", label: "Administrator", hint: "Everything, with settings." },
          { value: "staff", label: "Staff", hint: "The daily work." },
        ]}
        value="staff"
        onChange={onChange}
        error="Choose a role."
        className="staff-roles"
        optionClassName="staff-role"
      />,
    );
    const group = screen.getByRole("group", { name: "Role" });
    expect(document.getElementById(group.getAttribute("aria-describedby") ?? "")?.textContent).toBe("Choose a role.");
    const staff = screen.getByRole("radio", { name: /^Staff/ }) as HTMLInputElement;
    expect(staff.id).toBe("invite-role-staff");
    expect(staff.checked).toBe(true);
    expect(staff.name).toBe("invite-role");
    expect(staff.closest("label")?.className).toBe("staff-role");
    fireEvent.click(screen.getByRole("radio", { name: /^Administrator/ }));
    expect(onChange.mock.calls.map((c) => c[0])).toEqual(["administrator"]);
  });
});
