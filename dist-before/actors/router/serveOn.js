export function serveOn(router, server) {
    const subscription = server.connections$.subscribe((transport) => {
        router.connect(transport);
    });
    return {
        async close() {
            subscription.unsubscribe();
            await server.close();
        },
    };
}
//# sourceMappingURL=serveOn.js.map