import { extractText, getDocumentProxy } from 'unpdf';

/** The text of a PDF, all pages joined: tests read back what a generated PDF says. */
export async function pdfText(bytes: Buffer | Uint8Array): Promise<string> {
  const document = await getDocumentProxy(new Uint8Array(bytes));
  const { text } = await extractText(document, { mergePages: true });
  return text;
}
