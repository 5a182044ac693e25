import { Anchor, Button, Stack, Text } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useMutation } from '@tanstack/react-query';
import { useState } from 'react';
import { quoteDownloadMessages, type QuoteIssued } from '@portal/domain/commerce/quotes.ts';
import { formatMomentDay } from '@portal/domain/dates.ts';
import { api } from '../../lib/api.ts';
import { notifyError } from '../../lib/errors.ts';
import { useProviderTimeZone } from '../../lib/time-zone.ts';

/** Saves the quote's PDF as a plain download would (the server answers it as an attachment). */
function saveFile(url: string): void {
  const link = document.createElement('a');
  link.href = url;
  link.download = '';
  document.body.append(link);
  link.click();
  link.remove();
}

interface QuoteDownloadProps {
  /** The route that makes (or reuses) the quote: POST /api/cart/quote and the like. */
  path: string;
  body?: Record<string, unknown>;
  /** Said instead of asking the server when the quote cannot be made yet (no organization chosen). */
  blockedReason?: string | null;
  onBlocked?: () => void;
}

/**
 * 'Download quote' (issue 41): the server prices the quote and numbers it (the same contents answer
 * the same quote while it is valid), then its PDF is saved. The quote's number and validity stay
 * beside the button, with a link to save it again, so the business office can be told which one to name.
 */
export function QuoteDownload({ path, body, blockedReason, onBlocked }: QuoteDownloadProps) {
  const timeZone = useProviderTimeZone();
  const [quote, setQuote] = useState<QuoteIssued | null>(null);
  const make = useMutation({
    mutationFn: () => api.post<QuoteIssued>(path, body ?? {}),
    onSuccess: (issued) => {
      setQuote(issued);
      saveFile(issued.pdfUrl);
      notifications.show({ color: 'green', message: quoteDownloadMessages.downloaded(issued.number) });
    },
    onError: notifyError,
  });
  return (
    <Stack gap="2xs" align="flex-start">
      <Button
        variant="default"
        loading={make.isPending}
        onClick={() => {
          if (blockedReason) onBlocked?.();
          else make.mutate();
        }}
      >
        {quoteDownloadMessages.button}
      </Button>
      {quote ? (
        <Text size="sm" role="status">
          {quoteDownloadMessages.issued(quote.number, formatMomentDay(quote.validUntil, timeZone))}
          {quote.holdsSeats ? ` ${quoteDownloadMessages.holdsSeats}` : ''}{' '}
          <Anchor href={quote.pdfUrl} download size="sm" aria-label={`Download quote ${quote.number} again`}>
            {quoteDownloadMessages.again}
          </Anchor>
        </Text>
      ) : null}
    </Stack>
  );
}
