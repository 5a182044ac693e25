import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { MantineProvider } from '@mantine/core';
import { LinkifiedText, splitLinks } from './linkified-text.tsx';

describe('linkified mail text', () => {
  it('turns URLs into links and leaves closing punctuation outside them', () => {
    expect(splitLinks('Open http://localhost:3000/auth/reset-password?token=abc. Thanks')).toEqual([
      { text: 'Open ' },
      {
        text: 'http://localhost:3000/auth/reset-password?token=abc',
        href: 'http://localhost:3000/auth/reset-password?token=abc',
      },
      { text: '.' },
      { text: ' Thanks' },
    ]);
    expect(splitLinks('no links here')).toEqual([{ text: 'no links here' }]);
  });

  it('renders each URL as a link with the URL as its text', () => {
    render(
      <MantineProvider>
        <LinkifiedText text={'Reset your password:\nhttps://portal.test/auth/reset-password?token=x1'} />
      </MantineProvider>,
    );
    expect(screen.getByRole('link', { name: 'https://portal.test/auth/reset-password?token=x1' })).toHaveAttribute(
      'href',
      'https://portal.test/auth/reset-password?token=x1',
    );
  });
});
