export {};
//# sourceMappingURL=routerState.js.map