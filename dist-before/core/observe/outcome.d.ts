import type { Outcome } from './observer.js';
export declare function outcomeOf(error: unknown): Outcome;
