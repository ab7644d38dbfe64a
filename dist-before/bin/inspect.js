/**
 * `mcp-mux inspect`: connects to every upstream, prints the merged catalog (upstream,
 * original name, exposed name, status) and any collisions, and exits: 0 when every enabled
 * upstream is ready, 1 otherwise. The states are read before the router closes (closing makes
 * every upstream `closed`).
 */
import { Profiles } from '../actors/router/index.js';
/** `profile` (`--profile`): only the upstreams and items that profile shows (no access rules apply). */
export async function inspect(router, profile) {
    await router.start();
    const profiles = new Profiles(() => router.config.profiles);
    const inProfile = (upstream, kind, exposed) => profile === undefined || profiles.allows(profile, upstream, kind, exposed);
    const statuses = router
        .status()
        .filter((s) => profile === undefined || profiles.mayReceive(profile, s.name));
    const out = [];
    // HEALTH is last so that readers of the first three columns keep working.
    out.push('UPSTREAM\tSTATE\tDETAIL\tHEALTH');
    for (const s of statuses) {
        const restart = s.restartInMs === undefined ? '' : ` (restart ${s.restarts} in ${s.restartInMs}ms)`;
        out.push(`${s.name}\t${s.state}\t${s.error ?? `${s.tools} tools, ${s.prompts} prompts, ${s.resources} resources, ${s.resourceTemplates} templates`}\t${s.health}${restart}`);
    }
    out.push('');
    out.push('KIND\tUPSTREAM\tORIGINAL\tEXPOSED');
    for (const kind of ['tools', 'prompts', 'resources', 'resourceTemplates']) {
        for (const entry of router.catalog.entries(kind)) {
            if (!inProfile(entry.upstream, kind, entry.exposed))
                continue;
            out.push(`${kind}\t${entry.upstream}\t${entry.original}\t${entry.exposed}`);
        }
    }
    const collisions = router.catalog.collisions();
    out.push('');
    out.push(collisions.length === 0 ? 'no collisions' : 'COLLISIONS');
    for (const c of collisions) {
        out.push(`${c.kind}\t${c.exposed}\twinner ${c.winner.upstream}/${c.winner.original}\tloser ${c.loser.upstream}/${c.loser.original} (not exposed)`);
    }
    // Wait for the write to be handed over: the CLI exits right after (a pipe may be async).
    await new Promise((resolve) => process.stdout.write(`${out.join('\n')}\n`, () => resolve()));
    await router.close();
    return statuses.some((s) => s.state !== 'ready') ? 1 : 0;
}
//# sourceMappingURL=inspect.js.map