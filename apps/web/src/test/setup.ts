import '@testing-library/jest-dom/vitest';
import { notifications } from '@mantine/notifications';
import { cleanup, configure } from '@testing-library/react';
import { afterEach, vi } from 'vitest';

// jsdom lacks the layout APIs Mantine reads.
Object.defineProperty(window, 'matchMedia', {
  writable: true,
  value: (query: string): MediaQueryList => ({
    matches: false,
    media: query,
    onchange: null,
    addListener: () => {},
    removeListener: () => {},
    addEventListener: () => {},
    removeEventListener: () => {},
    dispatchEvent: () => false,
  }),
});

class ResizeObserverShim {
  observe(): void {}
  unobserve(): void {}
  disconnect(): void {}
}
window.ResizeObserver = ResizeObserverShim;
// An autosized Textarea (react-textarea-autosize) measures again when web fonts load: jsdom has no font set.
Object.defineProperty(document, 'fonts', {
  configurable: true,
  value: { ready: Promise.resolve(), addEventListener: () => {}, removeEventListener: () => {} },
});
window.HTMLElement.prototype.scrollIntoView = function scrollIntoView() {};
window.scrollTo = () => {};

// A route's first render also compiles its lazy modules; on a busy machine that takes more than the
// default second, which made findBy* flaky rather than a test of the app.
configure({ asyncUtilTimeout: 3000 });

afterEach(() => {
  cleanup();
  // The notifications store outlives a render: without this, toasts of one test (and the queue
  // behind Mantine's limit of five) are still there in the next.
  notifications.clean();
  vi.unstubAllGlobals();
});
