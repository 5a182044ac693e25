import { useState } from 'react';

/**
 * A step's minimum (a grouping's days, a required group's amount) as the person meets it: the message
 * and the held Save & Continue appear once they have changed a choice or pressed a save button, never
 * on arrival at a step they have not touched (decision 0097). Save stays offered: a step short of its
 * minimum is kept as a draft, and submitting the package refuses it.
 */
export function useStepMinimum(short: boolean) {
  const [touched, setTouched] = useState(false);
  const shown = short && touched;
  return {
    shown,
    touch: () => setTouched(true),
    /** Save & Continue, or Save, pressed: Save sends the draft; Save & Continue stops at the message. */
    attempt: (andContinue: boolean, send: () => void) => {
      setTouched(true);
      if (andContinue && short) return;
      send();
    },
  };
}
