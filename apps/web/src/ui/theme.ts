import {
  Accordion,
  Badge,
  createTheme,
  Modal,
  NavLink,
  Notification,
  rem,
  type CSSVariablesResolver,
} from '@mantine/core';
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
  // A visitor whose system asks for less motion gets dialogs, menus and toasts without their transitions
  // (WCAG 2.3.3); the journeys ask for it too, so they wait on no animation (e2e/playwright.config.ts).
  respectReducedMotion: true,
  primaryColor: 'blue',
  primaryShade: 8,
  defaultRadius: 'md',
  // One spacing scale on a 4 px grid, by name (decision 0096): screens say gap="2xs" or p="md", never a
  // number of pixels of their own, so every page's rhythm is the same.
  spacing: {
    '3xs': rem(2),
    '2xs': rem(4),
    xs: rem(8),
    sm: rem(12),
    md: rem(16),
    lg: rem(24),
    xl: rem(32),
    '2xl': rem(48),
  },
  // Page title, section, sub-section, card title: one step apart each.
  headings: {
    fontWeight: '700',
    sizes: {
      h1: { fontSize: rem(28), lineHeight: '1.25' },
      h2: { fontSize: rem(22), lineHeight: '1.3' },
      h3: { fontSize: rem(18), lineHeight: '1.35' },
      h4: { fontSize: rem(16), lineHeight: '1.4' },
    },
  },
  components: {
    // Cards take the scale's padding unless a screen has a reason to say otherwise. (A plain object, not
    // Card.extend, for the reason FileInput's below gives.)
    Card: { defaultProps: { padding: 'md', radius: 'md', withBorder: true } },
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
    // A status is read at a glance: its badge is never cut to "PURCHASE …" nor broken into
    // "SU/BM/ITT/ED" by a narrow column; it keeps its whole width on one line and the table makes room
    // (a table stacks its rows when they do not fit, ui/responsive-table.tsx).
    Badge: Badge.extend({
      styles: {
        root: { flexShrink: 0, overflow: 'visible' },
        label: { overflow: 'visible', textOverflow: 'clip' },
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
        // "Choose file" is what the control offers, not a hint: in the text's colour, not a placeholder's 2:1 grey
        // (decision 0173).
        placeholder: { color: 'var(--mantine-color-text)' },
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
