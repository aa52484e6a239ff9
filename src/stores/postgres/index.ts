export { migratePostgres } from './migrate.js';
export type { PostgresStoreOptions, SqlClient } from './sql.js';
export { postgresStore } from './store.js';
