/**
 * For this feature's tests only (nothing in the app imports it): the whole app at a path with a fake
 * tRPC endpoint, a stand-in XMLHttpRequest for uploads, and ways to reach the form's controls.
 */
import { fireEvent, render, screen } from "@testing-library/react";
import { memoryLocation } from "wouter/memory-location";
import { App } from "../../app.tsx";
import { fakeTrpcFetch, SITE_INFO, stubSessionApi } from "../../lib/testing.tsx";
import type { SessionUser } from "../../lib/trpc.ts";
import { type AdmissionValues, emptyValues } from "./application-form.ts";

/** `signedIn`: the person the stored session is (see storeSession), as the server confirms them. */
export function renderApp(path: string, handlers: Parameters<typeof fakeTrpcFetch>[0] = {}, signedIn?: SessionUser) {
  const location = memoryLocation({ path, record: true });
  const trpc = fakeTrpcFetch({ "site.info": () => SITE_INFO, ...handlers });
  const sessionApi = stubSessionApi(signedIn ? { me: async () => ({ user: signedIn }) } : {}).api;
  render(<App sessionApi={sessionApi} locationHook={location.hook} fetch={trpc.fetch} />);
  return { calls: trpc.calls, path: () => location.history.at(-1) };
}

const escape = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");

/** A form control by its visible label, with or without the required asterisk. */
export const control = <T extends HTMLElement = HTMLInputElement>(label: string) =>
  screen.getByLabelText(new RegExp(`^${escape(label)}( \\*)?$`)) as unknown as T;

export const type = (label: string, value: string) => fireEvent.change(control(label), { target: { value } });

export const click = (name: string | RegExp) => fireEvent.click(screen.getByRole("button", { name }));

/** The file input of a document box (named "Photo * Choose file" and the like). */
export const documentInput = (label: string) => screen.getByLabelText(new RegExp(`^${escape(label)}\\b`)) as HTMLInputElement;

export const chooseFile = (label: string, file: File) => fireEvent.change(documentInput(label), { target: { files: [file] } });

/** The upload stand-in (lib/testing.tsx), installed for each test of a file by `withFakeXhr()`. */
export { FakeXhr, withFakeXhr } from "../../lib/testing.tsx";

export const PNG = new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 13]);
export const PDF = new TextEncoder().encode("%PDF-1.4\n%%EOF\n");
export const EXE = new Uint8Array([0x4d, 0x5a, 0x90, 0x00, 0x03, 0x00, 0x00, 0x00]);
export const pngFile = (name = "me.png") => new File([PNG], name, { type: "image/png" });
export const pdfFile = (name = "marksheet.pdf") => new File([PDF], name, { type: "application/pdf" });

/** Every required field filled in, as a person would. */
export const COMPLETE: AdmissionValues = {
  ...emptyValues(),
  firstName: "Priya",
  lastName: "Sharma",
  dateOfBirth: "1995-04-12",
  gender: "Female",
  bloodGroup: "B+",
  email: "priya@example.com",
  phone: "+91 98765 43210",
  address: "12 MG Road",
  city: "Pune",
  state: "Maharashtra",
  pincode: "411001",
  course: "Commerce",
};
