/**
 * The Lua scripts of `RedisClusterStore`: each is one atomic step on the Redis server. Time in
 * places and buckets is the server's (`TIME`), so instances with skewed clocks agree.
 */

/** Milliseconds from the server clock. */
const NOW = `local t = redis.call('TIME'); local now = tonumber(t[1]) * 1000 + math.floor(tonumber(t[2]) / 1000)`;

/** KEYS[1]; ARGV: hasExpected ('1'/'0'), expected, value, ttlMs ('' for none). 1 if set. */
export const COMPARE_AND_SET = `
local current = redis.call('GET', KEYS[1])
if ARGV[1] == '1' then
  if current ~= ARGV[2] then return 0 end
elseif current then
  return 0
end
if ARGV[4] ~= '' then redis.call('SET', KEYS[1], ARGV[3], 'PX', ARGV[4])
else redis.call('SET', KEYS[1], ARGV[3]) end
return 1`;

/** KEYS[1] lock; ARGV[1] token. Deletes it only when this holder's token is still there. */
export const RELEASE_LOCK = `
if redis.call('GET', KEYS[1]) == ARGV[1] then return redis.call('DEL', KEYS[1]) end
return 0`;

/**
 * KEYS[1] a sorted set of holders scored by expiry; ARGV: holder, max, ttlMs. 1 if the holder
 * has (or took) a place.
 */
export const ACQUIRE_PLACE = `
${NOW}
redis.call('ZREMRANGEBYSCORE', KEYS[1], '-inf', now)
local held = redis.call('ZSCORE', KEYS[1], ARGV[1])
if not held and redis.call('ZCARD', KEYS[1]) >= tonumber(ARGV[2]) then return 0 end
redis.call('ZADD', KEYS[1], now + tonumber(ARGV[3]), ARGV[1])
redis.call('PEXPIRE', KEYS[1], tonumber(ARGV[3]))
return 1`;

/** KEYS[1]; ARGV: holder, ttlMs. Refreshes a holder that still has its place. */
export const REFRESH_PLACE = `
${NOW}
redis.call('ZREMRANGEBYSCORE', KEYS[1], '-inf', now)
if redis.call('ZSCORE', KEYS[1], ARGV[1]) then
  redis.call('ZADD', KEYS[1], 'XX', now + tonumber(ARGV[2]), ARGV[1])
  if redis.call('PTTL', KEYS[1]) < tonumber(ARGV[2]) then redis.call('PEXPIRE', KEYS[1], tonumber(ARGV[2])) end
end
return 1`;

/**
 * GCRA on KEYS[1] (the theoretical arrival time); ARGV: intervalMs, burst. Returns
 * {allowed (1/0), retryAfterMs}.
 */
export const TAKE_TOKEN = `
${NOW}
local interval = tonumber(ARGV[1])
local burst = math.max(1, tonumber(ARGV[2]))
local tat = tonumber(redis.call('GET', KEYS[1]) or now)
if tat < now then tat = now end
local allowAt = tat - interval * burst + interval
if allowAt > now then return {0, math.ceil(allowAt - now)} end
local nextTat = tat + interval
redis.call('SET', KEYS[1], nextTat, 'PX', math.max(1, nextTat - now))
return {1, 0}`;

/**
 * The registry: KEYS[1] a sorted set of ids scored by expiry, KEYS[2] a hash of records;
 * ARGV: id, record JSON, ttlMs.
 */
export const HEARTBEAT = `
${NOW}
redis.call('ZADD', KEYS[1], now + tonumber(ARGV[3]), ARGV[1])
redis.call('HSET', KEYS[2], ARGV[1], ARGV[2])
return 1`;

/** KEYS as HEARTBEAT. Drops the expired, returns the live records. */
export const INSTANCES = `
${NOW}
local dead = redis.call('ZRANGEBYSCORE', KEYS[1], '-inf', now)
if #dead > 0 then
  redis.call('ZREMRANGEBYSCORE', KEYS[1], '-inf', now)
  redis.call('HDEL', KEYS[2], unpack(dead))
end
local live = redis.call('ZRANGE', KEYS[1], 0, -1)
if #live == 0 then return {} end
return redis.call('HMGET', KEYS[2], unpack(live))`;
