export {
  migrateRedis,
  type RedisClient,
  type RedisStoreOptions,
  redisSchemaVersion,
  redisStore,
} from './store.js';
