/** The public surface of core/auth/ (STYLE.md, principle 6): what is not listed here is free to change. */
export { compileAccess, globMatcher, principalMatcher, } from './accessPolicy.js';
export { PlacesPerPrincipal } from './placesPerPrincipal.js';
export { sameRights } from './principal.js';
//# sourceMappingURL=index.js.map