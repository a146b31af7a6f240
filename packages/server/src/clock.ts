/** Milliseconds since the epoch. Injected so tests can move time (token expiry, rate-limit windows). */
export type Clock = () => number;
