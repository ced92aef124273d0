/**
 * The layering of the project, checked by dependency-cruiser (test/layering.test.ts runs it in
 * `npm test`; by hand: `npm run lint`).
 */
const HTTP = '^electron/service/(api|dashboard|http)/';

module.exports = {
  forbidden: [
    {
      name: 'vocabulary-is-a-leaf',
      comment:
        'The value sets (flag codes, decisions, document kinds, the decision bands) are written once in vocabulary/ for the engine, the contract and the renderer alike: it imports nothing, not even a package.',
      severity: 'error',
      from: { path: '^vocabulary/' },
      to: { pathNot: '^vocabulary/' },
    },
    {
      name: 'engine-is-pure',
      comment: 'The engine is bytes in, analysis out: it imports nothing of the service, the app, the renderer or the wire contract.',
      severity: 'error',
      from: { path: '^engine/' },
      to: { path: '^(electron|renderer|contract)/' },
    },
    {
      name: 'one-engine-entry',
      comment:
        'Outside engine/, the engine is reached through engine/index.ts only (tests may reach inside). The contract takes the value sets it shares with the engine from vocabulary/, not from the engine.',
      severity: 'error',
      from: { path: '^(contract|electron|bench|renderer|bin|scripts)/' },
      to: { path: '^engine/', pathNot: '^engine/index\\.ts$' },
    },
    {
      name: 'kit-stands-alone',
      comment:
        'engine/kit/ holds the shared helpers (stats, boxes, numbers, hex, changed words, heat-map PNG): it imports nothing else of the engine, so every layer may use it.',
      severity: 'error',
      from: { path: '^engine/kit/' },
      to: { path: '^engine/', pathNot: '^engine/kit/' },
    },
    {
      name: 'readers-read-only',
      comment:
        'engine/read/ parses bytes into facts: it imports the kit, the shared engine types, the flag catalogue (pure data), the lazy library loader and the limits, never the fact store, the detectors, scoring, the library or the entry points.',
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
      comment:
        'Only the HTTP layer (api/, dashboard/ and the helpers both use, http/) knows about HTTP: store, queue, the use cases and the rest never import it.',
      severity: 'error',
      from: { path: '^electron/service/', pathNot: HTTP + '|^electron/service/(server|index)\\.ts$' },
      to: { path: HTTP },
    },
    {
      name: 'http-calls-use-cases',
      comment: 'The HTTP layer parses, calls a use case (checks/, usecases/) and answers: it never reaches the store, the queue or the database itself.',
      severity: 'error',
      from: { path: HTTP },
      to: { path: '^electron/service/(store|queue|db)/' },
    },
    {
      name: 'dashboard-beside-api',
      comment: 'The dashboard is a sibling the app (api/app.ts) mounts: what they share lives below both, in http/.',
      severity: 'error',
      from: { path: '^electron/service/(dashboard|http)/' },
      to: { path: '^electron/service/api/' },
    },
    {
      name: 'store-below-use-cases',
      comment: 'The store and the queue sit below the use cases (checks/, usecases/): they never call up into them.',
      severity: 'error',
      from: { path: '^electron/service/(store|queue|domain|db)/' },
      to: { path: '^electron/service/(checks|usecases)/' },
    },
    {
      name: 'store-keeps-records',
      comment: 'The store keeps the analysis and the record; presenting a check to the wire (contract/) happens on read, above it.',
      severity: 'error',
      from: { path: '^electron/service/store/' },
      to: { path: '^contract/|^electron/service/domain/present-check\\.ts$' },
    },
    {
      name: 'renderer-speaks-the-contract',
      comment:
        'The renderer talks to the service over HTTP only: it imports the contract (types, value sets) and vocabulary/ (the decision bands), never service or engine code.',
      severity: 'error',
      from: { path: '^renderer/' },
      to: { path: '^(electron|engine)/' },
    },
    {
      name: 'no-circular',
      comment: 'No import cycles (type-only imports included).',
      severity: 'error',
      from: { path: '^(vocabulary|contract|engine|electron)/' },
      to: { circular: true },
    },
  ],
  options: {
    doNotFollow: { path: 'node_modules' },
    exclude: { path: '(^|/)(dist|test)/' },
    tsPreCompilationDeps: true,
    tsConfig: { fileName: 'tsconfig.json' },
    enhancedResolveOptions: {
      exportsFields: ['exports'],
      conditionNames: ['import', 'require', 'node', 'default', 'types'],
      extensions: ['.ts', '.tsx', '.js', '.mjs', '.cjs'],
    },
    moduleSystems: ['es6', 'cjs'],
  },
};
