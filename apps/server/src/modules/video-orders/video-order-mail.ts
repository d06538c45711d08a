// The two mails of an order (to the studio, and the seller's confirmation) and the delivery
// notice. Plain text plus the same text as HTML; links are absolute (PUBLIC_URL).
import type { MailMessage } from "../mail/mailer.ts";
import type { VideoOrderRow } from "./video-orders.tables.ts";

const esc = (s: string) => s.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
const html = (text: string) =>
  `<pre style="font-family:inherit;white-space:pre-wrap">${esc(text)}</pre>`;
const price = (o: VideoOrderRow) => `$${(o.priceCents / 100).toFixed(2)}`;

function summary(o: VideoOrderRow): string {
  return [
    `Order: ${o.id}`,
    `Style: ${o.style}`,
    `Formats: ${o.formats.join(", ")}`,
    `Deadline: ${o.deadline}`,
    `Price: ${price(o)}${o.discount ? " (meeting invite discount)" : ""} — ${o.paymentStatus}`,
    `Product photos: ${o.uploadIds.length}`,
    "",
    "Brief:",
    o.brief,
  ].join("\n");
}

export function studioMail(
  o: VideoOrderRow,
  to: string,
  customer: string,
  publicUrl: string,
): MailMessage {
  const text = `A seller ordered a product video.\n\nSeller: ${customer}\n${summary(o)}\n\nOpen the orders: ${publicUrl}/video-app?orders=admin`;
  return {
    to,
    subject: `New product video order ${o.id.slice(0, 8)}`,
    text,
    html: html(text),
    replyTo: customer,
  };
}

export function confirmationMail(o: VideoOrderRow, to: string, publicUrl: string): MailMessage {
  const text = `Thank you! We received your product video order.\n\n${summary(o)}\n\nFollow it here: ${publicUrl}/video-app`;
  return { to, subject: "We received your product video order", text, html: html(text) };
}

export function deliveredMail(o: VideoOrderRow, to: string, publicUrl: string): MailMessage {
  const text = `Your product video is ready.\n\nOrder: ${o.id}\nDownload it from the Video app: ${publicUrl}/video-app`;
  return { to, subject: "Your product video is ready", text, html: html(text) };
}
