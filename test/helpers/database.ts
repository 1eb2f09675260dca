export * from '../../scripts/test-databases.js';
