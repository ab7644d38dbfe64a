import { type Route } from './shared.js';
export declare const subscribeRoute: Route;
export declare const unsubscribeRoute: Route;
