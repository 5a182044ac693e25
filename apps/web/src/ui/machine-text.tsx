import { Fragment } from 'react';

/**
 * A machine-made string (an action name like "registration-request.payment-recorded", JSON details,
 * an id) that may wrap after any punctuation, never inside a word: browsers will not break
 * "request.payment" or "4f1c-9a2e" there, so a narrow column would otherwise cut a word in two.
 */
export function MachineText({ text }: { text: string }) {
  // After a separator, not after an opening quote or bracket, which stays with the word it opens.
  const parts = text.split(/(?<=[^\p{L}\p{N}\s"'({[])(?=[\p{L}\p{N}"'({[])/u);
  return (
    <>
      {parts.map((part, index) => (
        // The parts of one string never move, so their position is their identity.
        <Fragment key={index}>
          {index > 0 ? <wbr /> : null}
          {part}
        </Fragment>
      ))}
    </>
  );
}
