import { describe, expect, mock, test } from "bun:test";
import { act, fireEvent, render, screen } from "@testing-library/react";
import { ApiError } from "../lib/errors.ts";
import { Alert } from "./alert.tsx";
import { Button, buttonClass } from "./button.tsx";
import { Card, StatCard } from "./card.tsx";
import { EmptyState } from "./empty-state.tsx";
import { ListLoadError } from "./load-error.tsx";
import { ProgressBar } from "./progress-bar.tsx";
import { Skeleton, Spinner } from "./spinner.tsx";
import { withComponentTestSetup } from "./testing.ts";
import type { ToastApi } from "./toast.tsx";
import { ToastProvider, useToast } from "./toast.tsx";

withComponentTestSetup();

describe("Alert", () => {
  test("errors use role=alert", () => {
    render(
      <Alert tone="error" title="We could not submit your application">
        Check your connection and try again.
      </Alert>,
    );
    const alert = screen.getByRole("alert");
    expect(alert.textContent).toContain("We could not submit your application");
    expect(alert.textContent).toContain("Check your connection and try again.");
  });

  test("success, info and warning use role=status", () => {
    for (const tone of ["success", "info", "warning"] as const) {
      const { unmount } = render(<Alert tone={tone}>{tone} message</Alert>);
      expect(screen.getByRole("status").textContent).toContain(`${tone} message`);
      expect(screen.queryByRole("alert")).toBeNull();
      unmount();
    }
  });

  test("the Dismiss button appears only with onDismiss and calls it", () => {
    const onDismiss = mock(() => {});
    const { rerender } = render(<Alert tone="info">Saved</Alert>);
    expect(screen.queryByRole("button", { name: "Dismiss" })).toBeNull();
    rerender(
      <Alert tone="info" onDismiss={onDismiss}>
        Saved
      </Alert>,
    );
    fireEvent.click(screen.getByRole("button", { name: "Dismiss" }));
    expect(onDismiss).toHaveBeenCalledTimes(1);
  });
});

describe("ListLoadError", () => {
  test("the retry asks the failed query again, or does what the screen says", () => {
    const query = { refetch: mock(() => Promise.resolve()) };
    const { unmount } = render(<ListLoadError message="The list could not load." query={query} />);
    expect(screen.getByRole("alert").textContent).toContain("The list could not load.");
    fireEvent.click(screen.getByRole("button", { name: "Try again" }));
    expect(query.refetch).toHaveBeenCalledTimes(1);
    unmount();
    const onRetry = mock(() => {});
    render(<ListLoadError message="The list could not load." retryLabel="Reload" onRetry={onRetry} />);
    fireEvent.click(screen.getByRole("button", { name: "Reload" }));
    expect(onRetry).toHaveBeenCalledTimes(1);
  });
});

describe("ProgressBar", () => {
  test("exposes its value to assistive tech and shows the percentage", () => {
    render(<ProgressBar value={42.4} label="Uploading photo" />);
    const bar = screen.getByRole("progressbar", { name: "Uploading photo" });
    expect(bar.getAttribute("aria-valuenow")).toBe("42");
    expect(bar.getAttribute("aria-valuemin")).toBe("0");
    expect(bar.getAttribute("aria-valuemax")).toBe("100");
    expect(screen.getByText("42%")).toBeTruthy();
    expect((bar.firstElementChild as HTMLElement).style.width).toBe("42%");
  });

  test("clamps values outside 0..100", () => {
    const { rerender } = render(<ProgressBar value={140} label="Upload" />);
    expect(screen.getByRole("progressbar").getAttribute("aria-valuenow")).toBe("100");
    rerender(<ProgressBar value={-5} label="Upload" />);
    expect(screen.getByRole("progressbar").getAttribute("aria-valuenow")).toBe("0");
  });
});

