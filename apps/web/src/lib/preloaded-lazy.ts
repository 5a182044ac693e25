import { lazy, type ComponentType } from 'react';

/**
 * A lazy component whose module a loader can fetch ahead (`preload`), and which then renders without suspending:
 * React.lazy accepts any thenable, and the one given once the module is in calls back at once, so React resolves it
 * in the same render. A plain lazy component suspends on its first render even when its module is loaded, and its
 * fallback is committed and then replaced (a layout shift when what follows it moves down).
 */
export function preloadedLazy<Props extends object>(
  load: () => Promise<ComponentType<Props>>,
): { Component: ComponentType<Props>; preload: () => Promise<unknown> } {
  let loaded: ComponentType<Props> | undefined;
  const preload = () =>
    load().then((component) => {
      loaded = component;
      return component;
    });
  const Component = lazy(() => {
    const component = loaded;
    if (!component) return preload().then((ready) => ({ default: ready }));
    const inHand: PromiseLike<{ default: ComponentType<Props> }> = {
      then: (resolve) => Promise.resolve(resolve?.({ default: component })) as never,
    };
    return inHand as Promise<{ default: ComponentType<Props> }>;
  });
  return { Component, preload };
}
