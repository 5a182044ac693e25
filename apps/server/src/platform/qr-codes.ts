/**
 * A QR image of a text as a PNG data URL: a PNG shows in mail clients and calendar files, where SVG
 * often does not. Medium error correction survives a scratched phone screen; the four-module quiet
 * zone is what readers need around the code.
 */
export async function qrPngDataUrl(text: string): Promise<string> {
  // Loaded by the first code drawn, not at start-up (docs/decisions/0144-start-in-a-second.md).
  const { default: QRCode } = await import('qrcode');
  return QRCode.toDataURL(text, { errorCorrectionLevel: 'M', margin: 4, scale: 6, type: 'image/png' });
}

/** The PNG's bytes in base64, for a mail attachment or a calendar file. */
export const pngBase64 = (dataUrl: string) => dataUrl.slice(dataUrl.indexOf(',') + 1);
