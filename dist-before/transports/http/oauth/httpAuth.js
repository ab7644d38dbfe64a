/** Retries of one request after a challenge; a server that keeps refusing is not looped on. */
export const MAX_AUTH_RETRIES = 2;
//# sourceMappingURL=httpAuth.js.map