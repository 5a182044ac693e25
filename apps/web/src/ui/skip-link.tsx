import { Anchor } from '@mantine/core';

/** The id of the page's main landmark, where "Skip to content" lands. */
export const mainContentId = 'main-content';

/**
 * The page's first focusable element: it appears when focused and moves the focus past the header
 * and the menu to the page itself (WCAG 2.4.1).
 */
export function SkipLink() {
  return (
    <Anchor
      href={`#${mainContentId}`}
      onClick={(event) => {
        // The router owns the address: move the focus without adding "#main-content" to it.
        event.preventDefault();
        document.getElementById(mainContentId)?.focus();
      }}
      className="skip-link"
      style={{
        position: 'fixed',
        top: 8,
        left: 8,
        zIndex: 1000,
        padding: '8px 12px',
        background: 'var(--mantine-color-white)',
        border: '2px solid var(--mantine-color-blue-8)',
        borderRadius: 'var(--mantine-radius-md)',
        transform: 'translateY(-200%)',
      }}
      onFocus={(event) => {
        event.currentTarget.style.transform = 'none';
      }}
      onBlur={(event) => {
        event.currentTarget.style.transform = 'translateY(-200%)';
      }}
    >
      Skip to content
    </Anchor>
  );
}
