import type { PDFFont, PDFPage } from 'pdf-lib';
import { receiptNumberLabel } from '@portal/domain/commerce/receipts.ts';
import { formatMomentWithZone, formatUsDates } from '@portal/domain/dates.ts';
import { formatCents } from '@portal/domain/money.ts';
import type { Config } from '../config.ts';
import type { eventPayments } from '../db/schema/commerce.ts';
import { printable } from './certificates.ts';

/** One line of a receipt: what was bought, how many, at what price. */
export interface ReceiptLine {
  eventName: string;
  /** The section (or day) bought, null for a whole event. */
  sectionTitle: string | null;
  sectionDates: string[];
  title: string;
  quantity: number;
  unitPriceCents: number;
  amountCents: number;
}

/** Everything a receipt prints, read from the rows (core/receipts.ts readReceipt). */
export interface Receipt {
  number: number;
  issuedAt: Date;
  paymentId: string;
  status: (typeof eventPayments.status.enumValues)[number];
  buyerName: string;
  buyerEmail: string;
  organizationName: string | null;
  /** The organization's billing address, one line per part given; empty when it has none. */
  billingAddress: string[];
  lines: ReceiptLine[];
  couponCode: string | null;
  subtotalCents: number;
  discountCents: number;
  totalCents: number;
  paidBy: string;
  /** Said when the payment was undone after the receipt was issued (refund needed, cancelled). */
  statusLine: string | null;
  /** Each event's cancellation policy in words (refunds.ts cancellationPolicyText), once per distinct text. */
  cancellationPolicies: string[];
}

const margin = 56;
const right = 556;

/**
 * "Fall Leadership Conference Day - Coaching Writing (10/14/2026)": a section's line names the event,
 * the section and its days; any other line (a series pass, an institute seat, a request's seats) is
 * the item's own title, which already names its event.
 */
export function lineDescription(line: ReceiptLine): string {
  if (line.sectionTitle === null) return line.title;
  const dates = line.sectionDates.length > 0 ? ` (${formatUsDates(line.sectionDates)})` : '';
  return `${line.eventName} - ${line.sectionTitle}${dates}`;
}

/** Who sells, as configuration gives it (config.ts SELLER_*). */
export type SellerIdentity = Config['seller'];

/** What drawing a money document needs from the configuration: its clock's zone and its seller. */
export type DocumentSettings = Pick<Config, 'timeZone' | 'seller'>;

/** The pieces every money document (receipt, credit note) is drawn with, so a block added here is on each. */
export interface Sheet {
  line: (value: string, size?: number, font?: PDFFont) => void;
  gap: (height?: number) => void;
  amountsRow: (cells: [string, string, string, string], font: PDFFont) => void;
  totalRow: (name: string, value: string, font?: PDFFont, size?: number) => void;
  regular: PDFFont;
  bold: PDFFont;
  save: () => Promise<Uint8Array>;
}

/**
 * A letter-size document drawn with pdf-lib, the certificates' library. Numbers are right-aligned in
 * their columns; a line too long for its column wraps (maxWidth) rather than run into the amounts.
 */
export async function moneySheet(title: string, createdAt: Date, seller: SellerIdentity): Promise<Sheet> {
  // pdf-lib is loaded by the first PDF made, not at start-up (docs/decisions/0144-start-in-a-second.md).
  const { PDFDocument, StandardFonts, rgb } = await import('pdf-lib');
  const ink = rgb(0.1, 0.1, 0.15);
  const doc = await PDFDocument.create();
  doc.setTitle(title);
  doc.setProducer('Members Portal');
  doc.setCreationDate(createdAt);
  const regular = await doc.embedFont(StandardFonts.Helvetica);
  const bold = await doc.embedFont(StandardFonts.HelveticaBold);
  let page: PDFPage = doc.addPage([612, 792]);
  let y = 730;
  const room = (height: number) => {
    if (y - height >= 60) return;
    page = doc.addPage([612, 792]);
    y = 740;
  };
  const text = (value: string, x: number, size: number, font: PDFFont, maxWidth?: number) =>
    page.drawText(printable(font, value), {
      x,
      y,
      size,
      font,
      color: ink,
      ...(maxWidth ? { maxWidth, lineHeight: size + 3 } : {}),
    });
  const alignRight = (value: string, x: number, size: number, font: PDFFont) => {
    const shown = printable(font, value);
    page.drawText(shown, { x: x - font.widthOfTextAtSize(shown, size), y, size, font, color: ink });
  };
  const line = (value: string, size = 11, font = regular) => {
    room(size + 7);
    text(value, margin, size, font, right - margin);
    y -= size + 7;
  };
  // The seller heads every money document: a business office files it under whom it paid (decision 0192).
  line(seller.legalName, 12, bold);
  for (const part of seller.address) line(part, 9);
  line(`Tax ID: ${seller.taxId}`, 9);
  y -= 10;
  return {
    regular,
    bold,
    line,
    gap: (height = 8) => {
      y -= height;
    },
    amountsRow: (cells, font) => {
      const size = 10;
      const described = printable(font, cells[0]);
      const width = 300;
      const rows = Math.max(1, Math.ceil(font.widthOfTextAtSize(described, size) / width));
      room(rows * (size + 3) + 6);
      text(described, margin, size, font, width);
      alignRight(cells[1], 410, size, font);
      alignRight(cells[2], 480, size, font);
      alignRight(cells[3], right, size, font);
      y -= rows * (size + 3) + 6;
    },
    totalRow: (name, value, font = regular, size = 11) => {
      room(size + 7);
      alignRight(name, 480, size, font);
      alignRight(value, right, size, font);
      y -= size + 7;
    },
    save: () => doc.save(),
  };
}

/** receipt-R-000042.pdf. */
export async function receiptPdf(receipt: Receipt, settings: DocumentSettings): Promise<Uint8Array> {
  const label = receiptNumberLabel(receipt.number);
  const { line, gap, amountsRow, totalRow, regular, bold, save } = await moneySheet(
    `Receipt ${label}`,
    receipt.issuedAt,
    settings.seller,
  );
  line('Receipt', 22, bold);
  line(`Receipt number: ${label}`, 12, bold);
  line(`Date: ${formatMomentWithZone(receipt.issuedAt, settings.timeZone)}`);
  if (receipt.statusLine) {
    gap(4);
    line(receipt.statusLine, 12, bold);
  }
  gap();
  line('Billed to', 13, bold);
  line(`${receipt.buyerName} (${receipt.buyerEmail})`);
  if (receipt.organizationName) line(receipt.organizationName);
  for (const part of receipt.billingAddress) line(part);
  gap();
  amountsRow(['Item', 'Quantity', 'Unit price', 'Amount'], bold);
  for (const item of receipt.lines) {
    amountsRow(
      [lineDescription(item), String(item.quantity), formatCents(item.unitPriceCents), formatCents(item.amountCents)],
      regular,
    );
  }
  gap();
  totalRow('Subtotal', formatCents(receipt.subtotalCents));
  if (receipt.discountCents > 0 || receipt.couponCode) {
    totalRow(`Coupon ${receipt.couponCode ?? ''}`.trim(), `-${formatCents(receipt.discountCents)}`);
  }
  totalRow('Total', formatCents(receipt.totalCents), bold, 12);
  gap();
  line(`Paid by: ${receipt.paidBy}`);
  line(`Payment reference: ${receipt.paymentId}`, 9);
  for (const policy of receipt.cancellationPolicies) line(policy, 9);
  return save();
}
