import { describe, expect, it } from 'vitest';
import {
  nextWebhookAttemptAt,
  webhookEndpointInput,
  webhookMessages,
  webhookRetryWindowMs,
  webhookUrlRefusal,
} from './webhooks.ts';

describe('webhookUrlRefusal', () => {
  it.each([
    ['https://hooks.example.org/portal', true, null],
    ['http://hooks.example.org/portal', true, webhookMessages.urlNotHttps],
    ['https://localhost/hook', true, webhookMessages.urlPrivate],
    ['https://Portal.LOCALHOST/hook', true, webhookMessages.urlPrivate],
    ['https://user:pw@hooks.example.org/', true, webhookMessages.urlCredentials],
    ['ftp://hooks.example.org/', true, webhookMessages.urlInvalid],
    ['http://127.0.0.1:4000/hook', false, null],
    ['http://localhost:4000/hook', false, null],
    ['nonsense', false, webhookMessages.urlInvalid],
  ])('%s (production %s)', (url, production, expected) => {
    expect(webhookUrlRefusal(url, production)).toBe(expected);
  });
});

describe('webhookEndpointInput', () => {
  it('trims, deduplicates events and defaults the description', () => {
    expect(
      webhookEndpointInput.parse({ url: ' https://a.example/h ', eventTypes: ['payment.paid', 'payment.paid'] }),
    ).toEqual({ url: 'https://a.example/h', eventTypes: ['payment.paid'], description: '' });
  });
  it.each([
    [{ url: '', eventTypes: ['payment.paid'] }, webhookMessages.urlRequired],
    [{ url: 'example.org', eventTypes: ['payment.paid'] }, webhookMessages.urlInvalid],
    [{ url: 'https://a.example/h', eventTypes: [] }, webhookMessages.eventsRequired],
    [
      { url: 'https://a.example/h', eventTypes: ['payment.paid'], description: 'x'.repeat(501) },
      webhookMessages.descriptionTooLong,
    ],
  ])('refuses %j', (input, message) => {
    const result = webhookEndpointInput.safeParse(input);
    expect(result.success).toBe(false);
    expect(result.error?.issues[0]?.message).toBe(message);
  });
});

describe('nextWebhookAttemptAt', () => {
  const first = new Date('2026-01-01T00:00:00Z');
  const at = (ms: number) => new Date(first.getTime() + ms);
  it.each([
    [1, 0, 60_000],
    [2, 60_000, 3 * 60_000],
    [3, 3 * 60_000, 7 * 60_000],
    [11, 1023 * 60_000, webhookRetryWindowMs],
  ])('after attempt %i at +%i ms the next is at +%i ms', (attempts, since, next) => {
    expect(nextWebhookAttemptAt(first, attempts, at(since))).toEqual(at(next));
  });
  it('gives up once 24 hours have passed since the first attempt', () => {
    expect(nextWebhookAttemptAt(first, 12, at(webhookRetryWindowMs))).toBeNull();
  });
});
