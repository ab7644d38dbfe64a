/**
 * A table keyed by method name, without a prototype: looking up
 * `constructor`, `toString` or `__proto__` in a plain object literal finds `Object.prototype`'s
 * members, and calling one answered -32603 instead of -32601. Every table looked up with a
 * name from the wire is built with this.
 */
export function methodTable(entries) {
    const table = Object.create(null);
    for (const [name, value] of Object.entries(entries))
        table[name] = value;
    return Object.freeze(table);
}
//# sourceMappingURL=methodTable.js.map