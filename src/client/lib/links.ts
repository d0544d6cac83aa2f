/** Links built from contact details: a phone to call, an address to write to, a place on the map. */

/** `tel:` keeps only the digits and a leading plus: "+91 20 2612 3456" → "tel:+912026123456". */
export const telHref = (phone: string): string => `tel:${phone.replace(/[^\d+]/g, "")}`;

export const mailHref = (email: string): string => `mailto:${email}`;

/** A Google Maps search for the address: a plain link, no map script or iframe on our pages. */
export const mapsHref = (address: string): string => `https://www.google.com/maps/search/?api=1&query=${encodeURIComponent(address)}`;
