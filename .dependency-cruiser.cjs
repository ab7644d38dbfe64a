/**
 * Layering rules of mcp-mux (ARCHITECTURE.md §5), run by `npm run lint`:
 * transports → core, actors → core, bin/index.ts → everything; no import cycle anywhere
 * (type-only imports count); a room is entered through its `index.ts`; runtime code never
 * imports an MCP SDK.
 */
/** Runtime files in folders matched by `from` enter other folders through their index.ts. */
const throughIndexFrom = (from) => ({
  name: 'rooms-through-their-index',
  severity: 'error',
  comment:
    'Runtime code enters another folder through its index.ts (its public surface): what a ' +
    'folder does not export is free to change. Files of one folder import each other directly.',
  from: { path: from },
  to: { path: '^(core|actors|transports)/', pathNot: ['^$1[^/]+$', '/index[.]ts$'] },
});

/** @type {import('dependency-cruiser').IConfiguration} */
module.exports = {
  forbidden: [
    {
      name: 'no-circular',
      severity: 'error',
      comment: 'Import cycles (type-only imports included) make a layer impossible to read alone.',
      from: {},
      to: { circular: true },
    },
    {
      name: 'core-is-the-bottom',
      severity: 'error',
      comment:
        'core/ is the bottom layer: it imports nothing of actors/, transports/, bin/ or index.ts.',
      from: { path: '^core/' },
      to: { path: '^(actors|transports|bin)/|^index\\.ts$' },
    },
    {
      name: 'transports-know-no-actors',
      severity: 'error',
      comment: 'transports/ move framed messages and depend on core/ only.',
      from: { path: '^transports/' },
      to: { path: '^(actors|bin)/|^index\\.ts$' },
    },
    {
      name: 'actors-know-no-transports',
      severity: 'error',
      comment: 'actors/ depend on core/ only; the transports are given to them (bin/, index.ts).',
      from: { path: '^actors/' },
      to: { path: '^(transports|bin)/|^index\\.ts$' },
    },
    // One rule per folder depth: `$1` is the importing file's folder (dependency-cruiser's
    // group matching), so a file may import its own folder's files directly.
    ...[
      '^((core|actors|transports|bin)/)[^/]+$',
      '^((core|actors|transports)/[^/]+/)[^/]+$',
      '^(transports/[^/]+/[^/]+/)[^/]+$',
    ].map(throughIndexFrom),
    {
      name: 'rooms-through-their-index',
      severity: 'error',
      comment: 'The library entry enters every folder through its index.ts.',
      from: { path: '^index[.]ts$' },
      to: { path: '^(core|actors|transports)/', pathNot: '/index[.]ts$' },
    },
    {
      name: 'runtime-never-imports-an-sdk',
      severity: 'error',
      comment: 'The router speaks MCP itself; SDKs are for tests, fixtures and bench peers.',
      from: { path: '^(core|actors|transports|bin)/|^index\\.ts$' },
      to: { path: '@modelcontextprotocol/' },
    },
    {
      name: 'nothing-imports-tests-or-bench',
      severity: 'error',
      comment: 'Runtime code never imports test/ or bench/.',
      from: { path: '^(core|actors|transports|bin)/|^index\\.ts$' },
      to: { path: '^(test|bench)/' },
    },
  ],
  options: {
    doNotFollow: { path: 'node_modules' },
    tsPreCompilationDeps: true,
    tsConfig: { fileName: 'tsconfig.json' },
    enhancedResolveOptions: {
      exportsFields: ['exports'],
      conditionNames: ['import', 'require', 'node', 'default'],
    },
    exclude: { path: '^(dist|node_modules)/' },
  },
};
