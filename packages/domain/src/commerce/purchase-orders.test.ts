import { describe, expect, it } from 'vitest';
import {
  isPdfName,
  looksLikePdf,
  maxPurchaseOrderBytes,
  purchaseOrderFields,
  purchaseOrderKind,
  purchaseOrderMessages,
  purchaseOrderNextStep,
  purchaseOrderTotalMismatch,
  purchaseOrderTypeOf,
  validatePurchaseOrderForm,
  type PurchaseOrderFormValues,
} from './purchase-orders.ts';

const bytes = (text: string) => new TextEncoder().encode(text);

/** A complete one-page PDF as a writer produces it: header, objects, cross-reference table, trailer, %%EOF. */
const realPdf = bytes(
  [
    '%PDF-1.4',
    '%\u00e2\u00e3\u00cf\u00d3',
    '1 0 obj << /Type /Catalog /Pages 2 0 R >> endobj',
    '2 0 obj << /Type /Pages /Kids [3 0 R] /Count 1 >> endobj',
    '3 0 obj << /Type /Page /Parent 2 0 R /MediaBox [0 0 612 792] /Contents 4 0 R >> endobj',
    '4 0 obj << /Length 44 >> stream',
    'BT /F1 12 Tf 72 720 Td (PO 4411) Tj ET',
    'endstream endobj',
    'xref',
    '0 5',
    '0000000000 65535 f ',
    '0000000015 00000 n ',
    '0000000064 00000 n ',
    '0000000121 00000 n ',
    '0000000210 00000 n ',
    'trailer << /Size 5 /Root 1 0 R >>',
    'startxref',
    '300',
    '%%EOF',
    '',
  ].join('\n'),
);

const pdfFile = (name = 'po.pdf', size?: number) =>
  new File([size === undefined ? realPdf : new Uint8Array(size)], name, { type: 'application/pdf' });

const valid: PurchaseOrderFormValues = {
  file: pdfFile(),
  filename: 'District PO',
  contactEmail: 'purchasing@district.test',
  contactName: 'Pat Purchasing',
  contactPhone: '(555) 123-4567',
  number: 'PO-4411',
  organizationId: '7f1c7c3e-8a43-4a57-9d55-2f6c1b7f0a11',
  total: '447.00',
};

const errorsOf = (values: Partial<PurchaseOrderFormValues>) => validatePurchaseOrderForm({ ...valid, ...values });

describe('validatePurchaseOrderForm (events.md §5 "Purchase order form")', () => {
  it('accepts a complete form', () => {
    expect(errorsOf({})).toEqual({});
  });

  it.each([
    ['no file', null, purchaseOrderMessages.fileRequired],
    ['a .txt file', pdfFile('po.txt'), purchaseOrderMessages.fileRequired],
    ['a name merely containing .pdf', pdfFile('po.pdf.exe'), purchaseOrderMessages.fileRequired],
    ['exactly 10 MB', pdfFile('po.pdf', maxPurchaseOrderBytes), undefined],
    ['10 MB and 1 byte', pdfFile('po.pdf', maxPurchaseOrderBytes + 1), purchaseOrderMessages.fileTooLarge],
    ['an upper-case .PDF', pdfFile('PO.PDF'), undefined],
  ])('file: %s', (_label, file, message) => {
    expect(errorsOf({ file }).file).toBe(message);
  });

  it.each([
    ['filename', '', purchaseOrderMessages.filenameRequired],
    ['filename', '   ', purchaseOrderMessages.filenameRequired],
    ['filename', 'a', undefined],
    ['contactEmail', '', purchaseOrderMessages.emailRequired],
    ['contactEmail', '  ', purchaseOrderMessages.emailRequired],
    ['contactEmail', 'purchasing', purchaseOrderMessages.emailInvalid],
    ['contactEmail', 'purchasing@district', purchaseOrderMessages.emailInvalid],
    ['contactEmail', ' a@b.co ', undefined],
    ['contactName', '', purchaseOrderMessages.nameRequired],
    ['contactName', 'P', undefined],
    ['contactPhone', '', 'Phone is required'],
    ['contactPhone', '(___) ___-____', 'Phone is required'],
    ['contactPhone', '(555) 123-456_', 'Phone is invalid'],
    ['contactPhone', '(5__) ___-____', 'Phone is invalid'],
    ['number', '', purchaseOrderMessages.numberRequired],
    ['number', '1', undefined],
  ] as const)('%s %j → %s', (field, value, message) => {
    expect(errorsOf({ [field]: value })[field]).toBe(message);
  });

  it('needs an organization', () => {
    expect(errorsOf({ organizationId: null }).organizationId).toBe(purchaseOrderMessages.organizationRequired);
  });

  it.each([
    ['12.5', undefined],
    ['0', undefined],
    ['1,234.56', undefined],
    ['$447', undefined],
    ['10000000.00', undefined],
    ['10000000.01', purchaseOrderMessages.totalRequired],
    ['12.345', purchaseOrderMessages.totalRequired],
    ['-1', purchaseOrderMessages.totalRequired],
    ['abc', purchaseOrderMessages.totalRequired],
    ['', purchaseOrderMessages.totalRequired],
  ])('total %j → %s', (total, message) => {
    expect(errorsOf({ total }).total).toBe(message);
  });
});

