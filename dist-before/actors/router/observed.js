/** The name a routed request carries: a tool or prompt name, or a resource URI. */
export function requestName(params) {
    const name = params.name ?? params.uri;
    return typeof name === 'string' ? name : undefined;
}
//# sourceMappingURL=observed.js.map