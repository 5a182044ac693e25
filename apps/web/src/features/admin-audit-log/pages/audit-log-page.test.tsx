import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { AuditLogRow } from '@portal/domain/audit/audit-log.ts';
import { jsonResponse, stubFetch } from '../../../test/fetch-stub.ts';
import { renderApp } from '../../../test/render-app.tsx';
import { staff } from '../../../test/users.ts';

const entry: AuditLogRow = {
  id: 7,
  at: '2026-11-20T15:00:00.000Z',
  action: 'auth.sign-in-link-issued',
  actionLabel: 'Sign-in link issued',
  actorName: 'Stella Staff',
  actorEmail: 'stella@portal.test',
  impersonatorName: null,
  subjectType: 'user',
  subjectId: '00000000-0000-4000-8000-000000000001',
  subject: 'Tara Teacher',
  organizationName: null,
  details: 'Role: ADMIN.',
};

describe('staff console: audit log', { timeout: 20_000 }, () => {
  it('reads as the server words it: the action, the person it was about, the details as sentences', async () => {
    stubFetch({
      'GET /api/me': () => jsonResponse(200, staff),
      'GET /api/admin/audit-log': () => jsonResponse(200, { items: [entry], page: 1, pageSize: 25, total: 1 }),
    });
    renderApp('/admin/audit-log', { mantineEnv: 'test' });
    const table = await screen.findByRole('table');
    const [, row] = within(table).getAllByRole('row');
    expect(row).toHaveTextContent('Sign-in link issued');
    expect(row).toHaveTextContent('Tara Teacher');
    expect(row).toHaveTextContent('Role: ADMIN.');
    expect(row).not.toHaveTextContent('auth.sign-in-link-issued');
    expect(row).not.toHaveTextContent('{');
  });
});
