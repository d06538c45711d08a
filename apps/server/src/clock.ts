/** Epoch milliseconds. Injected so tests can move time (expiry, daily coins). */
export type Clock = () => number;
export const systemClock: Clock = () => Date.now();
