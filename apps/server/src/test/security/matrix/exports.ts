import { managersOfA, staffOnly, type Rows } from './rows.ts';

/**
 * The staff console's exports, its ticket holders and its audit log: staff only, members refused. A
 * school's roster and ticket holders exports: its OWNER and ADMINs only.
 */
export const exportRows: Rows = {
  'GET /api/admin/users/export': { input: () => ({ query: { format: 'csv' } }), expect: staffOnly(200) },
  'GET /api/admin/organizations/export': { input: () => ({ query: { format: 'csv' } }), expect: staffOnly(200) },
  'GET /api/admin/districts/export': { input: () => ({ query: { format: 'xlsx' } }), expect: staffOnly(200) },
  'GET /api/admin/purchase-orders/export': { input: () => ({ query: { format: 'csv' } }), expect: staffOnly(200) },
  'GET /api/admin/event-payments/export': { input: () => ({ query: { format: 'xlsx' } }), expect: staffOnly(200) },
  'GET /api/admin/applications/export': { input: () => ({ query: { format: 'csv' } }), expect: staffOnly(200) },
  'GET /api/admin/registration-requests/export': {
    input: () => ({ query: { format: 'csv', status: 'OPEN' } }),
    expect: staffOnly(200),
  },
  'GET /api/admin/package-requests/export': {
    input: () => ({ query: { format: 'xlsx', status: 'SUBMITTED' } }),
    expect: staffOnly(200),
  },
  'GET /api/admin/events/:eventId/ticket-holders': {
    input: (w) => ({ params: { eventId: w.day.event.id } }),
    expect: staffOnly(200),
  },
  'GET /api/admin/events/:eventId/ticket-holders/export': {
    input: (w) => ({ params: { eventId: w.day.event.id }, query: { format: 'xlsx' } }),
    expect: staffOnly(200),
  },
  'GET /api/admin/events/:eventId/certificates/export': {
    input: (w) => ({ params: { eventId: w.day.event.id }, query: { format: 'csv' } }),
    expect: staffOnly(200),
  },
  'GET /api/organizations/:organizationId/roster/export': {
    input: (w) => ({ params: { organizationId: w.schoolA.organization.id }, query: { format: 'csv' } }),
    expect: managersOfA(200),
  },
  'GET /api/organizations/:organizationId/ticket-holders/export': {
    input: (w) => ({ params: { organizationId: w.schoolA.organization.id }, query: { format: 'csv' } }),
    expect: managersOfA(200),
  },
  'GET /api/admin/audit-log': { expect: staffOnly(200) },
  'GET /api/admin/audit-log/export': { input: () => ({ query: { format: 'csv' } }), expect: staffOnly(200) },
};
