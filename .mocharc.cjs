// Mocha's configuration. The files are npm test's (scripts/test-files.mjs: slowest first) or those
// named on the command line.
module.exports = {
  'node-option': ['import=tsx'],
  require: ['test/helpers/global-fixtures.ts', 'test/helpers/timings.ts'],
  extension: ['ts'],
  'forbid-only': true,
  'forbid-pending': true,
  timeout: 30000,
  exit: true,
};
