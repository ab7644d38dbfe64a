/** The public surface of core/auth/ (STYLE.md, principle 6): what is not listed here is free to change. */
export { type AccessKind, type AccessPolicy, compileAccess, globMatcher, type Matcher, principalMatcher, } from './accessPolicy.js';
export { PlacesPerPrincipal } from './placesPerPrincipal.js';
export { type Principal, sameRights } from './principal.js';
