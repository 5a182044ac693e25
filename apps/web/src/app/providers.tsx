import { createTheme, MantineProvider, Modal, Notification, type CSSVariablesResolver } from '@mantine/core';
import { ModalsProvider } from '@mantine/modals';
import { Notifications } from '@mantine/notifications';
import { QueryClientProvider, type QueryClient } from '@tanstack/react-query';
import type { ReactNode } from 'react';

/**
 * Mantine's defaults with WCAG AA contrast: white on the default blue-6 is 3.6:1, blue-8 is 5.0:1
 * (filled buttons, links); dimmed text moves from gray-6 (3.3:1) to gray-7; a hovered light item
 * (the active menu entry) lightens to blue-0 instead of darkening to blue-2, where its blue-9 text
 * would fall to 4.0:1. A toast's message under its title is dimmed text too.
 */
export const theme = createTheme({
  primaryColor: 'blue',
  primaryShade: 8,
  components: {
    // Mantine's close buttons are icons only: give them a name screen readers can announce.
    Modal: Modal.extend({ defaultProps: { closeButtonProps: { 'aria-label': 'Close' } } }),
    Notification: Notification.extend({
      defaultProps: { closeButtonProps: { 'aria-label': 'Close notification' } },
      // Under a title Mantine greys the message to gray-6 (3.3:1): the dimmed colour keeps it legible.
      styles: (_theme, props) => (props.title ? { description: { color: 'var(--mantine-color-dimmed)' } } : {}),
    }),
  },
});

const cssVariablesResolver: CSSVariablesResolver = () => ({
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

interface ProvidersProps {
  queryClient: QueryClient;
  children: ReactNode;
  /** 'test' in component tests that open dropdowns: jsdom has no layout, so Mantine's detached-popover check would hide them. */
  mantineEnv?: 'default' | 'test';
}

export function Providers({ queryClient, children, mantineEnv = 'default' }: ProvidersProps) {
  return (
    <QueryClientProvider client={queryClient}>
      <MantineProvider theme={theme} defaultColorScheme="light" cssVariablesResolver={cssVariablesResolver} env={mantineEnv}>
        <ModalsProvider>
          <Notifications position="top-right" />
          {children}
        </ModalsProvider>
      </MantineProvider>
    </QueryClientProvider>
  );
}
