import { type Route } from './shared.js';
export declare const toolsListRoute: Route;
export declare const toolsCallRoute: Route;
