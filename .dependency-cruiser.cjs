// Boundaries the code keeps (npm test runs `depcruise`, scripts/test.mjs). Each rule says why it exists.
const TEST = '(\\.test\\.tsx?$|\\.e2e\\.test\\.ts$|/test/|/e2e/|/testing/)';

/** The rule that keeps the features under `features` (one folder each) from importing one another. */
const featuresApart = (name, features, comment) => ({
  name,
  severity: 'error',
  comment,
  from: { path: `^${features}([^/]+)/` },
  to: { path: `^${features}`, pathNot: `^${features}$1/` },
});

/** @type {import('dependency-cruiser').IConfiguration} */
module.exports = {
  forbidden: [
    {
      name: 'no-cycles',
      severity: 'error',
      comment: 'A cycle makes two files one unit that can only be read, tested and loaded together.',
      from: {},
      to: { circular: true },
    },
    featuresApart(
      'storefront-features-apart',
      'storefront/src/features/',
      'A storefront feature never imports another: shared parts live in components/ or lib/.',
    ),
    featuresApart(
      'admin-features-apart',
      'admin-desktop/src/renderer/features/',
      'A back-office feature never imports another: shared parts live in renderer/components.',
    ),
    {
      name: 'scripts-through-public-entries',
      severity: 'error',
      comment:
        'Tools reach an app through its public entry (api/src/index.ts, admin-desktop/bench), never its internals.',
      from: { path: '^scripts/' },
      to: {
        path: '^(api|storefront|admin-desktop)/src/',
        pathNot: '^api/src/index\\.ts$',
      },
    },
    {
      name: 'app-source-not-on-tests-or-bench',
      severity: 'error',
      comment: 'What ships never loads test, test-support or bench code.',
      from: { path: '^(api|storefront|admin-desktop|packages/[^/]+)/src/', pathNot: TEST },
      to: { path: [TEST, '^scripts/', '/bench/'] },
    },
    {
      name: 'db-stands-alone',
      severity: 'error',
      comment: 'The schema and migrations do not depend on the modules that use them.',
      from: { path: '^api/src/db/' },
      to: { path: '^api/src/', pathNot: '^api/src/db/' },
    },
    {
      name: 'no-reaching-into-other-packages',
      severity: 'error',
      comment: 'An app uses another workspace package through its entry, never its src/ or test/.',
      from: { path: '^(api|storefront|admin-desktop)/', pathNot: TEST },
      to: {
        path: '^(api|storefront|admin-desktop)/',
        pathNot: ['^$1/', '^api/src/index\\.ts$', '^api/test/context\\.ts$'],
      },
    },
  ],
  options: {
    doNotFollow: { path: 'node_modules' },
    exclude: { path: '(^|/)(node_modules|dist[^/]*|out|release|\\.data|test-results)/' },
    tsPreCompilationDeps: true,
    tsConfig: { fileName: 'tsconfig.base.json' },
    enhancedResolveOptions: {
      exportsFields: ['exports'],
      conditionNames: ['import', 'require', 'node', 'default', 'types'],
      extensions: ['.ts', '.tsx', '.mjs', '.js', '.cjs', '.json'],
    },
    combinedDependencies: false,
  },
};
