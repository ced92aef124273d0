/**
 * The layering of the project, checked by dependency-cruiser (test/layering.test.ts runs it in
 * `npm test`; by hand: `npx depcruise contract engine electron renderer/src`).
 */
const HTTP = '^electron/service/(api|dashboard)/';

module.exports = {
  forbidden: [
    {
      name: 'engine-is-pure',
      comment: 'The engine is bytes in, analysis out: it imports nothing of the service, the app, the renderer or the wire contract.',
      severity: 'error',
      from: { path: '^engine/' },
      to: { path: '^(electron|renderer|contract)/' },
    },
    {
      name: 'one-engine-entry',
      comment: 'Outside engine/, the engine is reached through engine/index.ts only (tests may reach inside).',
      severity: 'error',
      from: { path: '^(electron|bench|renderer|bin|scripts)/' },
      to: { path: '^engine/', pathNot: '^engine/index\\.ts$' },
    },
    {
      name: 'kit-stands-alone',
      comment: 'engine/kit/ holds the shared helpers (stats, boxes, numbers, hex, changed words, heat-map PNG): it imports nothing else of the engine, so every layer may use it.',
      severity: 'error',
      from: { path: '^engine/kit/' },
      to: { path: '^engine/', pathNot: '^engine/kit/' },
    },
    {
      name: 'readers-read-only',
      comment: 'engine/read/ parses bytes into facts: it imports the kit, the shared engine types, the flag catalogue (pure data), the lazy library loader and the limits, never the fact store, the detectors, scoring, the library or the entry points.',
      severity: 'error',
      from: { path: '^engine/read/' },
      to: { path: '^engine/', pathNot: '^engine/(read/|kit/|types\\.ts$|catalog/flags\\.ts$|lazy-libraries\\.ts$|limits\\.ts$)' },
    },
    {
      name: 'facts-below-detectors',
      comment: 'engine/facts/ is the memoised fact store over the readers: detectors, scoring and the library ask it, it never asks them.',
      severity: 'error',
      from: { path: '^engine/facts/' },
      to: { path: '^engine/(detectors|scoring|library)/' },
    },
    {
      name: 'detectors-below-analysis',
      comment: 'A detector judges facts; analyze.ts runs the detectors and index.ts is the entry for the rest of the project: neither is imported from below.',
      severity: 'error',
      from: { path: '^engine/detectors/' },
      to: { path: '^engine/(analyze|index)\\.ts$' },
    },
    {
      name: 'service-without-electron',
      comment: 'The service runs under plain Node (veracity serve): it never imports the electron package.',
      severity: 'error',
      from: { path: '^(electron/service|contract)/' },
      to: { path: '(^|/)node_modules/electron/' },
    },
    {
      name: 'no-upward-calls-into-http',
      comment: 'Only the HTTP layer (api/, dashboard/) knows about HTTP: store, queue, the checks use cases and the rest never import it.',
      severity: 'error',
      from: { path: '^electron/service/', pathNot: HTTP + '|^electron/service/(server|index)\\.ts$' },
      to: { path: HTTP },
    },
    {
      name: 'store-below-use-cases',
      comment: 'The store and the queue sit below the checks use cases (checks/): they never call up into them.',
      severity: 'error',
      from: { path: '^electron/service/(store|queue|domain|db)/' },
      to: { path: '^electron/service/checks/' },
    },
    {
      name: 'renderer-speaks-the-contract',
      comment: 'The renderer talks to the service over HTTP only: it imports the contract (types, value sets), never service or engine code.',
      severity: 'error',
      from: { path: '^renderer/' },
      to: { path: '^(electron|engine)/' },
    },
    {
      name: 'no-circular',
      comment: 'No import cycles (type-only imports included).',
      severity: 'error',
      from: { path: '^(contract|engine|electron)/' },
      to: { circular: true },
    },
  ],
  options: {
    doNotFollow: { path: 'node_modules' },
    exclude: { path: '(^|/)(dist|test)/' },
    tsPreCompilationDeps: true,
    tsConfig: { fileName: 'tsconfig.json' },
    enhancedResolveOptions: { exportsFields: ['exports'], conditionNames: ['import', 'require', 'node', 'default', 'types'], extensions: ['.ts', '.tsx', '.js', '.mjs', '.cjs'] },
    moduleSystems: ['es6', 'cjs'],
  },
};