describe("Button", () => {
  test("defaults to a non-submitting primary button", () => {
    render(<Button>Apply now</Button>);
    const button = screen.getByRole("button", { name: "Apply now" }) as HTMLButtonElement;
    expect(button.type).toBe("button");
    expect(button.className).toBe("ui-button ui-button--primary ui-button--md");
  });

  test("loading blocks the button (aria-disabled, aria-busy, a spinner) and cancels its clicks and its form's submission", () => {
    const onClick = mock(() => {});
    const onSubmit = mock((event: { preventDefault(): void }) => event.preventDefault());
    render(
      <form onSubmit={onSubmit}>
        <Button type="submit" variant="accent" loading onClick={onClick}>
          Submit application
        </Button>
      </form>,
    );
    const button = screen.getByRole("button", { name: "Submit application" }) as HTMLButtonElement;
    expect(button.getAttribute("aria-disabled")).toBe("true");
    expect(button.getAttribute("aria-busy")).toBe("true");
    expect(button.querySelector(".ui-spinner")).toBeTruthy();
    fireEvent.click(button);
    expect(onClick).not.toHaveBeenCalled();
    expect(onSubmit).not.toHaveBeenCalled();
  });

  test("a focused button keeps the focus while it is busy and after (a disabled one would drop it to the page)", () => {
    const onClick = mock(() => {});
    const { rerender } = render(<Button onClick={onClick}>Add note</Button>);
    const button = screen.getByRole("button", { name: "Add note" }) as HTMLButtonElement;
    button.focus();
    rerender(
      <Button onClick={onClick} loading>
        Add note
      </Button>,
    );
    expect(button.disabled).toBe(false);
    expect(document.activeElement).toBe(button);
    rerender(<Button onClick={onClick}>Add note</Button>);
    expect(document.activeElement).toBe(button);
    expect(button.hasAttribute("aria-disabled")).toBe(false);
    fireEvent.click(button);
    expect(onClick).toHaveBeenCalledTimes(1);
  });

  test("disabled stays disabled, busy or not", () => {
    render(
      <Button disabled loading>
        Remind
      </Button>,
    );
    const button = screen.getByRole("button", { name: "Remind" }) as HTMLButtonElement;
    expect(button.disabled).toBe(true);
    expect(button.hasAttribute("aria-disabled")).toBe(false);
  });

  test("buttonClass gives links the same look", () => {
    expect(buttonClass()).toBe("ui-button ui-button--primary ui-button--md");
    expect(buttonClass("accent", "lg", true)).toBe("ui-button ui-button--accent ui-button--lg ui-button--block");
  });
});

describe("Card and StatCard", () => {
  test("a titled card is a region named by its title", () => {
    render(
      <Card title="Your application" actions={<Button size="sm">Edit</Button>}>
        Submitted on 2 June
      </Card>,
    );
    const region = screen.getByRole("region", { name: "Your application" });
    expect(region.tagName).toBe("SECTION");
    expect(screen.getByRole("heading", { level: 2, name: "Your application" })).toBeTruthy();
  });

  test("StatCard is a group named by its label", () => {
    render(<StatCard label="Pending applications" value={14} hint="3 new today" tone="pending" />);
    const group = screen.getByRole("group", { name: "Pending applications" });
    expect(group.textContent).toContain("14");
    expect(group.textContent).toContain("3 new today");
  });

  test("a long figure carries its length, which sizes it to its column (never broken inside); a short one does not", () => {
    render(
      <>
        <StatCard label="Total outstanding" value="₹1,03,833.32" />
        <StatCard label="Students owing" value={1} />
      </>,
    );
    const value = (name: string) => screen.getByRole("group", { name }).querySelector<HTMLElement>(".ui-stat__value")!;
    expect(value("Total outstanding").style.getPropertyValue("--chars")).toBe("12");
    expect(value("Students owing").hasAttribute("style")).toBe(false);
  });

  test("a count is grouped as the language groups it (thirteenth walk: 20000 beside 20,000)", () => {
    render(
      <>
        <StatCard label="Applications" value={20000} />
        <StatCard label="Students" value={100000} />
      </>,
    );
    expect(screen.getByRole("group", { name: "Applications" }).textContent).toBe("Applications20,000");
    expect(screen.getByRole("group", { name: "Students" }).textContent).toBe("Students1,00,000");
  });
});

