import { render } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { MachineText } from './machine-text.tsx';

/** The text with a "|" where the browser may wrap it. */
function breaksOf(text: string): string {
  const { container } = render(<MachineText text={text} />);
  return container.innerHTML.replaceAll('<wbr>', '|');
}

describe('MachineText', () => {
  it.each([
    ['registration-request.payment-recorded', 'registration-|request.|payment-|recorded'],
    ['{"id": "4f1c2a3b-9a2e", "kind": "auth"}', '{"id": "4f1c2a3b-|9a2e", "kind": "auth"}'],
    ['ava.counselor@demo.test', 'ava.|counselor@|demo.|test'],
    ['plain words only', 'plain words only'],
    ['', ''],
  ])('lets %j wrap only after punctuation', (text, expected) => {
    expect(breaksOf(text)).toBe(expected);
  });
});
