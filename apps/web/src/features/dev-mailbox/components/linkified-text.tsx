import { Anchor } from '@mantine/core';
import { Fragment } from 'react';

const urlPattern = /(https?:\/\/[^\s<>"']+)/g;

/** Splits text into plain parts and http(s) URLs; a sentence's closing punctuation stays outside the URL. */
export function splitLinks(text: string): { text: string; href?: string }[] {
  const parts: { text: string; href?: string }[] = [];
  for (const [index, part] of text.split(urlPattern).entries()) {
    if (!part) continue;
    if (index % 2 === 0) {
      parts.push({ text: part });
      continue;
    }
    const trailing = /[.,;:!?)\]]+$/.exec(part)?.[0] ?? '';
    const href = trailing ? part.slice(0, -trailing.length) : part;
    parts.push({ text: href, href });
    if (trailing) parts.push({ text: trailing });
  }
  return parts;
}

/** A mail's text body as written (line breaks kept), with its URLs as links. */
export function LinkifiedText({ text }: { text: string }) {
  return (
    <>
      {splitLinks(text).map((part, index) =>
        part.href ? (
          <Anchor key={index} href={part.href} style={{ wordBreak: 'break-all' }}>
            {part.text}
          </Anchor>
        ) : (
          <Fragment key={index}>{part.text}</Fragment>
        ),
      )}
    </>
  );
}
