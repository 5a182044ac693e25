import { describe, expect, it } from 'vitest';
import { staffApplicationMessages } from '@portal/domain/applications/contracts.ts';
import { historyActionLabel, paymentStatusText } from './labels.ts';
import {
  questionInputOf,
  settingsInputOf,
  validateQuestion,
  validateSettings,
  type SettingsFormValues,
} from './settings-values.ts';

const settings: SettingsFormValues = {
  acceptsApplications: true,
  ticketTypeId: '00000000-0000-4000-8000-0000000f0001',
  dueDays: '',
  paymentOptions: [
    { key: 'a', id: '00000000-0000-4000-8000-0000000ab001', label: ' Credit Card ', method: 'CARD' },
    { key: 'b', id: null, label: 'Purchase Order', method: 'PURCHASE_ORDER' },
  ],
};

describe('application settings as typed', () => {
  it('sends no due days for an empty field, trims labels and keeps only existing ids', () => {
    expect(settingsInputOf(settings)).toEqual({
      acceptsApplications: true,
      ticketTypeId: '00000000-0000-4000-8000-0000000f0001',
      dueDays: null,
      paymentOptions: [
        { id: '00000000-0000-4000-8000-0000000ab001', label: 'Credit Card', method: 'CARD' },
        { label: 'Purchase Order', method: 'PURCHASE_ORDER' },
      ],
    });
    expect(validateSettings(settings)).toEqual({});
  });

  it('puts a missing label on its row', () => {
    const blank = { ...settings, paymentOptions: [{ key: 'c', id: null, label: '  ', method: 'CARD' as const }] };
    expect(validateSettings(blank)).toEqual({ 'paymentOptions.0.label': staffApplicationMessages.labelRequired });
  });
});

describe('a question as typed', () => {
  it('splits the options by line, dropping empty ones, and sends none for a text question', () => {
    const radio = { type: 'RADIO' as const, label: ' Years? ', options: ' 0-2 \n\n3+\n', required: true, position: 2 };
    expect(questionInputOf(radio)).toEqual({
      type: 'RADIO',
      label: 'Years?',
      options: ['0-2', '3+'],
      required: true,
      position: 2,
    });
    expect(questionInputOf({ ...radio, type: 'TEXT' }).options).toEqual([]);
  });

  it('asks a choice question for options, and for a position', () => {
    expect(validateQuestion({ type: 'CHECKBOX', label: 'Grades', options: '', required: false, position: '' })).toEqual(
      {
        options: staffApplicationMessages.optionsRequired,
        position: 'Enter a whole number of 0 or more',
      },
    );
  });
});

describe('labels', () => {
  it('shows a payment status only once an application could have been paid', () => {
    expect(paymentStatusText('SUBMITTED', 'AWAITING_PO')).toBe('—');
    expect(paymentStatusText('ACCEPTED', 'AWAITING_PO')).toBe('Awaiting Purchase Order');
    expect(paymentStatusText('VOIDED', 'PAID')).toBe('Paid');
  });

  it('reads an audit action as words', () => {
    expect(historyActionLabel('event-application.changes-requested')).toBe('Changes requested');
    expect(historyActionLabel('submitted')).toBe('Submitted');
  });
});
