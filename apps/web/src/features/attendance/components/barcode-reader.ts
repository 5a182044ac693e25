import wasmUrl from 'zxing-wasm/reader/zxing_reader.wasm?url';

/**
 * QR codes read from a camera frame or a photo: the browser's BarcodeDetector where it reads QR
 * codes, else the `barcode-detector` ponyfill (ZXing in WebAssembly). The .wasm file is bundled by
 * Vite and served by our own server: nothing is fetched from a CDN, so the scanner works on a
 * school's filtered network. Loaded only with the scanner.
 */
export interface QrReader {
  read(source: ImageBitmapSource): Promise<string | null>;
}

interface Detector {
  detect(source: ImageBitmapSource): Promise<{ rawValue: string; format: string }[]>;
}
interface DetectorClass {
  new (options: { formats: string[] }): Detector;
  getSupportedFormats(): Promise<string[]>;
}

async function nativeDetector(): Promise<Detector | null> {
  const native = (window as { BarcodeDetector?: DetectorClass }).BarcodeDetector;
  if (!native) return null;
  try {
    return (await native.getSupportedFormats()).includes('qr_code') ? new native({ formats: ['qr_code'] }) : null;
  } catch {
    return null;
  }
}

async function ponyfillDetector(): Promise<Detector> {
  const { BarcodeDetector, prepareZXingModule } = await import('barcode-detector/ponyfill');
  prepareZXingModule({
    overrides: { locateFile: (path: string, prefix: string) => (path.endsWith('.wasm') ? wasmUrl : prefix + path) },
  });
  return new BarcodeDetector({ formats: ['qr_code'] });
}

export async function loadQrReader(): Promise<QrReader> {
  const detector = (await nativeDetector()) ?? (await ponyfillDetector());
  return {
    async read(source) {
      const codes = await detector.detect(source);
      return codes.find((code) => code.format === 'qr_code')?.rawValue ?? null;
    },
  };
}
