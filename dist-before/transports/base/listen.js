export async function listen(server, port, host) {
    await new Promise((resolve, reject) => {
        server.once('error', reject);
        server.listen(port, host, () => {
            server.off('error', reject);
            resolve();
        });
    });
    return server.address();
}
//# sourceMappingURL=listen.js.map