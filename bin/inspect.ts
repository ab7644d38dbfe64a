/**
 * `mcp-mux inspect`: connects to every upstream, prints the merged catalog (upstream,
 * original name, exposed name, status) and any collisions, and exits.
 */
import type { Router } from '../index.js';

export async function inspect(router: Router): Promise<number> {
  await router.start();
  const out: string[] = [];
  out.push('UPSTREAM\tSTATE\tDETAIL');
  for (const s of router.status()) {
    out.push(
      `${s.name}\t${s.state}\t${s.error ?? `${s.tools} tools, ${s.prompts} prompts, ${s.resources} resources, ${s.resourceTemplates} templates`}`,
    );
  }
  out.push('');
  out.push('KIND\tUPSTREAM\tORIGINAL\tEXPOSED');
  for (const kind of ['tools', 'prompts', 'resources', 'resourceTemplates'] as const) {
    for (const entry of router.catalog.entries(kind)) {
      out.push(`${kind}\t${entry.upstream}\t${entry.original}\t${entry.exposed}`);
    }
  }
  const collisions = router.catalog.collisions();
  out.push('');
  out.push(collisions.length === 0 ? 'no collisions' : 'COLLISIONS');
  for (const c of collisions) {
    out.push(
      `${c.kind}\t${c.exposed}\twinner ${c.winner.upstream}/${c.winner.original}\tloser ${c.loser.upstream}/${c.loser.original} (not exposed)`,
    );
  }
  process.stdout.write(`${out.join('\n')}\n`);
  await router.close();
  return router.status().some((s) => s.state !== 'ready') ? 1 : 0;
}
