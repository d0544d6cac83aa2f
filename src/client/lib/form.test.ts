import { describe, expect, test } from "bun:test";
import { act, renderHook } from "@testing-library/react";
import type { FormEvent } from "react";
import * as v from "valibot";
import { ApiError } from "./errors.ts";
import {
  addOrUpdate,
  checkInput,
  fieldIds,
  flatForm,
  focusField,
  messagesByField,
  schemaRules,
  useFormState,
  useTextField,
} from "./form.ts";
import { changeLocale, getLocale } from "./i18n.tsx";

const schema = v.object({
  name: v.pipe(v.string(), v.minLength(1, "Name is required")),
  contact: v.object({ phone: v.pipe(v.string(), v.regex(/^\d{10}$/, "Phone: 10 digits")) }),
});
const PATHS = { "contact.phone": "phone" } as const;

describe("messagesByField", () => {
  test("first message per field, nested paths through the map, other paths left out", () => {
    const errors = { "contact.phone": ["Phone: 10 digits", "second"], name: ["Name is required"], other: ["x"] };
    expect(messagesByField(errors, { paths: PATHS, fields: ["name", "phone"] })).toEqual({
      phone: "Phone: 10 digits",
      name: "Name is required",
    });
  });

  test("a group's prefix is dropped; without a field list every path is its own field", () => {
    expect(messagesByField({ "general.siteName": ["Too long"], _form: ["Refused"] }, { prefix: "general" })).toEqual({
      siteName: "Too long",
      _form: "Refused",
    });
  });
});

describe("checkInput", () => {
  test("the parsed value when the shared schema accepts it, else the messages by field", () => {
    expect(checkInput(schema, { name: "Asha", contact: { phone: "9876543210" } })).toEqual({
      ok: true,
      value: { name: "Asha", contact: { phone: "9876543210" } },
    });
    expect(checkInput(schema, { name: "", contact: { phone: "12" } }, { paths: PATHS, fields: ["name", "phone"] })).toEqual({
      ok: false,
      messages: { name: "Name is required", phone: "Phone: 10 digits" },
    });
  });
});

describe("schemaRules", () => {
  test("a form's rules from the shared schema: the messages for what the form would send, none when it passes", () => {
    const rules = schemaRules(schema, {
      toInput: (f: { name: string; phone: string }) => ({ name: f.name, contact: { phone: f.phone } }),
      paths: PATHS,
      fields: ["name", "phone"],
    });
    expect(rules({ name: "", phone: "12" })).toEqual({ name: "Name is required", phone: "Phone: 10 digits" });
    expect(rules({ name: "Asha", phone: "9876543210" })).toEqual({});
  });
});

type Values = { name: string; phone: string; city: string };
const validate = (values: Values) => {
  const out: Partial<Record<keyof Values, string>> = {};
  if (!values.name) out.name = "Name is required";
  if (!/^\d{10}$/.test(values.phone)) out.phone = "Phone: 10 digits";
  if (values.city === "?") out.city = "Choose a city";
  return out;
};
const initial: Values = { name: "", phone: "", city: "" };

