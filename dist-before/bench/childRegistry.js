const live = new Set();
export function trackChild(child) {
    live.add(child);
    const forget = () => {
        live.delete(child);
    };
    child.once('exit', forget);
    child.once('error', forget);
}
/** SIGKILLs every child still running (used at exit, where waiting is not an option). */
export function killAllChildren() {
    for (const child of live)
        child.kill('SIGKILL');
    live.clear();
}
//# sourceMappingURL=childRegistry.js.map