import { type Route } from './shared.js';
export declare const completeRoute: Route;
