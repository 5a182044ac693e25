import { Fragment } from 'react';

/**
 * An email address that may wrap only after its "@" and before its dots, never inside a name
 * ("payables.school@demo.te / st"): a narrow column or a phone card breaks it where a reader
 * expects, and a table measures it by its longest part.
 */
export function EmailAddress({ email }: { email: string }) {
  const parts = email.split(/(?<=@)|(?=\.)/);
  return (
    <>
      {parts.map((part, index) => (
        // The parts of one address never move, so their position is their identity.
        <Fragment key={index}>
          {index > 0 ? <wbr /> : null}
          {part}
        </Fragment>
      ))}
    </>
  );
}