describe("useFormState", () => {
  test("a rule shows once its field was changed and left; choices at once; all of them after a submit attempt", () => {
    const { result } = renderHook(() => useFormState(initial, { validate, immediate: new Set(["city"] as const) }));
    expect(result.current.errors).toEqual({});
    act(() => result.current.onBlur("name")); // left untouched: nothing yet
    expect(result.current.errors).toEqual({});
    act(() => result.current.onChange("phone", "12"));
    expect(result.current.errors).toEqual({});
    act(() => result.current.onBlur("phone"));
    expect(result.current.errors).toEqual({ phone: "Phone: 10 digits" });
    act(() => result.current.onChange("city", "?"));
    expect(result.current.errors.city).toBe("Choose a city");
    let found: ReturnType<typeof validate> = {};
    act(() => {
      found = result.current.attempt();
    });
    expect(Object.keys(found).sort()).toEqual(["city", "name", "phone"]);
    expect(result.current.errors.name).toBe("Name is required");
  });

  test("a field left for a submit button keeps its message for the submit: shown at the blur it moved the button from under the pointer (eleventh walk)", () => {
    const { result } = renderHook(() => useFormState(initial, { validate }));
    const submit = document.createElement("button");
    submit.type = "submit";
    act(() => result.current.field("phone").onChange({ target: { value: "-100" } }));
    act(() => result.current.field("phone").onBlur({ relatedTarget: submit }));
    expect(result.current.errors).toEqual({});
    // Left for anything else (the next field, a plain button, the page), it shows as before.
    const plain = document.createElement("button");
    plain.type = "button";
    act(() => result.current.field("phone").onBlur({ relatedTarget: plain }));
    expect(result.current.errors).toEqual({ phone: "Phone: 10 digits" });
  });

  test("the messages shown follow a language switch, with nothing typed again", async () => {
    const worded = (values: Values) => (values.name ? {} : { name: getLocale() === "hi" ? "नाम आवश्यक है" : "Name is required" });
    const { result } = renderHook(() => useFormState(initial, { validate: worded, showOn: "submit" }));
    act(() => void result.current.attempt());
    expect(result.current.errors).toEqual({ name: "Name is required" });
    try {
      await act(() => changeLocale("hi", { keep: false }));
      expect(result.current.errors).toEqual({ name: "नाम आवश्यक है" });
    } finally {
      await act(() => changeLocale("en", { keep: false }));
    }
  });

  test('"submit": nothing shows before the first attempt; a server message stays until its field changes', () => {
    const { result } = renderHook(() => useFormState(initial, { validate, showOn: "submit" }));
    act(() => result.current.onChange("phone", "12"));
    act(() => result.current.onBlur("phone"));
    expect(result.current.errors).toEqual({});
    act(() => {
      result.current.onChange("name", "Asha");
      result.current.onChange("phone", "9876543210");
    });
    act(() => result.current.setServerMessages({ name: "This name is taken" }));
    expect(result.current.errors).toEqual({ name: "This name is taken" });
    act(() => result.current.onChange("name", "Asha K"));
    expect(result.current.errors).toEqual({});
    act(() => result.current.reset(initial));
    expect(result.current.values).toEqual(initial);
    expect(result.current.attempted).toBe(false);
  });

  test("a field binds its id, value, message and handlers; a submit attempt and a server's field errors move focus to the first field to fix", () => {
    const ids = { name: "t-name", phone: "t-phone", city: "t-city" };
    document.body.innerHTML = Object.values(ids)
      .map((id) => `<input id="${id}">`)
      .join("");
    const { result } = renderHook(() => useFormState(initial, { validate, showOn: "submit", ids }));
    const phone = result.current.field("phone");
    expect(phone.id).toBe("t-phone");
    act(() => phone.onChange({ target: { value: "98765" } }));
    act(() => result.current.field("phone").onBlur());
    expect(result.current.field("phone")).toMatchObject({ value: "98765", error: undefined });
    let ready = true;
    act(() => {
      ready = result.current.trySubmit();
    });
    expect(ready).toBe(false);
    expect(document.activeElement?.id).toBe("t-name");
    expect(result.current.field("phone").error).toBe("Phone: 10 digits");

    act(() => {
      result.current.onChange("name", "Asha");
      result.current.onChange("phone", "9876543210");
    });
    act(() => {
      ready = result.current.trySubmit();
    });
    expect(ready).toBe(true);

    let shown = true;
    act(() => {
      shown = result.current.showServerErrors(new ApiError("Refused", 409));
    });
    expect(shown).toBe(false);
    act(() => {
      shown = result.current.showServerErrors(new ApiError("Check", 400, { city: ["Not served"], _form: ["x"] }), {
        fields: ["name", "phone", "city"],
      });
    });
    expect(shown).toBe(true);
    expect(result.current.errors).toEqual({ city: "Not served" });
    expect(document.activeElement?.id).toBe("t-city");
    document.body.innerHTML = "";
  });

  test("handleSubmit: nothing is sent while busy or with fields to fix; a failure shows beside its field or above the form", async () => {
    const sent: Values[] = [];
    let answer: Error | null = null;
    const { result } = renderHook(() => useFormState(initial, { validate, showOn: "submit" }));
    const submit = (busy = false) =>
      act(() =>
        result.current.handleSubmit(
          async () => {
            sent.push(result.current.values);
            if (answer) throw answer;
          },
          { busy, failed: (err) => `Not saved: ${(err as Error).message}`, mapping: { fields: ["name", "phone", "city"] } },
        )({ preventDefault() {} } as FormEvent),
      );
    await submit();
    expect(sent).toEqual([]);
    expect(result.current.errors.name).toBe("Name is required");
    act(() => {
      result.current.onChange("name", "Asha");
      result.current.onChange("phone", "9876543210");
    });
    await submit(true);
    expect(sent).toEqual([]);
    answer = new ApiError("Check", 400, { phone: ["This number is taken"] });
    await submit();
    expect(sent).toHaveLength(1);
    expect(result.current.errors).toEqual({ phone: "This number is taken" });
    expect(result.current.failure).toBeNull();
    answer = new ApiError("Server down", 503);
    await submit();
    expect(result.current.failure).toBe("Not saved: Server down");
    answer = null;
    await submit();
    expect(result.current.failure).toBeNull();
    expect(sent).toHaveLength(3);
  });

  test("handleSubmit: a second submit while the first is on its way sends nothing (a double click), the next after it settles does", async () => {
    let calls = 0;
    let finish: () => void = () => {};
    const { result } = renderHook(() => useFormState({ name: "Asha" }, { validate: () => ({}) }));
    // busy stays false, as it does before the next render shows the call running
    const submit = result.current.handleSubmit(
      () => {
        calls++;
        return new Promise<void>((resolve) => {
          finish = resolve;
        });
      },
      { busy: false, failed: () => "Not saved" },
    );
    const event = { preventDefault() {} } as FormEvent;
    let first: Promise<void> = Promise.resolve();
    act(() => {
      first = submit(event);
      void submit(event);
    });
    expect(calls).toBe(1);
    await act(async () => {
      finish();
      await first;
    });
    act(() => void submit(event));
    expect(calls).toBe(2);
  });

  test("submission: handleSubmit with its busy flag and the failure, as a FormDialog sends the form", async () => {
    const { result } = renderHook(() => useFormState({ name: "Asha" }, { validate: () => ({}) }));
    const submission = (busy: boolean) =>
      result.current.submission(
        async () => {
          throw new ApiError("Server down", 503);
        },
        { busy, failed: (err) => `Not saved: ${(err as Error).message}` },
      );
    expect(submission(true).busy).toBe(true);
    expect(submission(false)).toMatchObject({ busy: false, failure: null });
    await act(() => submission(false).onSubmit({ preventDefault() {} } as FormEvent<HTMLFormElement>));
    expect(submission(false).failure).toBe("Not saved: Server down");
  });
});

