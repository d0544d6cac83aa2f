/**
 * The server's SVG (a QR code: the fee payment's UPI request, the admit card's and the ID card's checks) as an
 * <img> source: a data: URL, so no markup or inline style enters the page (the CSP allows img-src data:; an
 * image runs no script).
 */
export const svgDataUrl = (svg: string) => `data:image/svg+xml;charset=utf-8,${encodeURIComponent(svg)}`;
