import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { certificateMessages } from '@portal/domain/events/certificates.ts';
import { jsonResponse, problemResponse, stubFetch } from '../../../test/fetch-stub.ts';
import { renderApp } from '../../../test/render-app.tsx';

describe('certificate verification', { timeout: 20_000 }, () => {
  it('confirms a certificate to anyone, without signing in: name, event, hours, days', async () => {
    const calls = stubFetch({
      'GET /api/verify/ABCDE-FGH12-34567': () =>
        jsonResponse(200, {
          code: 'ABCDE-FGH12-34567',
          name: 'Tara Thompson',
          eventName: 'Literacy Coaching Days',
          minutesAttended: 720,
          dates: ['2026-11-23', '2026-11-24'],
          issuedOn: '2026-11-23',
        }),
    });
    renderApp('/verify/ABCDE-FGH12-34567');
    expect(await screen.findByText(certificateMessages.verified)).toBeInTheDocument();
    expect(screen.getByText('Tara Thompson')).toBeInTheDocument();
    expect(screen.getByText('Literacy Coaching Days')).toBeInTheDocument();
    expect(screen.getByText('12 hours')).toBeInTheDocument();
    expect(screen.getByText('11/23/2026, 11/24/2026')).toBeInTheDocument();
    expect(calls.some((c) => c.path === '/api/me')).toBe(false);
  });

  it('says when no certificate has the code', async () => {
    stubFetch({
      'GET /api/verify/NOPE': () => problemResponse(404, 'Not Found', { detail: certificateMessages.notFound }),
    });
    renderApp('/verify/NOPE');
    expect(await screen.findByText(certificateMessages.notFound)).toBeInTheDocument();
  });
});