describe("useFormState's binders", () => {
  test("choice and check bind a group of choices and a checkbox to text fields", () => {
    const initial = { role: "staff", open: "" };
    const { result } = renderHook(() => useFormState(initial, { validate: () => ({}), ids: { open: "form-open" } }));
    expect(result.current.choice("role").value).toBe("staff");
    act(() => result.current.choice("role").onChange("admin"));
    expect(result.current.values.role).toBe("admin");
    expect(result.current.check("open")).toMatchObject({ id: "form-open", checked: false });
    act(() => result.current.check("open").onChange({ target: { checked: true } }));
    expect(result.current.values.open).toBe("yes");
    act(() => result.current.check("open", "true", "false").onChange({ target: { checked: false } }));
    expect(result.current.values.open).toBe("false");
  });
});

/** Whether leaving the page now would ask first (a cancelable beforeunload, as the browser sends it). */
const leavingAsks = () => {
  const event = new Event("beforeunload", { cancelable: true });
  globalThis.dispatchEvent(event);
  return event.defaultPrevented;
};

describe("useFormState's warnOnLeave", () => {
  test("leaving asks while the values differ from where the form started or was last reset to", () => {
    const { result, unmount } = renderHook(() => useFormState({ city: "Pune" }, { validate: () => ({}), warnOnLeave: true }));
    expect(leavingAsks()).toBe(false);
    act(() => result.current.field("city").onChange({ target: { value: "Nashik" } }));
    expect(leavingAsks()).toBe(true);
    // Typed back to what it was: nothing would be lost.
    act(() => result.current.field("city").onChange({ target: { value: "Pune" } }));
    expect(leavingAsks()).toBe(false);
    act(() => result.current.field("city").onChange({ target: { value: "Nagpur" } }));
    act(() => result.current.reset({ city: "Nagpur" }));
    expect(leavingAsks()).toBe(false);
    act(() => result.current.field("city").onChange({ target: { value: "Thane" } }));
    unmount();
    expect(leavingAsks()).toBe(false);
  });

  test("off by default (a form in a FormDialog, which asks by itself, or one that keeps its own draft)", () => {
    const { result, unmount } = renderHook(() => useFormState({ city: "Pune" }, { validate: () => ({}) }));
    act(() => result.current.field("city").onChange({ target: { value: "Nashik" } }));
    expect(leavingAsks()).toBe(false);
    unmount();
  });
});

