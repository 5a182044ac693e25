import { useDeferredValue } from 'react';

/**
 * False while a component's first render is committed, then true in a render React makes after that commit, at low
 * priority and interruptible. What a page draws only once this is true (what is below its first screen) is committed
 * on its own, instead of in the one long task that draws the first screen (decisions 0225 and 0234).
 */
export function useDrawnAfterFirstCommit(): boolean {
  return useDeferredValue(true, false);
}
