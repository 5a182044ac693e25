import { act, render, screen } from '@testing-library/react';
import { Suspense, type ReactNode } from 'react';
import { describe, expect, it } from 'vitest';
import { preloadedLazy } from './preloaded-lazy.ts';

function Greeting({ name }: { name: string }) {
  return <p>Hello {name}</p>;
}

/** Every commit's text, as the page showed it: a fallback committed and then replaced is in the list. */
function drawn(ui: ReactNode): { commits: string[]; unmount: () => void } {
  const commits: string[] = [];
  const view = render(<Suspense fallback={<p>Loading</p>}>{ui}</Suspense>);
  commits.push(view.container.textContent ?? '');
  return { commits, unmount: view.unmount };
}

describe('preloadedLazy', () => {
  it('renders its component in the first commit once a loader has fetched it: no fallback first', async () => {
    const greeting = preloadedLazy(() => Promise.resolve(Greeting));
    await greeting.preload();
    const { commits } = drawn(<greeting.Component name="Ana" />);
    expect(commits).toEqual(['Hello Ana']);
  });

  it('suspends like a lazy component when nothing fetched it first, then renders it', async () => {
    const greeting = preloadedLazy(() => Promise.resolve(Greeting));
    const { commits } = drawn(<greeting.Component name="Ana" />);
    expect(commits).toEqual(['Loading']);
    expect(await screen.findByText('Hello Ana')).toBeInTheDocument();
  });

  it('draws from the module its preload fetched, without fetching it again', async () => {
    let loads = 0;
    const greeting = preloadedLazy(() => {
      loads += 1;
      return Promise.resolve(Greeting);
    });
    await greeting.preload();
    await act(async () => {
      drawn(<greeting.Component name="Ana" />);
      await Promise.resolve();
    });
    expect(loads).toBe(1);
  });
});
