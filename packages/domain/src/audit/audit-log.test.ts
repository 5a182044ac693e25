import { describe, expect, it } from 'vitest';
import { auditActionLabel, auditDetailSentences, auditSubjectTypeLabel } from './audit-log.ts';

describe('auditActionLabel', () => {
  it.each([
    ['auth.sign-in-link-issued', 'Sign-in link issued'],
    ['export.download', 'List exported'],
    ['package_request.grade_override', 'Package request grade override'],
    ['toolkit-category.move', 'Toolkit category move'],
    ['webhookEndpoint.somethingNew', 'Webhook endpoint something new'],
  ])('%s reads "%s"', (action, label) => {
    expect(auditActionLabel(action)).toBe(label);
  });
});

describe('auditSubjectTypeLabel', () => {
  it('names a subject type in words', () => {
    expect(auditSubjectTypeLabel('event_registration_request')).toBe('Event registration request');
  });
});

describe('auditDetailSentences', () => {
  const zone = 'America/New_York';
  it('writes each thing recorded as a sentence: money in dollars, moments in the zone, lists joined', () => {
    expect(
      auditDetailSentences(
        {
          url: 'https://hooks.example.org/portal',
          eventTypes: ['payment.paid', 'attendance.saved'],
          totalCents: 12_550,
          previousSecretExpiresAt: '2026-11-21T15:00:00.000Z',
          notify: false,
          items: [{ itemId: 'a1', added: ['u1'], removed: [] }],
          reason: null,
        },
        zone,
      ),
    ).toBe(
      'URL: https://hooks.example.org/portal. Event types: payment.paid, attendance.saved. Total: $125.50. ' +
        'Old secret signs until: 11/21/2026 10:00 AM. Notify: no. Items: (item id a1; added u1; removed none). ' +
        'Reason: none.',
    );
  });
  it('is empty for an entry that recorded nothing', () => {
    expect(auditDetailSentences({}, zone)).toBe('');
  });
});
