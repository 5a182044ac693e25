import { randomUUID } from 'node:crypto';
import type { World } from '../fixtures.ts';
import { signedIn, staffOnly, type Rows } from './rows.ts';

/** An id no row has. */
const nobody = '00000000-0000-4000-8000-00000000d15d';
const districtOfA = (w: World) => w.schoolA.organization.districtId ?? nobody;
const ofA = (w: World) => ({ params: { districtId: districtOfA(w) } });
const schoolOfA = (w: World) => ({
  params: { districtId: districtOfA(w), organizationId: w.schoolA.organization.id },
});

/**
 * District funds (issue 41). School A's district has no administrator among the nine callers, so
 * every signed-in caller, staff and school A's OWNER included, is refused its fund (403): only a
 * district administrator reads or changes it, and staff use the console's own routes. Each refusal
 * (past the balance or the allowance, another district's fund, a school not eligible, a
 * non-administrator setting limits) is tested in features/district-funds.
 */
export const districtFundRows: Rows = {
  'GET /api/district-funds': {
    expect: signedIn(200),
    why: "The districts the caller administers: none of the nine callers administers one, so everyone's list is empty.",
  },
  'GET /api/district-funds/options': {
    input: (w: World) => ({ query: { organizationId: w.schoolA.organization.id } }),
    expect: signedIn(200),
    why: 'Whether the checkout offers District funds for the school: answered for anyone, unavailable unless the caller is its OWNER and the district made it eligible; it names nothing.',
  },
  'GET /api/district-funds/:districtId': { input: ofA, expect: signedIn(403) },
  'GET /api/district-funds/:districtId/schools': { input: ofA, expect: signedIn(403) },
  'PUT /api/district-funds/:districtId/schools/:organizationId/allowance': {
    input: (w: World) => ({ ...schoolOfA(w), body: { limitCents: 100 } }),
    expect: signedIn(403),
  },
  'DELETE /api/district-funds/:districtId/schools/:organizationId/allowance': {
    input: schoolOfA,
    expect: signedIn(403),
  },
  'GET /api/district-funds/:districtId/entries': { input: ofA, expect: signedIn(403) },
  'GET /api/district-funds/:districtId/approvals': { input: ofA, expect: signedIn(403) },
  'POST /api/district-funds/:districtId/approvals/:eventPaymentId/approve': {
    input: (w: World) => ({ params: { districtId: districtOfA(w), eventPaymentId: nobody } }),
    expect: signedIn(403),
  },
  'POST /api/district-funds/:districtId/approvals/:eventPaymentId/decline': {
    input: (w: World) => ({
      params: { districtId: districtOfA(w), eventPaymentId: nobody },
      body: { reason: 'Matrix' },
    }),
    expect: signedIn(403),
  },
  'GET /api/district-funds/:districtId/spending': { input: ofA, expect: signedIn(403) },
  'GET /api/district-funds/:districtId/spending/export': {
    input: (w: World) => ({ ...ofA(w), query: { format: 'csv' } }),
    expect: signedIn(403),
  },
  'GET /api/district-funds/:districtId/seat-blocks': { input: ofA, expect: signedIn(403) },
  'GET /api/district-funds/:districtId/seat-blocks/cart': { input: ofA, expect: signedIn(403) },
  'POST /api/district-funds/:districtId/seat-blocks': { input: ofA, expect: signedIn(403) },
  'POST /api/district-funds/:districtId/seat-blocks/:blockId/gifts': {
    input: (w: World) => ({
      params: { districtId: districtOfA(w), blockId: nobody },
      headers: { 'idempotency-key': randomUUID() },
      body: { organizationId: w.schoolA.organization.id, seats: 1 },
    }),
    expect: signedIn(403),
  },
  'POST /api/district-funds/:districtId/seat-blocks/:blockId/returns': {
    input: (w: World) => ({
      params: { districtId: districtOfA(w), blockId: nobody },
      headers: { 'idempotency-key': randomUUID() },
      body: { seats: 1 },
    }),
    expect: signedIn(403),
  },
  'GET /api/admin/district-funds': {
    expect: staffOnly(200),
    mayShowAnything: true,
    why: 'Staff see every district fund and its balance.',
  },
  'GET /api/admin/district-funds/:districtId': {
    input: ofA,
    expect: staffOnly(200),
    mayShowAnything: true,
    why: "Staff read any district's fund.",
  },
  'GET /api/admin/district-funds/:districtId/entries': {
    input: ofA,
    expect: staffOnly(200),
    mayShowAnything: true,
    why: "Staff read any fund's ledger.",
  },
  'GET /api/admin/district-funds/:districtId/seat-blocks': {
    input: ofA,
    expect: staffOnly(200),
    mayShowAnything: true,
    why: 'Staff read the seats any district bought ahead.',
  },
  'POST /api/admin/district-funds/:districtId/entries': {
    input: () => ({
      params: { districtId: nobody },
      body: { kind: 'DEPOSIT', amountCents: 100, reference: 'PO 1', reason: 'Matrix' },
    }),
    expect: staffOnly(404),
  },
};
