import { pgPool, redisClient, services } from './env.js';

// Both servers must answer before any test runs: an unreachable server fails the whole run
// with where it was looked for, never a skip.
export default async function setup(): Promise<void> {
  const pool = pgPool(1);
  try {
    await pool.query('SELECT 1');
  } catch (error) {
    throw new Error(
      `PostgreSQL is not reachable at ${services.postgres.host}:${services.postgres.port} (database ${services.postgres.database}, user ${services.postgres.user}): ${(error as Error).message}. Start it or set PGHOST/PGPORT/PGUSER/PGDATABASE.`,
    );
  } finally {
    await pool.end();
  }
  const redis = redisClient();
  try {
    await redis.ping();
  } catch (error) {
    throw new Error(
      `Redis is not reachable at ${services.redisUrl}: ${(error as Error).message}. Start it or set REDIS_URL.`,
    );
  } finally {
    redis.disconnect();
  }
}
