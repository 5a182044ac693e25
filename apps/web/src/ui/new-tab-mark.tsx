import { VisuallyHidden } from '@mantine/core';
import IconExternalLink from '@tabler/icons-react/icons/IconExternalLink';

/**
 * Inside a link that opens a new tab: an icon for the eye and "(opens in a new tab)" for a screen
 * reader, rather than those words after every title on screen.
 */
export function NewTabMark() {
  return (
    <>
      <IconExternalLink
        size="0.9em"
        aria-hidden
        style={{ marginInlineStart: '0.25em', verticalAlign: '-0.1em', flexShrink: 0 }}
      />
      <VisuallyHidden> (opens in a new tab)</VisuallyHidden>
    </>
  );
}
