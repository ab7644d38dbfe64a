import { type Route } from './shared.js';
export declare const byNameRoute: (kind: "tools" | "prompts", noun: string) => Route;
export declare const byUriRoute: Route;