describe("addOrUpdate", () => {
  test("a new record is added, a stored one changed by its id; busy while either runs", async () => {
    const sent: unknown[] = [];
    const call = <I>(name: string, isPending = false) => ({
      isPending,
      mutateAsync: async (input: I) => {
        sent.push([name, input]);
        return name;
      },
    });
    const saving = addOrUpdate(call<{ title: string }>("create"), call<{ id: number; title: string }>("update"));
    expect(await saving.save(undefined, { title: "New" })).toBe("create");
    expect(await saving.save(7, { title: "Old" })).toBe("update");
    expect(sent).toEqual([
      ["create", { title: "New" }],
      ["update", { id: 7, title: "Old" }],
    ]);
    expect(saving.busy).toBe(false);
    expect(addOrUpdate(call("create"), call("update", true)).busy).toBe(true);
  });
});

describe("useTextField", () => {
  test("its message stays until the text changes", () => {
    const { result } = renderHook(() => useTextField("start"));
    expect(result.current.bind.value).toBe("start");
    act(() => result.current.setError("Say why"));
    expect(result.current.bind.error).toBe("Say why");
    act(() => result.current.bind.onChange({ target: { value: "because" } }));
    expect(result.current.value).toBe("because");
    expect(result.current.bind.error).toBeNull();
  });
});

describe("flatForm", () => {
  const form = flatForm({ name: "name", phone: "contact.phone" });

  test("empty values, values from a stored record (missing or null as blank), and the nested input", () => {
    expect(form.empty()).toEqual({ name: "", phone: "" });
    expect(form.from({ name: "Asha", contact: null })).toEqual({ name: "Asha", phone: "" });
    expect(form.from({ name: null, contact: { phone: "98765 43210" } })).toEqual({ name: "", phone: "98765 43210" });
    expect(form.toInput({ name: " Asha ", phone: " 98 " }, (t) => t.trim())).toEqual({ name: "Asha", contact: { phone: "98" } });
  });

  test("the API's paths lead back to the form's fields", () => {
    expect(form.paths).toEqual({ name: "name", "contact.phone": "phone" });
    expect(messagesByField({ "contact.phone": ["Phone: 10 digits"] }, { paths: form.paths, fields: form.fields })).toEqual({
      phone: "Phone: 10 digits",
    });
  });
});

describe("fieldIds", () => {
  test("each field's element id is the form's prefix and the field's name, in the form's order", () => {
    const ids = fieldIds("exam", ["title", "date"] as const);
    expect(ids).toEqual({ title: "exam-title", date: "exam-date" });
    expect(Object.keys(ids)).toEqual(["title", "date"]);
  });
});

describe("focusField", () => {
  test("a field disabled while its form is sent takes the focus once it is enabled again, not before", async () => {
    document.body.innerHTML = '<input id="current-password" disabled /><button id="send">Send</button>';
    const field = document.getElementById("current-password") as HTMLInputElement;
    const send = document.getElementById("send") as HTMLButtonElement;
    send.focus();
    focusField("current-password");
    expect(document.activeElement).toBe(send);
    field.disabled = false;
    await Promise.resolve();
    expect(document.activeElement).toBe(field);
    // An enabled field takes it at once.
    send.focus();
    focusField("current-password");
    expect(document.activeElement).toBe(field);
    document.body.innerHTML = "";
  });

  test("the field is brought to the middle of the screen, with room for its message, by a scroll of its own", () => {
    // Focus's own scroll lost to a smooth scroll still running (Tab to Send, then Enter at once): the field
    // stayed above the screen (eighth walk). A scroll asked for after the focus replaces the running one.
    document.body.innerHTML = '<input id="email" />';
    const field = document.getElementById("email") as HTMLInputElement;
    const asked: unknown[] = [];
    field.scrollIntoView = (options?: boolean | ScrollIntoViewOptions) => void asked.push(options);
    focusField("email");
    expect(document.activeElement).toBe(field);
    expect(asked).toEqual([{ block: "center" }]);
    document.body.innerHTML = "";
  });
});