describe("EmptyState, Spinner and Skeleton", () => {
  test("EmptyState shows what is missing and the next step", () => {
    render(<EmptyState title="No tickets yet" description="Ask us anything." action={<Button>Raise a ticket</Button>} />);
    expect(screen.getByText("No tickets yet")).toBeTruthy();
    expect(screen.getByRole("button", { name: "Raise a ticket" })).toBeTruthy();
  });

  test("Spinner is a status with a hidden label", () => {
    render(<Spinner label="Loading your results" />);
    expect(screen.getByRole("status").textContent).toBe("Loading your results");
  });

  test("Skeleton is hidden from assistive tech and sized by props", () => {
    const { container } = render(
      <>
        <Skeleton width={120} height="2rem" />
        <Skeleton lines={3} />
      </>,
    );
    const [block, lines] = [...container.children] as HTMLElement[];
    expect(block?.getAttribute("aria-hidden")).toBe("true");
    expect(block?.style.width).toBe("120px");
    expect(block?.style.height).toBe("2rem");
    expect(lines?.querySelectorAll(".ui-skeleton")).toHaveLength(3);
  });
});

describe("Toast", () => {
  /** Real time passing inside act, so the timers' state updates are flushed like in a browser. */
  const wait = (ms: number) => act(() => new Promise<void>((resolve) => setTimeout(resolve, ms)));

  function capture(): { api: () => ToastApi } {
    let api: ToastApi | undefined;
    function Grab() {
      api = useToast();
      return null;
    }
    render(
      <ToastProvider>
        <Grab />
      </ToastProvider>,
    );
    return { api: () => api! };
  }

  test("a toast appears in the live region and is removed after its time", async () => {
    const { api } = capture();
    act(() => {
      api().show("Your changes are saved.", "success", 50);
    });
    // Named apart from the Notifications page, whose region is "Notifications" (axe: landmark-unique).
    const region = screen.getByRole("region", { name: "Alerts" });
    expect(region.querySelector("[aria-live=polite]")?.textContent).toContain("Your changes are saved.");
    await wait(80);
    expect(screen.queryByText("Your changes are saved.")).toBeNull();
  });

  test("Dismiss removes it at once; errors are alerts", () => {
    const { api } = capture();
    act(() => {
      api().show("Upload failed. Try a smaller photo.", "error", 0);
    });
    expect(screen.getByRole("alert").textContent).toContain("Upload failed.");
    fireEvent.click(screen.getByRole("button", { name: "Dismiss" }));
    expect(screen.queryByText("Upload failed. Try a smaller photo.")).toBeNull();
  });

  test("a failed action's toast is an error with the server's words for a refusal, else the fallback", () => {
    const { api } = capture();
    act(() => {
      api().failed(new ApiError("This e-mail address is already used.", 409), "Could not save.");
      api().failed(new ApiError("Internal error", 500), "Could not save.");
    });
    expect(screen.getAllByRole("alert").map((a) => a.textContent)).toEqual(["This e-mail address is already used.", "Could not save."]);
  });

  test("a toast stays while the pointer is on it", async () => {
    const { api } = capture();
    act(() => {
      api().show("Saved.", "success", 30);
    });
    fireEvent.mouseEnter(screen.getByText("Saved.").closest("li")!);
    await wait(80);
    expect(screen.getByText("Saved.")).toBeTruthy();
    fireEvent.mouseLeave(screen.getByText("Saved.").closest("li")!);
    await wait(60);
    expect(screen.queryByText("Saved.")).toBeNull();
  });

  test("useToast outside the provider fails loudly", () => {
    function Orphan() {
      useToast();
      return null;
    }
    // React reports the thrown error through console.error; keep this test's output clean.
    const original = console.error;
    console.error = () => {};
    try {
      expect(() => render(<Orphan />)).toThrow("useToast must be used inside <ToastProvider>.");
    } finally {
      console.error = original;
    }
  });
});
