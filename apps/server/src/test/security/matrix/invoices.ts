import type { World } from '../fixtures.ts';
import { managersOfA, signedIn, staffOnly, type Rows } from './rows.ts';

/** An id no row has: every caller allowed past the route's access rule is told it does not exist. */
const nobody = '00000000-0000-4000-8000-00000000cafe';
const key = { 'idempotency-key': '00000000-0000-4000-8000-0000000d00d2' };

/**
 * Invoices and statements of account (issue 41). The refusals of bad payments (zero, negative, a replay
 * with another body) are tested in features/admin-invoices; here the access rule of every route holds.
 */
export const invoiceRows: Rows = {
  'GET /api/statements/:organizationId': {
    why: "School A's statement: its owner and admin read it; anyone else does not see the organization.",
    input: (w: World) => ({ params: { organizationId: w.schoolA.organization.id } }),
    expect: managersOfA(200),
  },
  'GET /api/statements/:organizationId/file': {
    input: (w: World) => ({ params: { organizationId: w.schoolA.organization.id }, query: { format: 'csv' } }),
    expect: managersOfA(200),
  },
  'GET /api/statements/:organizationId/invoices/:invoiceId/file': {
    input: (w: World) => ({ params: { organizationId: w.schoolA.organization.id, invoiceId: nobody } }),
    expect: signedIn(404),
  },
  'GET /api/admin/invoices': {
    expect: staffOnly(200),
    mayShowAnything: true,
    why: "Staff read every organization's invoices to record what they are paid.",
  },
  'GET /api/admin/invoices/receivables': {
    expect: staffOnly(200),
    mayShowAnything: true,
    why: 'What every organization owes, aged: for staff.',
  },
  'GET /api/admin/invoices/receivables/export': {
    input: () => ({ query: { format: 'csv' } }),
    expect: staffOnly(200),
    mayShowAnything: true,
    why: 'The ageing as a file, for staff.',
  },
  'GET /api/admin/invoices/terms/:organizationId': {
    input: (w: World) => ({ params: { organizationId: w.schoolA.organization.id } }),
    expect: staffOnly(200),
  },
  'PUT /api/admin/invoices/terms/:organizationId': {
    input: (w: World) => ({ params: { organizationId: w.schoolA.organization.id }, body: { paymentTermsDays: 30 } }),
    expect: staffOnly(200),
  },
  'GET /api/admin/invoices/:id/file': {
    input: () => ({ params: { id: nobody } }),
    expect: staffOnly(404),
  },
  'POST /api/admin/invoices/:id/payments': {
    input: () => ({
      params: { id: nobody },
      headers: key,
      body: { method: 'CHECK', reference: 'Matrix', receivedOn: '2026-11-30', amountCents: 100 },
    }),
    expect: staffOnly(404),
  },
};
