import { MantineProvider } from '@mantine/core';
import { ModalsProvider } from '@mantine/modals';
import { Notifications } from '@mantine/notifications';
import { QueryClientProvider, type QueryClient } from '@tanstack/react-query';
import { useEffect, type ReactNode } from 'react';
import { focusInvalidFieldsOnSubmit } from '../lib/form-errors.ts';
import { cssVariablesResolver, theme } from '../ui/theme.ts';
import '../ui/touch-targets.css';
import '../ui/toasts.css';

interface ProvidersProps {
  queryClient: QueryClient;
  children: ReactNode;
  /** 'test' in component tests that open dropdowns: jsdom has no layout, so Mantine's detached-popover check would hide them. */
  mantineEnv?: 'default' | 'test';
}

export function Providers({ queryClient, children, mantineEnv = 'default' }: ProvidersProps) {
  useEffect(focusInvalidFieldsOnSubmit, []);
  return (
    <QueryClientProvider client={queryClient}>
      <MantineProvider
        theme={theme}
        defaultColorScheme="light"
        cssVariablesResolver={cssVariablesResolver}
        env={mantineEnv}
      >
        <ModalsProvider>
          {/* Below the header (ui/toasts.css). */}
          <Notifications position="top-right" />
          {children}
        </ModalsProvider>
      </MantineProvider>
    </QueryClientProvider>
  );
}
