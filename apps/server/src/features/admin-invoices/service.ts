import type { z } from 'zod';
import {
  ageingBucketLabels,
  type adminInvoiceQuery,
  type AdminInvoicePage,
  type ReceivablesPage,
  type RecordInvoicePaymentInput,
  type RecordInvoicePaymentReply,
} from '@portal/domain/commerce/invoices.ts';
import { calendarDateIn } from '@portal/domain/dates.ts';
import type { AppDeps } from '../../app-deps.ts';
import {
  findInvoice,
  findPaymentByKey,
  invoiceFile,
  invoiceNotFound,
  presentInvoice,
  recordInvoicePayment,
} from '../../core/invoices.ts';
import { organizationNotFound } from '../../core/memberships.ts';
import { actorOf, audit } from '../../platform/audit.ts';
import type { Export } from '../../platform/exports.ts';
import { writeOncePerKey, type IdempotentRequest } from '../../platform/idempotency.ts';
import type { RequestAuth } from '../../platform/sessions.ts';
import {
  findPaymentTerms,
  invoicePage,
  receivablesExportRows,
  receivablesPage,
  setPaymentTerms,
  type Grouping,
  type StoredReceivables,
} from './repository.ts';

const today = (deps: Pick<AppDeps, 'clock' | 'config'>) => calendarDateIn(deps.clock(), deps.config.timeZone);

/** GET /api/admin/invoices: unpaid ones unless told, oldest due first. */
export async function listInvoices(
  deps: AppDeps,
  query: z.output<typeof adminInvoiceQuery>,
): Promise<AdminInvoicePage> {
  const day = today(deps);
  const { rows, total } = await invoicePage(
    deps.db,
    { status: query.status, search: query.search, limit: query.pageSize, offset: (query.page - 1) * query.pageSize },
    day,
  );
  return { items: rows.map((row) => presentInvoice(row, day)), total, page: query.page, pageSize: query.pageSize };
}

/** GET /api/admin/invoices/:id/file. */
export async function staffInvoiceFile(deps: AppDeps, invoiceId: string) {
  const file = await invoiceFile(deps.db, invoiceId, deps.config, today(deps));
  if (!file) throw invoiceNotFound();
  return file;
}

/**
 * POST /api/admin/invoices/:id/payments, once per Idempotency-Key: a repeat (a double click, a retry)
 * answers the payment the first recorded, with the invoice as it is now.
 */
export async function recordPayment(
  deps: AppDeps,
  auth: RequestAuth,
  invoiceId: string,
  input: RecordInvoicePaymentInput,
  idempotency: IdempotentRequest,
): Promise<RecordInvoicePaymentReply> {
  const answer = async (payment: RecordInvoicePaymentReply['payment']) => {
    const invoice = await findInvoice(deps.db, payment.invoiceId, today(deps));
    if (!invoice) throw invoiceNotFound();
    return { invoice, payment };
  };
  return writeOncePerKey({
    request: idempotency,
    made: () => findPaymentByKey(deps.db, idempotency.key),
    replay: (made) => answer(made.payment),
    write: () =>
      deps.db.transaction(async (tx) => {
        const now = deps.clock();
        const recorded = await recordInvoicePayment(tx, invoiceId, input, idempotency, auth.user.id, now);
        await audit(tx, {
          ...actorOf(auth),
          action: 'invoice.payment.record',
          subjectType: 'invoice',
          subjectId: invoiceId,
          data: { ...input, paymentId: recorded.payment.id, paidInFull: recorded.paidInFull },
        });
        return recorded.payment;
      }),
    answer,
  });
}

/** GET /api/admin/invoices/receivables: what is owed, aged, by organization or district. */
export async function listReceivables(
  deps: AppDeps,
  query: { groupBy: Grouping; page: number; pageSize: number },
): Promise<ReceivablesPage> {
  const day = today(deps);
  const { rows, total } = await receivablesPage(deps.db, query.groupBy, day, {
    limit: query.pageSize,
    offset: (query.page - 1) * query.pageSize,
  });
  return { items: rows, total, page: query.page, pageSize: query.pageSize, asOf: day };
}

/** GET /api/admin/invoices/receivables/export: every row of the ageing as CSV or XLSX. */
export function exportReceivables(
  deps: AppDeps,
  query: { groupBy: Grouping; format: 'csv' | 'xlsx' },
): Export<StoredReceivables> {
  const day = today(deps);
  return {
    baseName: `receivables-by-${query.groupBy}-${day}`,
    title: 'Receivables',
    format: query.format,
    rows: receivablesExportRows(deps.db, query.groupBy, day),
    columns: [
      { header: query.groupBy === 'organization' ? 'Organization' : 'District', value: (row) => row.name },
      { header: ageingBucketLabels.CURRENT, value: (row) => row.currentCents, cents: true },
      { header: ageingBucketLabels.DAYS_1_30, value: (row) => row.days1To30Cents, cents: true },
      { header: ageingBucketLabels.DAYS_31_60, value: (row) => row.days31To60Cents, cents: true },
      { header: ageingBucketLabels.DAYS_61_90, value: (row) => row.days61To90Cents, cents: true },
      { header: ageingBucketLabels.OVER_90, value: (row) => row.over90Cents, cents: true },
      { header: 'Total', value: (row) => row.totalCents, cents: true },
      { header: 'As of', value: () => day },
    ],
  };
}

/** GET /api/admin/invoices/terms/:organizationId. */
export async function getPaymentTerms(deps: AppDeps, organizationId: string) {
  const terms = await findPaymentTerms(deps.db, organizationId);
  if (!terms) throw organizationNotFound();
  return terms;
}

/** PUT /api/admin/invoices/terms/:organizationId: invoices issued from now on take them. */
export async function putPaymentTerms(
  deps: AppDeps,
  auth: RequestAuth,
  organizationId: string,
  paymentTermsDays: number,
) {
  await deps.db.transaction(async (tx) => {
    if (!(await setPaymentTerms(tx, organizationId, paymentTermsDays))) throw organizationNotFound();
    await audit(tx, {
      ...actorOf(auth),
      action: 'organization.paymentTerms.update',
      subjectType: 'organization',
      subjectId: organizationId,
      data: { paymentTermsDays },
    });
  });
  return { paymentTermsDays };
}
