import { Accordion, Badge, createTheme, Modal, NavLink, Notification, type CSSVariablesResolver } from '@mantine/core';
import { FileInputValue } from './file-input-value.tsx';

/**
 * What a status badge says about its thing, one meaning per colour everywhere in the portal:
 * done and paid (green), waiting on the provider (blue), waiting on the person reading it (yellow),
 * ended without happening (red), and a plain fact with no verdict (grey).
 */
export type StatusTone = 'paid' | 'pending' | 'action' | 'cancelled' | 'neutral';

export const statusToneColors: Record<StatusTone, string> = {
  paid: 'green',
  pending: 'blue',
  action: 'yellow',
  cancelled: 'red',
  neutral: 'gray',
};

/**
 * Mantine's defaults with one accent colour (blue) at WCAG AA contrast: white on the default blue-6
 * is 3.6:1, blue-8 is 5.0:1 (filled buttons, links); dimmed text moves from gray-6 (3.3:1) to
 * gray-7; a hovered light item (the active menu entry) lightens to blue-0 instead of darkening to
 * blue-2, where its blue-9 text would fall to 4.0:1. A toast's message under its title is dimmed text too.
 */
export const theme = createTheme({
  primaryColor: 'blue',
  primaryShade: 8,
  defaultRadius: 'md',
  components: {
    // Mantine's close buttons are icons only: give them a name screen readers can announce.
    Modal: Modal.extend({ defaultProps: { closeButtonProps: { 'aria-label': 'Close' } } }),
    Notification: Notification.extend({
      defaultProps: { closeButtonProps: { 'aria-label': 'Close notification' } },
      // Under a title Mantine greys the message to gray-6 (3.3:1): the dimmed colour keeps it legible.
      styles: (_theme, props) => (props.title ? { description: { color: 'var(--mantine-color-dimmed)' } } : {}),
    }),
    // A wide table scrolls sideways inside its own box, which a keyboard can reach only when the box
    // itself takes the focus (axe scrollable-region-focusable): a native scroller with a tab stop,
    // where Mantine's custom scroll area would put the scrolling on an inner element.
    TableScrollContainer: { defaultProps: { type: 'native', tabIndex: 0 } },
    // A badge's fixed height and hidden overflow cut a long status to "PURCHASE …" in a narrow
    // column: it wraps onto a second line instead, and never grows past its column.
    Badge: Badge.extend({
      styles: {
        root: { height: 'auto', minHeight: 'var(--badge-height)', maxWidth: '100%', overflow: 'visible' },
        label: { overflow: 'visible', whiteSpace: 'normal', textOverflow: 'clip', overflowWrap: 'anywhere' },
      },
    }),
    // A chosen file's long name wraps inside a field that grows with it, rather than ending in "…".
    // (A plain object, not FileInput.extend: the first page need not load the file field.)
    FileInput: {
      defaultProps: { valueComponent: FileInputValue },
      styles: {
        input: {
          height: 'auto',
          minHeight: 'var(--input-height)',
          paddingBlock: 'calc(var(--mantine-spacing-xs) / 2)',
        },
      },
    },
    // An accordion's or a menu entry's label wraps rather than being cut to "Fall Leadership Conf…".
    Accordion: Accordion.extend({ styles: { label: { overflow: 'visible', overflowWrap: 'anywhere' } } }),
    NavLink: NavLink.extend({
      styles: {
        label: { overflow: 'visible', overflowWrap: 'anywhere' },
        description: { overflow: 'visible', overflowWrap: 'anywhere' },
      },
    }),
  },
});

export const cssVariablesResolver: CSSVariablesResolver = () => ({
  variables: {},
  light: {
    '--mantine-color-dimmed': 'var(--mantine-color-gray-7)',
    '--mantine-color-blue-light-hover': 'var(--mantine-color-blue-0)',
    '--mantine-primary-color-light-hover': 'var(--mantine-color-blue-0)',
    // Field errors (message, border, typed text): red-6 is 3.3:1 on white, red-9 is 5.5:1.
    '--mantine-color-error': 'var(--mantine-color-red-9)',
  },
  dark: {},
});
