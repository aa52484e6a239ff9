// The Lua scripts the Redis store runs. Redis executes a script atomically, so each check and
// write below is one step no other client can interleave with.
//
// Keys (one hash tag, so a cluster keeps them in one slot and a script may touch them all):
//   {p}:s:<id>      hash  v (version) r (record JSON) a (approval id) d (deadline)
//                         lo (lease owner) lu (lease until)
//   {p}:parked      zset  session ids with a pending approval (score 0, ordered by bytes)
//   {p}:deadlines   zset  session id → approval deadline
//   {p}:leases      zset  session id → lease expiry
//   {p}:approvals   hash  pending approval id → session id

/** KEYS: session, parked, deadlines, leases, approvals. ARGV: id, expected, record, a, d, lo, lu. */
export const saveScript = `
local cur = tonumber(redis.call('HGET', KEYS[1], 'v') or '0')
if cur ~= tonumber(ARGV[2]) then return {0, cur} end
local old = redis.call('HGET', KEYS[1], 'a')
if old and old ~= '' and old ~= ARGV[4] then redis.call('HDEL', KEYS[5], old) end
local v = cur + 1
redis.call('HSET', KEYS[1], 'v', v, 'r', ARGV[3], 'a', ARGV[4], 'd', ARGV[5], 'lo', ARGV[6], 'lu', ARGV[7])
if ARGV[4] ~= '' then
  redis.call('ZADD', KEYS[2], 0, ARGV[1])
  redis.call('HSET', KEYS[5], ARGV[4], ARGV[1])
else
  redis.call('ZREM', KEYS[2], ARGV[1])
end
if ARGV[5] ~= '' then redis.call('ZADD', KEYS[3], ARGV[5], ARGV[1]) else redis.call('ZREM', KEYS[3], ARGV[1]) end
if ARGV[7] ~= '' then redis.call('ZADD', KEYS[4], ARGV[7], ARGV[1]) else redis.call('ZREM', KEYS[4], ARGV[1]) end
return {1, v}
`;

/** KEYS: session, parked, deadlines, leases, approvals. ARGV: id, expected. */
export const deleteScript = `
local cur = tonumber(redis.call('HGET', KEYS[1], 'v') or '0')
if cur == 0 or cur ~= tonumber(ARGV[2]) then return {0, cur} end
local old = redis.call('HGET', KEYS[1], 'a')
if old and old ~= '' then redis.call('HDEL', KEYS[5], old) end
redis.call('DEL', KEYS[1])
redis.call('ZREM', KEYS[2], ARGV[1])
redis.call('ZREM', KEYS[3], ARGV[1])
redis.call('ZREM', KEYS[4], ARGV[1])
return {1, 0}
`;

/** KEYS: session. */
export const loadScript = `
return redis.call('HMGET', KEYS[1], 'v', 'r')
`;

// A listing returns, per session, its id then v, a, d, lo, lu (flattened).
const summaries = `
local out = {}
for _, id in ipairs(ids) do
  local f = redis.call('HMGET', ARGV[1] .. id, 'v', 'a', 'd', 'lo', 'lu')
  if f[1] then
    table.insert(out, id)
    for i = 1, 5 do table.insert(out, f[i] or '') end
  end
end
return out
`;

/**
 * KEYS: a zset. ARGV: session key prefix, max score, limit, cursor score ('' for none), cursor
 * id. Ties on the cursor's score are compared byte by byte (Lua's own string order follows the
 * server's locale).
 */
export const dueScript = `
local function after(a, b)
  local n = math.min(#a, #b)
  for i = 1, n do
    local x, y = string.byte(a, i), string.byte(b, i)
    if x ~= y then return x > y end
  end
  return #a > #b
end
local limit = tonumber(ARGV[3])
local ids = {}
if ARGV[4] == '' then
  ids = redis.call('ZRANGEBYSCORE', KEYS[1], '-inf', ARGV[2], 'LIMIT', 0, limit)
else
  local at = tonumber(ARGV[4])
  local offset = 0
  while #ids < limit do
    local page = redis.call('ZRANGEBYSCORE', KEYS[1], ARGV[4], ARGV[2], 'WITHSCORES', 'LIMIT', offset, limit)
    if #page == 0 then break end
    for i = 1, #page, 2 do
      if #ids < limit and (tonumber(page[i + 1]) > at or after(page[i], ARGV[5])) then
        table.insert(ids, page[i])
      end
    end
    offset = offset + #page / 2
  end
end
${summaries}`;

/** KEYS: parked. ARGV: session key prefix, lexical start, limit. */
export const parkedScript = `
local ids = redis.call('ZRANGEBYLEX', KEYS[1], ARGV[2], '+', 'LIMIT', 0, tonumber(ARGV[3]))
${summaries}`;

/** KEYS: approvals. ARGV: session key prefix, approval id. */
export const findApprovalScript = `
local id = redis.call('HGET', KEYS[1], ARGV[2])
local ids = {}
if id then ids = {id} end
${summaries}`;

/** KEYS: schema key. ARGV: the version this code writes. Returns the stored version. */
export const migrateScript = `
local cur = tonumber(redis.call('GET', KEYS[1]) or '0')
if cur < tonumber(ARGV[1]) then redis.call('SET', KEYS[1], ARGV[1]) return tonumber(ARGV[1]) end
return cur
`;