describe('purchaseOrderFields (what the server receives)', () => {
  const fields = {
    eventPaymentId: '0b6f5d1e-2c3a-4d5e-8f9a-1b2c3d4e5f60',
    type: 'CONFERENCE_DAY',
    filename: 'District PO',
    contactEmail: 'purchasing@district.test',
    contactName: 'Pat Purchasing',
    contactPhone: '5551234567',
    number: 'PO-4411',
    organizationId: '7f1c7c3e-8a43-4a57-9d55-2f6c1b7f0a11',
    total: '44700',
  };
  const issueOn = (values: Record<string, string>, field: string) =>
    purchaseOrderFields.safeParse({ ...fields, ...values }).error?.issues.find((issue) => issue.path[0] === field)
      ?.message;

  it('takes the type as optional: the server derives it from the payment', () => {
    const { type: _type, ...withoutType } = fields;
    expect(purchaseOrderFields.parse(withoutType).type).toBeUndefined();
    expect(issueOn({ type: 'INVOICE' }, 'type')).toBeDefined();
  });

  it('reads the total in cents from the form field', () => {
    expect(purchaseOrderFields.parse(fields).total).toBe(44_700);
    expect(purchaseOrderFields.parse({ ...fields, total: '0' }).total).toBe(0);
  });

  it.each(['', '  ', 'abc', '12.5', '-1', '1000000001'])('total %j → "Purchase order total is required"', (total) => {
    expect(issueOn({ total }, 'total')).toBe(purchaseOrderMessages.totalRequired);
  });

  it.each([
    ['contactPhone', '', 'Phone is required'],
    ['contactPhone', '(555) 123-4567', 'Phone is invalid'],
    ['contactPhone', '555123', 'Phone is invalid'],
    ['organizationId', '', purchaseOrderMessages.organizationRequired],
    ['contactEmail', 'nope', purchaseOrderMessages.emailInvalid],
    ['contactEmail', '', purchaseOrderMessages.emailRequired],
  ])('%s %j → %s', (field, value, message) => {
    expect(issueOn({ [field]: value }, field)).toBe(message);
  });
});

describe('purchaseOrderTypeOf (events.md §3)', () => {
  it.each([
    ['a cart payment', null, 'CONFERENCE_DAY'],
    ['an application payment', '9d3c1f0e-1a2b-4c3d-8e4f-5a6b7c8d9e0f', 'EVENT_APPLICATION'],
  ] as const)('%s → %s', (_label, applicationId, type) => {
    expect(purchaseOrderTypeOf({ applicationId })).toBe(type);
  });
  it('a legacy application payment → EVENT_APPLICATION', () => {
    expect(
      purchaseOrderTypeOf({ applicationId: null, legacyApplicationId: '9d3c1f0e-1a2b-4c3d-8e4f-5a6b7c8d9e0f' }),
    ).toBe('EVENT_APPLICATION');
  });
  it('a registration request payment → EVENT', () => {
    expect(
      purchaseOrderTypeOf({ applicationId: null, registrationRequestId: '9d3c1f0e-1a2b-4c3d-8e4f-5a6b7c8d9e0f' }),
    ).toBe('EVENT');
  });
});

describe('purchaseOrderTotalMismatch', () => {
  it.each([
    [44_700, 44_700, false],
    [1, 44_700, true],
    [44_701, 44_700, true],
    [0, 0, false],
  ])('typed %i for %i due → %s', (submittedTotalCents, paymentTotalCents, expected) => {
    expect(purchaseOrderTotalMismatch({ submittedTotalCents, paymentTotalCents })).toBe(expected);
  });

  it('names both totals in dollars in the refusal', () => {
    expect(purchaseOrderMessages.totalMismatch(1, 14_900)).toContain(
      "total ($0.01) does not match the payment's total ($149.00)",
    );
  });
});

describe('looksLikePdf: by content, not by name', () => {
  it('accepts real PDF bytes', () => {
    expect(looksLikePdf(realPdf)).toBe(true);
  });

  it.each([
    ['an HTML page', bytes('<!DOCTYPE html><html><body><p>%PDF-1.4</p>%%EOF</body></html>')],
    ['a text file renamed to .pdf', bytes('Purchase order 4411\nTotal: $447.00\n')],
    ['a "%PDF-" header without %%EOF', realPdf.subarray(0, realPdf.length - 7)],
    ['a header that does not start the file', bytes(` ${new TextDecoder().decode(realPdf)}`)],
    ['"%PDF" without its dash', bytes('%PDF1.4\n%%EOF\n')],
    ['an empty file', new Uint8Array(0)],
  ])('refuses %s', (_label, content) => {
    expect(looksLikePdf(content)).toBe(false);
  });

  it('finds %%EOF within the last kilobyte (writers may append a line end or padding)', () => {
    const padded = new Uint8Array([...realPdf, ...new Uint8Array(1000).fill(0x20)]);
    expect(looksLikePdf(padded)).toBe(true);
  });
});

describe('isPdfName', () => {
  it.each([
    ['po.pdf', true],
    ['PO.PDF', true],
    ['po.pdf.txt', false],
    ['pdf', false],
  ])('%s → %s', (name, expected) => {
    expect(isPdfName(name)).toBe(expected);
  });
});

describe('purchaseOrderKind', () => {
  it.each([
    ['PACKAGE', false, 'PACKAGE'],
    ['EVENT', false, 'INSTITUTE'],
    ['EVENT_APPLICATION', true, 'INSTITUTE'],
    ['EVENT', true, 'EVENT'],
    ['CONFERENCE_DAY', true, 'EVENT'],
  ] as const)('a %s purchase order paying one payment: %s → %s', (type, paysOnePayment, kind) => {
    expect(purchaseOrderKind({ type, paysOnePayment })).toBe(kind);
  });

  it.each([
    ['SUBMITTED', 'Staff review it'],
    ['APPROVED', 'nothing more to do'],
    ['VOIDED', 'Send a new purchase order'],
  ] as const)('says what happens next to a %s one', (status, words) => {
    expect(purchaseOrderNextStep(status)).toContain(words);
  });
});
