export {};
//# sourceMappingURL=observer.js.map