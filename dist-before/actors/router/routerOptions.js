export {};
//# sourceMappingURL=routerOptions.js.map