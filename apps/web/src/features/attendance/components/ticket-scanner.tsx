import { Alert, FileInput, Loader, Stack, Text } from '@mantine/core';
import { useCallback, useEffect, useRef, useState } from 'react';
import { ticketScanMessages } from '@portal/domain/tickets/ticket-codes.ts';
import type { ScanResult } from '../hooks/use-ticket-scans.ts';
import { loadQrReader, type QrReader } from './barcode-reader.ts';

interface TicketScannerProps {
  onScan: (code: string) => Promise<ScanResult>;
}

/** The camera sees a code in every frame: the same code is sent again only after this pause. */
const sameCodePauseMs = 4000;
const frameIntervalMs = 300;

function ScanOutcome({ result }: { result: ScanResult }) {
  if (result.kind === 'refused')
    return (
      <Alert color="red" variant="light" title="Not marked">
        {result.message}
      </Alert>
    );
  if (result.kind === 'kept')
    return (
      <Alert
        color="yellow"
        variant="light"
        title={result.name ?? 'Scan saved'}
        styles={{ title: { color: 'var(--mantine-color-text)' } }}
      >
        {ticketScanMessages.kept}
      </Alert>
    );
  const { reply } = result;
  return (
    <Alert
      color={reply.outcome === 'MARKED' ? 'green' : 'blue'}
      variant="light"
      title={`${reply.person.firstName} ${reply.person.lastName}`}
      styles={{ title: { color: 'var(--mantine-color-text)' } }}
    >
      {reply.message}: {reply.section.title}
    </Alert>
  );
}

/**
 * "Scan tickets": the phone's camera reads a ticket's QR code and marks its holder present; "Scan
 * from photo" reads a picture where no camera is allowed. Loaded only when the taker opens it, with
 * the QR reader (and its WebAssembly) behind it.
 */
export default function TicketScanner({ onScan }: TicketScannerProps) {
  const video = useRef<HTMLVideoElement>(null);
  const reader = useRef<Promise<QrReader> | null>(null);
  const last = useRef<{ code: string; at: number } | null>(null);
  const busy = useRef(false);
  const resetPhoto = useRef<() => void>(null);
  const [camera, setCamera] = useState<'starting' | 'on' | 'unavailable'>('starting');
  const [checking, setChecking] = useState(false);
  const [result, setResult] = useState<ScanResult | null>(null);

  // The page hands a new callback on every render; the camera must not restart for it.
  const scan = useRef(onScan);
  useEffect(() => {
    scan.current = onScan;
  }, [onScan]);

  const readerOf = () => (reader.current ??= loadQrReader());

  const handle = useCallback(async (code: string) => {
    busy.current = true;
    setChecking(true);
    try {
      setResult(await scan.current(code));
    } finally {
      busy.current = false;
      setChecking(false);
    }
  }, []);

  useEffect(() => {
    let stream: MediaStream | null = null;
    let timer = 0;
    let stopped = false;
    const start = async () => {
      try {
        const qr = await readerOf();
        stream = await navigator.mediaDevices.getUserMedia({ video: { facingMode: 'environment' } });
        const element = video.current;
        if (stopped || !element) return;
        element.srcObject = stream;
        await element.play();
        setCamera('on');
        timer = window.setInterval(() => {
          if (busy.current || element.readyState < 2) return;
          void qr.read(element).then((code) => {
            const now = Date.now();
            if (!code || (last.current?.code === code && now - last.current.at < sameCodePauseMs)) return;
            last.current = { code, at: now };
            void handle(code);
          });
        }, frameIntervalMs);
      } catch {
        if (!stopped) setCamera('unavailable');
      }
    };
    void start();
    return () => {
      stopped = true;
      window.clearInterval(timer);
      stream?.getTracks().forEach((track) => track.stop());
    };
  }, [handle]);

  const readPhoto = async (file: File | null) => {
    if (!file) return;
    // The input forgets the file, so the same photo chosen again (the ticket moved into the light) is read again.
    resetPhoto.current?.();
    setChecking(true);
    try {
      const code = await (await readerOf()).read(file);
      if (code) await handle(code);
      else setResult({ kind: 'refused', message: ticketScanMessages.noCodeInPicture });
    } catch {
      setResult({ kind: 'refused', message: ticketScanMessages.noCodeInPicture });
    } finally {
      setChecking(false);
    }
  };

  return (
    <Stack gap="md">
      {camera === 'unavailable' ? (
        <Text>{ticketScanMessages.cameraUnavailable}</Text>
      ) : (
        <Stack gap="2xs">
          <video
            ref={video}
            muted
            playsInline
            aria-label="Camera: hold a ticket's QR code in view"
            style={{ width: '100%', maxHeight: '50vh', background: 'black', borderRadius: 8 }}
          />
          {camera === 'starting' ? <Loader size="sm" aria-label="Starting the camera" /> : null}
        </Stack>
      )}
      <FileInput
        label="Scan from photo"
        description="A picture of the ticket's QR code"
        accept="image/*"
        placeholder="Choose photo"
        value={null}
        onChange={(file) => void readPhoto(file)}
        resetRef={resetPhoto}
        clearable={false}
      />
      <div role="status" aria-live="polite">
        {checking ? (
          <Text size="sm">Checking the ticket…</Text>
        ) : result ? (
          <ScanOutcome result={result} />
        ) : (
          <Text size="sm">{ticketScanMessages.scanHint}</Text>
        )}
      </div>
    </Stack>
  );
}
