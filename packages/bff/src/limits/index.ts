/**
 * Rate limits of the public query route: per client IP and per visitor, in memory or
 * shared by replicas through Redis.
 */
export {
  clientKeyOf,
  createRateLimits,
  type Limiter,
  type RateLimits,
  setRateLimitClientIp,
  setRateLimitVisitor,
} from './rate-limits.js';
