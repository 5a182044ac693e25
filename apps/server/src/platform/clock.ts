/** Services read the time through this, so tests can move it. */
export type Clock = () => Date;

export const systemClock: Clock = () => new Date();
